import type { AirItineraryPricingInfo, Money } from '@skydesk/contract';
import { PTC_LABELS } from '@skydesk/contract';
import { FareTotals } from '../../../entities/itinerary/fare-totals';
import { formatMoney } from '../../../shared/format/money';

const times = (money: Money, quantity: number): Money => ({
  Amount: Math.round(money.Amount * 100 * quantity) / 100,
  CurrencyCode: money.CurrencyCode,
});

type FareBreakdownProps = {
  pricing: AirItineraryPricingInfo;
  /** The total to show when it differs from the quote (a price change the agent accepted). */
  total?: Money;
  /** Issue 31: the seats and bags inside `total` (a booking's `services_total`). */
  services?: Money;
};

/**
 * The fare per passenger type (docs/api.md PTC_FareBreakdown: base, taxes and total per passenger),
 * times the number of passengers of that type, and the trip's total.
 */
export function FareBreakdown({ pricing, total, services }: FareBreakdownProps) {
  return (
    <div className="text-sm">
      <ul className="divide-y divide-slate-100">
        {pricing.PTC_FareBreakdowns.PTC_FareBreakdown.map(({ PassengerTypeQuantity, PassengerFare }) => (
          <li key={PassengerTypeQuantity.Code} className="flex items-start justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {PTC_LABELS[PassengerTypeQuantity.Code]} × {PassengerTypeQuantity.Quantity}
              </p>
              <p className="text-slate-500 text-xs">
                {formatMoney(PassengerFare.BaseFare)} fare + {formatMoney(PassengerFare.Taxes)} taxes ={' '}
                {formatMoney(PassengerFare.TotalFare)} each
              </p>
            </div>
            <p className="shrink-0 font-medium text-slate-900 tabular-nums">
              {formatMoney(times(PassengerFare.TotalFare, PassengerTypeQuantity.Quantity))}
            </p>
          </li>
        ))}
      </ul>
      <FareTotals
        pricing={pricing}
        className="mt-2"
        {...(total ? { total } : {})}
        {...(services ? { services } : {})}
      />
    </div>
  );
}
