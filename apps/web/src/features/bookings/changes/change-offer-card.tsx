import type { ChangeOffer, TripType } from '@skydesk/contract';
import { legLabel } from '../../../entities/bookings/booking-segments';
import { formatMoney } from '../../../shared/format/money';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { usePassed } from '../components/offer-timer';
import { ChangeAmounts, netOf } from './change-amounts';
import { type ChangeProblem, ChangeProblemAlert } from './change-failure';
import { LegFlights, LegHeading } from './leg-flights';

type ChangeOfferCardProps = {
  offer: ChangeOffer;
  tripType: TripType;
  legCount: number;
  busy: boolean;
  disabled: boolean;
  problem: ChangeProblem | null;
  onConfirm: () => void;
  onSearchAgain: (() => void) | undefined;
  searching: boolean;
};

/** What the confirm button says: the money it moves, in words. */
function confirmLabel(offer: ChangeOffer): string {
  const net = netOf(offer.change_total, offer.refund_to);
  switch (net.tone) {
    case 'pay':
      return `Change and pay ${formatMoney(net.amount)}`;
    case 'back':
      return `Change and get ${formatMoney(net.amount)} back`;
    case 'lost':
      return 'Change (residual value forfeited)';
    default:
      return 'Change at no cost';
  }
}

/**
 * One change offer: its flights leg by leg, the amounts kept apart, the fare rules that decided
 * them in words, what happens to each paid seat and bag, how long it holds — and its confirmation.
 * Expired, it cannot be confirmed (the server would answer 410): the panel offers to search again.
 */
export function ChangeOfferCard(props: ChangeOfferCardProps) {
  const { offer, tripType, legCount, busy, disabled, problem, onConfirm, onSearchAgain, searching } = props;
  const expired = usePassed(offer.expires_at);
  return (
    <article
      aria-label={`Change offer ${offer.legs
        .flatMap((leg) => leg.segments.map((s) => `${s.MarketingAirline.Code} ${s.FlightNumber}`))
        .join(', ')}`}
      className="rounded-xl bg-white p-3 shadow-xs ring-1 ring-slate-200 sm:p-4"
    >
      {(offer.kind === 'schedule_change' || expired) && (
        <div className="mb-2 flex flex-wrap items-center gap-2">
          {offer.kind === 'schedule_change' && (
            <Badge tone="emerald">Free alternative to the airline's change</Badge>
          )}
          {expired && <Badge tone="rose">Expired</Badge>}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-[1fr_19rem]">
        <div className="min-w-0 space-y-3">
          {offer.legs.map((leg) => (
            <div key={leg.leg_index}>
              <LegHeading label={legLabel(tripType, leg.leg_index, legCount)} segments={leg.segments} />
              <div className="mt-1">
                <LegFlights segments={leg.segments} />
              </div>
            </div>
          ))}
          {offer.rules.length > 0 && (
            <ul aria-label="Fare rules" className="list-disc space-y-0.5 pl-5 text-slate-600 text-xs">
              {offer.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          )}
          {offer.services.length > 0 && (
            <ul aria-label="Seats and bags" className="space-y-0.5 text-xs">
              {offer.services.map((service) => (
                <li key={service.service_id} className="flex flex-wrap justify-between gap-x-3">
                  <span className="min-w-0 text-slate-700">
                    {service.description} · <span className="uppercase">{service.passenger_name}</span>
                  </span>
                  {service.outcome === 'carried' ? (
                    <span className="text-slate-600">Carried to the new flight</span>
                  ) : (
                    <span className="font-medium text-emerald-700">
                      Refunded {formatMoney(service.refund_amount)}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="min-w-0 rounded-lg bg-slate-50 p-3">
          <ChangeAmounts
            newTotal={offer.new_total}
            fareDifference={offer.fare_difference}
            penalty={offer.penalty}
            changeTotal={offer.change_total}
            refundTo={offer.refund_to}
          />
          <Button className="mt-3 w-full" busy={busy} disabled={disabled || expired} onClick={onConfirm}>
            {confirmLabel(offer)}
          </Button>
        </div>
      </div>
      {problem && (
        <ChangeProblemAlert
          className="mt-3"
          problem={problem}
          onSearchAgain={onSearchAgain}
          searching={searching}
        />
      )}
    </article>
  );
}
