import type { AirItineraryPricingInfo, Money } from '@skydesk/contract';
import { formatMoney } from '../../shared/format/money';

type FareTotalsProps = {
  pricing: AirItineraryPricingInfo;
  /** The total to show when it differs from the quote (a price change the agent accepted). */
  total?: Money;
  /**
   * Issue 31: the seats and bags inside `total` (a booking's `services_total`): a line of their own,
   * so the fare part is what is compared with the quote.
   */
  services?: Money;
  className?: string;
};

/** The trip's base fare, taxes and total; a re-priced total shows the quoted one struck through. */
export function FareTotals({ pricing, total, services, className = '' }: FareTotalsProps) {
  const quoted = pricing.ItinTotalFare.TotalFare;
  const servicesAmount = services && services.Amount > 0 ? services.Amount : 0;
  const fareAmount =
    total === undefined ? undefined : Math.round((total.Amount - servicesAmount) * 100) / 100;
  const repriced = fareAmount !== undefined && fareAmount !== quoted.Amount;
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
      {services && servicesAmount > 0 && (
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Seats and bags</dt>
          <dd className="tabular-nums">{formatMoney(services)}</dd>
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
