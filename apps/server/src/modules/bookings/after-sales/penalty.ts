import {
  type AirItineraryPricingInfo,
  amountToMinor,
  minorToAmount,
  type PassengerType,
} from '@skydesk/contract';
import { utcMinute } from '../booking/presenter.js';

/**
 * What giving tickets back returns, by the rules of docs/api.md#bookings (docs/architecture.md §5). One function
 * for the quote (`POST /api/getPenalty`), the refund request and its settlement, so the amount an
 * agent is shown is the amount credited.
 *
 * - Within the void window (`void_until`: 24 h after issue, never past the first departure) a
 *   ticketed booking is voided through cancel: everything comes back.
 * - After it and before the first departure, a refund: a non-refundable fare returns its taxes
 *   only (the penalty is the passenger's base fare); a refundable one returns the fare less the
 *   cancel fee.
 * - After the first departure nothing comes back.
 *
 * The quoted cancel fee (`Penalties.Cancel`) is per adult ticket. Our rule for the others: a child
 * pays the same fee, an infant (no seat, a tenth of the fare) none, and no passenger ever pays more
 * than their own base fare, so taxes always come back.
 */

export type AfterSalesPhase = 'void' | 'refund' | 'departed';

export function afterSalesPhase(
  booking: { status: string; void_until: Date | null; first_departure_at: Date },
  now: Date,
): AfterSalesPhase {
  const time = now.getTime();
  if (time >= booking.first_departure_at.getTime()) return 'departed';
  if (booking.status === 'ticketed' && booking.void_until && time < booking.void_until.getTime()) {
    return 'void';
  }
  return 'refund';
}

export type TicketFare = {
  passengerType: PassengerType;
  /** The passenger's base fare and taxes, as booked. */
  fareMinor: number;
  taxesMinor: number;
  /** What the ticket cost (fare + taxes). */
  paidMinor: number;
};

export type TicketRefund = { paidMinor: number; penaltyMinor: number; refundMinor: number };

/** The cancel fee of one ticket of a refundable fare, before the base-fare cap. */
function cancelFeeMinor(pricing: AirItineraryPricingInfo, type: PassengerType): number {
  return type === 'infant' ? 0 : amountToMinor(pricing.Penalties.Cancel.Amount);
}

export function ticketRefund(
  pricing: AirItineraryPricingInfo,
  ticket: TicketFare,
  phase: AfterSalesPhase,
): TicketRefund {
  const paid = ticket.paidMinor;
  let penalty: number;
  if (phase === 'void') penalty = 0;
  else if (phase === 'departed') penalty = paid;
  else if (!pricing.Refundable) penalty = ticket.fareMinor;
  else penalty = Math.min(cancelFeeMinor(pricing, ticket.passengerType), ticket.fareMinor);
  penalty = Math.max(0, Math.min(penalty, paid));
  return { paidMinor: paid, penaltyMinor: penalty, refundMinor: paid - penalty };
}

/**
 * A paid seat or bag of a passenger whose ticket is given back (issue 31). `paidMinor` is what it
 * cost; `departsAt` when its flight leaves; `flightChanged` whether the airline changed or cancelled
 * that flight as recorded on the booking (flightChangedByAirline, flight-change.ts); `givenUp` a seat
 * changed for another after issue (released then, its money kept).
 */
export type ServiceFare = {
  type: 'seat' | 'bag';
  paidMinor: number;
  departsAt: Date;
  flightChanged: boolean;
  givenUp: boolean;
};

export type ServiceRefund = { paidMinor: number; refundMinor: number; reason: string };

/**
 * The services' refund rules (docs/booking-and-money.md, "Seats and bags"), as airlines sell them:
 *
 * - within the void window everything paid comes back, the services with the tickets (a void
 *   cancels the EMDs as it cancels the tickets), a seat given up for another too;
 * - after it, before departure, an extra bag comes back in full while its flight has not left (the
 *   bag never flies); a seat does not, unless the airline changed or cancelled its flight (the seat
 *   the passenger paid for may not exist any more); a seat given up for another never does;
 * - after the first departure nothing comes back.
 *
 * `at` is the moment of the request, so the amounts do not move between the quote and its approval.
 */
