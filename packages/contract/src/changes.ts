import { z } from 'zod';
import { CalendarDate } from './calendar-date.js';
import { Money } from './envelope.js';
import { FlightSegment } from './flights.js';
import { ServiceType } from './seat-maps.js';

/**
 * Changes after ticketing (issue 32, docs/api.md's third wave): a voluntary change (exchange) priced
 * as change offers and confirmed in one transaction, and an airline's schedule change the agency
 * accepts, answers with a free alternative (a change offer whose amounts are zero) or cancels with a
 * full refund. The booking answer carries the pending `schedule_change`; tickets replaced by an
 * exchange are `exchanged` and name the ticket that replaced them.
 */

const Iata = z.string().regex(/^[A-Z]{3}$/, 'An airport code has 3 letters');

// ── voluntary change (exchange) ─────────────────────────────────────────────────────────────

/** One leg of the booking to replace: its 0-based index and the new date (origin-local). */
export const ChangeLegRequest = z.strictObject({
  leg_index: z.number().int().min(0).max(5),
  departure_date: CalendarDate(),
  /** Another airport in the same city, where the brand allows it; the leg's own when absent. */
  origin: Iata.optional(),
  destination: Iata.optional(),
});
export type ChangeLegRequest = z.infer<typeof ChangeLegRequest>;

export const ChangeOffersBody = z.strictObject({
  legs: z
    .array(ChangeLegRequest)
    .min(1)
    .max(6)
    .refine((legs) => new Set(legs.map((leg) => leg.leg_index)).size === legs.length, {
      message: 'Each leg can be changed once',
    }),
});
export type ChangeOffersBody = z.input<typeof ChangeOffersBody>;

/** Where money the change gives back goes: the credits (a refundable fare) or nowhere (forfeited). */
export const REFUND_DESTINATIONS = ['credits', 'forfeited'] as const;
export const RefundDestination = z.enum(REFUND_DESTINATIONS);
export type RefundDestination = z.infer<typeof RefundDestination>;

/** A leg of the trip as a change offer would fly it. */
export const ChangeOfferLeg = z.object({
  leg_index: z.number().int().min(0),
  segments: z.array(FlightSegment),
});
export type ChangeOfferLeg = z.infer<typeof ChangeOfferLeg>;

/** What happens to a paid seat or bag of the legs changed: carried to the new flight, or refunded. */
export const ChangeServiceLine = z.object({
  service_id: z.uuid(),
  passenger_name: z.string(),
  type: ServiceType,
  /** 'Seat 23C BA117', 'Extra bag 23 kg BA117'. */
  description: z.string(),
  outcome: z.enum(['carried', 'refunded']),
  /** What comes back to the credits for it (0 when carried). */
  refund_amount: Money,
});
export type ChangeServiceLine = z.infer<typeof ChangeServiceLine>;

export const CHANGE_OFFER_KINDS = ['voluntary', 'schedule_change'] as const;

/**
 * One way to change the booking, valid until `expires_at` (20 minutes). The three amounts are never
 * mixed into one: `fare_difference` (new fare less the fare paid for what is replaced, may be
 * negative), `penalty` (the brand's change fee, 0 for Flex and for an airline's schedule change)
 * and `change_total` = their sum, what is debited when positive; when negative, its absolute value
 * is the residual that goes where `refund_to` says.
 */
export const ChangeOffer = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  kind: z.enum(CHANGE_OFFER_KINDS),
  legs: z.array(ChangeOfferLeg),
  /** What the whole trip would cost bought new today, for the booking's passengers. */
  new_total: Money,
  fare_difference: Money,
  penalty: Money,
  change_total: Money,
  /** Null when nothing comes back (`change_total` ≥ 0). */
  refund_to: RefundDestination.nullable(),
  /** The fare rules that decided the amounts, in words ("Change fee 50.00 USD per passenger"). */
  rules: z.array(z.string()),
  services: z.array(ChangeServiceLine),
  expires_at: z.string(),
});
export type ChangeOffer = z.infer<typeof ChangeOffer>;

export const ChangeBody = z.strictObject({ change_offer_id: z.uuid() });
export type ChangeBody = z.infer<typeof ChangeBody>;

/** A change the booking went through, for its history's chain (original → exchanged → new). */
export const BookingChange = z.object({
  id: z.uuid(),
  kind: z.enum(['exchange', 'schedule_alternative', 'schedule_accepted']),
  created_at: z.string(),
  /** The legs before and after, as flown. */
  before: z.array(ChangeOfferLeg),
  after: z.array(ChangeOfferLeg),
  fare_difference: Money,
  penalty: Money,
  change_total: Money,
  refund_to: RefundDestination.nullable(),
  /** Each replaced ticket and the ticket that replaced it. */
  tickets: z.array(z.object({ from: z.string(), to: z.string() })),
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type BookingChange = z.infer<typeof BookingChange>;

// ── involuntary change (the airline's schedule change) ─────────────────────────────────────

/** A flight of the booking as the schedule had it, or has it now. */
export const ScheduledFlight = z.object({
  segment_index: z.number().int().min(0),
  /** 'BA117'. */
  flight: z.string(),
  origin: Iata,
  destination: Iata,
  /** Airport-local 'YYYY-MM-DDTHH:mm:ss', as the itinerary prints them. */
  departs_at: z.string(),
  arrives_at: z.string(),
});
export type ScheduledFlight = z.infer<typeof ScheduledFlight>;

export const SCHEDULE_CHANGE_KINDS = ['retimed', 'cancelled'] as const;
export const ScheduleChangeKind = z.enum(SCHEDULE_CHANGE_KINDS);
export type ScheduleChangeKind = z.infer<typeof ScheduleChangeKind>;

/**
 * `pending` until the agency answers or the deadline passes; then `accepted` (by the agent),
 * `auto_accepted` (at the deadline), `changed` (an alternative was taken) or `cancelled` (refunded).
 */
export const SCHEDULE_CHANGE_STATUSES = [
  'pending',
  'accepted',
  'auto_accepted',
  'changed',
  'cancelled',
] as const;
export const ScheduleChangeStatus = z.enum(SCHEDULE_CHANGE_STATUSES);
export type ScheduleChangeStatus = z.infer<typeof ScheduleChangeStatus>;

export const SCHEDULE_CHANGE_ACTIONS = ['accept', 'alternative', 'cancel'] as const;

export const ScheduleChange = z.object({
  id: z.uuid(),
  kind: ScheduleChangeKind,
  /** The booking's flights the change touches, before; `after` is empty for a cancelled flight. */
  before: z.array(ScheduledFlight),
  after: z.array(ScheduledFlight),
  /** Before and after in words, as the notice and the banner say them. */
  summary: z.string(),
  deadline: z.string(),
  status: ScheduleChangeStatus,
  /**
   * The new times break a connection (the next flight leaves before the moved one lands, or within
   * the minimum connection time): `accept` is then not offered.
   */
  connection_broken: z.boolean(),
  /** What the agent may do now (none once answered). */
  actions: z.array(z.enum(SCHEDULE_CHANGE_ACTIONS)),
  detected_at: z.string(),
  answered_at: z.string().nullable(),
});
export type ScheduleChange = z.infer<typeof ScheduleChange>;
