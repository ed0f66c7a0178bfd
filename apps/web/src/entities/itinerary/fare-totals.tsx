import type { AirItineraryPricingInfo, Money } from '@skydesk/contract';
import { formatMoney } from '../../shared/format/money';

type FareTotalsProps = {
  pricing: AirItineraryPricingInfo;
  /** The total to show when it differs from the quote (a price change the agent accepted). */
  total?: Money;
  className?: string;
};

/** The trip's base fare, taxes and total; a re-priced total shows the quoted one struck through. */
export function FareTotals({ pricing, total, className = '' }: FareTotalsProps) {
  const quoted = pricing.ItinTotalFare.TotalFare;
  const repriced = total !== undefined && total.Amount !== quoted.Amount;
  return (
    <dl className={`space-y-1 border-slate-200 border-t pt-3 ${className}`}>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">Base fare</dt>
        <dd className="tabular-nums">{formatMoney(pricing.ItinTotalFare.BaseFare)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">Taxes and fees</dt>
        <dd className="tabular-nums">{formatMoney(pricing.ItinTotalFare.Taxes.Total)}</dd>
      </div>
      {repriced && (
        <div className="flex justify-between gap-3 text-slate-500">
          <dt>Quoted total</dt>
          <dd className="tabular-nums line-through">{formatMoney(quoted)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-3 pt-1 font-semibold text-base text-slate-900">
        <dt>{repriced ? 'New total' : 'Total'}</dt>
        <dd className="tabular-nums" data-testid="fare-total">
          {formatMoney(total ?? quoted)}
        </dd>
      </div>
    </dl>
  );
}
