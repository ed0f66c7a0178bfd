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
