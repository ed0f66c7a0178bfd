import type { BookingDetails } from '@skydesk/contract';
import { useShowsNet } from '../../../entities/pricing/client-view';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { Card } from '../../../shared/ui/card';

/**
 * Issue 33: what the booking earns the agency — its net, the client's selling price and where it
 * came from (a rule, an agent's override with the rules' price it replaced, or sold at net), the
 * service fees, and the margin. Hidden in the client view, as every net and margin is.
 */
export function EarningsCard({ booking }: { booking: BookingDetails }) {
  const showsNet = useShowsNet();
  const earnings = booking.earnings;
  if (!earnings || !showsNet) return null;
  const negative = earnings.margin.Amount < 0;
  return (
    <Card title="Earnings">
      <dl className="space-y-2 text-sm">
        <Row label="Client pays for the trip" value={formatMoney(earnings.selling)} strong />
        <Row label="Your net" value={formatMoney(earnings.net)} />
        <div className="text-slate-600 text-xs">
          {earnings.override ? (
            <p>
              Price set by {earnings.override.by.name} on {formatInstant(earnings.override.at)}; the rules
              said <span className="tabular-nums">{formatMoney(earnings.override.rules_selling)}</span>.
            </p>
          ) : earnings.rule ? (
            <p>
              Priced by the rule <span className="font-medium text-slate-800">{earnings.rule.name}</span>.
            </p>
          ) : (
            <p>No markup rule applied: sold at net.</p>
          )}
        </div>
        {earnings.fees.length > 0 && (
          <div className="border-slate-100 border-t pt-2">
            <p className="mb-1 font-medium text-slate-800">Service fees</p>
            <ul className="space-y-1">
              {earnings.fees.map((fee, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fee lines have no id and keep their order
                <li key={index} className="flex justify-between gap-3">
                  <span className="min-w-0 text-slate-700">
                    {fee.name}
                    <span className="text-slate-500 text-xs">{fee.rule ? ' · by rule' : ' · by hand'}</span>
                  </span>
                  <span className="tabular-nums">{formatMoney(fee.amount)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="border-slate-100 border-t pt-2">
          <Row
            label="Margin"
            value={formatMoney(earnings.margin)}
            strong
            tone={negative ? 'text-rose-700' : 'text-emerald-700'}
          />
        </div>
      </dl>
    </Card>
  );
}

function Row({
  label,
  value,
  strong = false,
  tone = 'text-slate-900',
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`${strong ? 'font-semibold' : ''} ${tone} tabular-nums`}>{value}</dd>
    </div>
  );
}