export function serviceRefund(service: ServiceFare, phase: AfterSalesPhase, at: Date): ServiceRefund {
  const paid = service.paidMinor;
  const back = (reason: string) => ({ paidMinor: paid, refundMinor: paid, reason });
  const kept = (reason: string) => ({ paidMinor: paid, refundMinor: 0, reason });
  if (phase === 'void') return back(SERVICE_REASONS.voided);
  if (phase === 'departed') return kept(SERVICE_REASONS.departed);
  if (service.type === 'bag') {
    return at.getTime() < service.departsAt.getTime()
      ? back(SERVICE_REASONS.bagBeforeDeparture)
      : kept(SERVICE_REASONS.bagFlown);
  }
  if (service.givenUp) return kept(SERVICE_REASONS.seatGivenUp);
  return service.flightChanged ? back(SERVICE_REASONS.seatFlightChanged) : kept(SERVICE_REASONS.seatKept);
}

/** Why a service comes back or not, in the words the quote, the operator and the history show. */
export const SERVICE_REASONS = {
  voided: 'Within the void window: returned in full with the tickets',
  departed: 'No refund after departure',
  bagBeforeDeparture: 'Extra bags are refunded in full before their flight leaves',
  bagFlown: 'Its flight has left: extra bags are refunded before departure only',
  seatFlightChanged: 'The airline changed or cancelled this flight: its seat is refunded',
  seatKept: 'Seats are not refunded unless the airline changes or cancels the flight',
  seatGivenUp: 'Changed for another seat: a seat given up is not refunded',
} as const;

/** The services' rules in one sentence, beside the fare's (afterSalesRules), when there are any. */
export function serviceRules(phase: AfterSalesPhase): string {
  if (phase === 'void') {
    return 'Seats and bags: returned in full with the tickets within the void window; after it, extra bags are refunded before departure, seats only if the airline changes the flight';
  }
  return 'Seats and bags: extra bags are refunded in full before departure; seats are not refunded unless the airline changes or cancels the flight';
}

const money = (minor: number, currency: string) => `${currency} ${minorToAmount(minor).toFixed(2)}`;

/** The fare's after-sales rules in words, as they stand at `phase`. */
export function afterSalesRules(
  input: {
    pricing: AirItineraryPricingInfo;
    currency: string;
    voidUntil: Date | null;
    firstDepartureAt: Date;
    /** The agency's zone, which the rules' moments read in (docs/architecture.md §8); UTC when not given. */
    timeZone?: string;
  },
  phase: AfterSalesPhase,
): string[] {
  const { pricing, currency, voidUntil, firstDepartureAt, timeZone } = input;
  const at = (moment: Date) => utcMinute(moment, timeZone);
  const rules: string[] = [];
  const voiding = Boolean(voidUntil) && phase === 'void';
  if (voidUntil && voiding) {
    // Issue 30: say why nothing is deducted now, and what the fare's penalty is for.
    rules.push(
      `Void until ${at(voidUntil)}: voiding returns everything paid, as no penalty is taken inside the void window; void the tickets by cancelling the booking`,
    );
  } else if (voidUntil) {
    rules.push(`The void window closed at ${at(voidUntil)}`);
  }
  const after = voiding ? 'After the void window, a refund returns ' : '';
  const fee = amountToMinor(pricing.Penalties.Cancel.Amount);
  if (!pricing.Refundable) {
    rules.push(
      voiding ? `${after}taxes only (non-refundable fare)` : 'Non-refundable: only taxes are returned',
    );
  } else if (fee > 0) {
    rules.push(
      `${voiding ? after : 'Refundable: '}fare less a cancel fee of ${money(fee, currency)} per adult or child ticket (never more than its base fare; none for infants); taxes are returned`,
    );
  } else {
    rules.push(
      voiding ? `${after}fare and taxes in full` : 'Refundable: fare and taxes are returned in full',
    );
  }
  rules.push(
    phase === 'departed'
      ? `No refund after departure: the first flight left at ${at(firstDepartureAt)}`
      : `No refund after departure (${at(firstDepartureAt)})`,
  );
  return rules;
}

/**
 * A refund's figures in words (issue 30): what was paid, what the rules keep and what comes back —
 * the one wording of the history, the statement and the e-ticket, so each says the same figure.
 * Nothing kept is said as such, never as "less penalties".
 */
export function refundFiguresText(
  figures: { paidMinor: number; penaltyMinor: number; refundMinor: number },
  currency: string,
): string {
  const back = money(figures.refundMinor, currency);
  if (figures.penaltyMinor === 0) return `${back} returned in full, no penalty kept`;
  return `${back} returned of ${money(figures.paidMinor, currency)} paid, ${money(figures.penaltyMinor, currency)} kept as penalty`;
}
