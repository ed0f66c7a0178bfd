import type { Money } from '@skydesk/contract';
import { Link } from 'react-router';
import type { ChosenService, TravellerDraft } from '../../../entities/booking-draft/booking-draft-slice';
import { formatMoney } from '../../../shared/format/money';
import { paths } from '../../../shared/routing/paths';
import { byTicketOrder, passengerName, serviceWhat } from '../booking-services';

type ChosenServiceLinesProps = {
  services: readonly ChosenService[];
  travellers: readonly TravellerDraft[];
  labels: readonly string[];
  /** What they add to the fare. */
  total: Money;
  /** The fare and the services together. */
  grandTotal: Money;
};

/**
 * The seats and bags chosen for the booking, a line each ("Seat 23C · BA117 · Layla Hassan:
 * US$25.00"), what they add and the new total (issue 31).
 */
export function ChosenServiceLines({
  services,
  travellers,
  labels,
  total,
  grandTotal,
}: ChosenServiceLinesProps) {
  if (services.length === 0) {
    return (
      <div className="space-y-2 text-slate-600 text-sm">
        <p>
          No seats or extra bags chosen: the airline assigns seats at check-in, and the fare's own allowance
          applies.
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to={paths.dashboard.chooseSeats} className="font-medium text-indigo-700 hover:underline">
            Choose seats
          </Link>
          <Link to={paths.dashboard.extraBags} className="font-medium text-indigo-700 hover:underline">
            Add bags
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="text-sm">
      <ul className="divide-y divide-slate-100">
        {byTicketOrder(services).map((service) => (
          <li
            key={`${service.type}-${service.passenger_index}-${service.segment_index}`}
            className="flex items-start justify-between gap-3 py-2"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {serviceWhat(service)} · {service.flight}
              </p>
              <p className="text-slate-500 text-xs">
                {passengerName(
                  travellers[service.passenger_index],
                  labels[service.passenger_index] ?? `Passenger ${service.passenger_index + 1}`,
                )}
              </p>
            </div>
            <p className="shrink-0 font-medium text-slate-900 tabular-nums">
              {service.amount ? formatMoney(service.amount) : 'Included'}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-slate-200 border-t pt-2">
        <div className="flex justify-between gap-3 text-slate-600">
          <dt>Seats and bags</dt>
          <dd className="tabular-nums" data-testid="services-total">
            {formatMoney(total)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 font-semibold text-base text-slate-900">
          <dt>Total with seats and bags</dt>
          <dd className="tabular-nums" data-testid="grand-total">
            {formatMoney(grandTotal)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
