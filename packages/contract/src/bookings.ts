import { z } from 'zod';
import { CountryCode, Email, Phone } from './auth.js';
import { CalendarDate } from './calendar-date.js';
import { BookingChange, ChangeBody, ChangeOffer, ChangeOffersBody, ScheduleChange } from './changes.js';
import { defineEndpoint } from './endpoint.js';
import { BookingStatus, Cabin, PassengerType, SupplierCode, SupplierState, TripType } from './enums.js';
import { AmountInput, amountToMinor, MAX_PAGE, Money } from './envelope.js';
import { AirItineraryPricingInfo, FlightSegment } from './flights.js';
import { InvoiceKind } from './invoices.js';
import { FALLBACK } from './messages.js';
import { BookingEarnings, InvoiceClient, ManualFee } from './pricing.js';
import { BookingService, ServiceRequest, ServiceType } from './seat-maps.js';
import { PRINTABLE_TOKEN, Text } from './text.js';

/** docs/api.md#bookings: travellers, bookings, tickets, penalties and orders. */

// ── passengers ──────────────────────────────────────────────────────────────────────────────

export const TITLES = ['MR', 'MRS', 'MS', 'MSTR', 'MISS'] as const;
export const Title = z.enum(TITLES);
export type Title = z.infer<typeof Title>;

export const GENDERS = ['M', 'F'] as const;
export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;

/** IATA ages: an infant is under 2 on the travel date, a child 2–11, an adult 12 or over. */
export const PASSENGER_AGE: Record<PassengerType, { min: number; max: number | null }> = {
  adult: { min: 12, max: null },
  child: { min: 2, max: 11 },
  infant: { min: 0, max: 1 },
};

/** Whole years from `dateOfBirth` to `onDate` (both 'YYYY-MM-DD'), as a passport counts them. */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Why a date of birth does not fit a passenger type on a travel date, or null when it does. */
export function ageProblem(type: PassengerType, dateOfBirth: string, travelDate: string): string | null {
  const age = ageOn(dateOfBirth, travelDate);
  const { min, max } = PASSENGER_AGE[type];
  const who = type === 'child' ? 'A child' : `An ${type}`;
  if (age < 0) return 'Date of birth is after the travel date';
  if (age < min) return `${who} is at least ${min} on the travel date`;
  if (max !== null && age > max) return `${who} is under ${max + 1} on the travel date`;
  return null;
}

/** Passports must be valid this many months past the last flight (docs/api.md). */
export const PASSPORT_VALID_MONTHS_AFTER_TRAVEL = 6;

/** The last day a passport may expire on for a trip whose last flight is on `lastTravelDate`. */
export function passportNeededUntil(lastTravelDate: string): string {
  const date = new Date(`${lastTravelDate}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + PASSPORT_VALID_MONTHS_AFTER_TRAVEL);
  return date.toISOString().slice(0, 10);
}

const Birthday = CalendarDate({ from: '1900-01-01', outOfRange: 'Enter a date of birth from 1900 on' });

/** Names as printed in the passport's machine-readable zone: Latin letters, spaces, hyphens, apostrophes. */
const PassportName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(40, 'At most 40 characters')
  .regex(/^[A-Za-z][A-Za-z '-]*$/, 'Latin letters as in the passport')
  .transform((value) => value.replace(/\s+/g, ' ').toUpperCase());

const PassportNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{5,20}$/, '5 to 20 letters and digits');

/** One traveller's identity, as on the passport; used for bookings and the saved travellers. */
export const TravellerFields = z.strictObject({
  passenger_type: PassengerType,
  title: Title,
  first_name: PassportName,
  last_name: PassportName,
  gender: Gender,
  date_of_birth: Birthday,
  nationality: CountryCode,
  passport_number: PassportNumber,
  passport_expiry: CalendarDate(),
});
export type TravellerFields = z.input<typeof TravellerFields>;

/** A passenger of a booking request; `traveller_id` names the saved traveller it was picked from. */
export const PassengerInput = TravellerFields.extend({ traveller_id: z.uuid().optional() });
export type PassengerInput = z.input<typeof PassengerInput>;

/** A traveller's passport identity as answers carry it (normalised when it was saved). */
const PassportIdentity = z.object({
  passenger_type: PassengerType,
  title: Title,
  first_name: z.string(),
  last_name: z.string(),
  gender: Gender,
  date_of_birth: z.string(),
  nationality: z.string(),
  passport_number: z.string(),
  passport_expiry: z.string(),
});

export const Traveller = PassportIdentity.extend({ id: z.uuid(), updated_at: z.string() });
export type Traveller = z.infer<typeof Traveller>;

export const TravellerQuery = z.strictObject({ passenger_type: PassengerType.optional() });

// ── booking request ─────────────────────────────────────────────────────────────────────────

export const BookingContact = z.strictObject({ email: Email, phone: Phone });

/**
 * docs/api.md: book an offer for passengers whose mix equals the searched one. When the offer now
 * prices higher, the answer is 409 `Price changed` with a `PriceChange` in `data`: a new offer at
 * the new price, which the agent accepts by booking that offer.
 */
export const BookingBody = z.strictObject({
  offer_id: z
    .string()
    .min(1, 'Choose a flight')
    .max(8192, 'This offer id is not one of ours')
    .regex(PRINTABLE_TOKEN, 'This offer id is not one of ours'),
  passengers: z.array(PassengerInput).min(1).max(18),
  contact: BookingContact,
  save_travellers: z.boolean().default(false),
  /** Seats and extra bags chosen with the booking (issue 31): seats held with it, all charged at issue. */
  services: z.array(ServiceRequest).max(200).default([]),
  /** Issue 33: the quote option this booking sells (the quote then says `booked`). */
  quote_option_id: z.uuid().optional(),
});
export type BookingBody = z.input<typeof BookingBody>;
export type ParsedBookingBody = z.output<typeof BookingBody>;

/** `data` of the 409 `Price changed` answer to `POST /api/booking`. */
export const PriceChange = z.object({
  previous_total: Money,
  new_total: Money,
  /** The same flights at the new price: book this offer to accept it. */
  offer_id: z.string(),
  offer_expires_at: z.string(),
});
export type PriceChange = z.infer<typeof PriceChange>;

/**
 * `data` of a 409 to `POST /api/booking` refused by a hold limit (docs/architecture.md §5): which limit, what
 * the agency holds already, what this booking adds, and the most it may hold.
 */
export const HoldLimitExceeded = z.discriminatedUnion('limit', [
  z.object({
    limit: z.literal('hold_value'),
    held: Money,
    booking_total: Money,
    allowed: Money,
  }),
  z.object({
    limit: z.literal('held_seats_per_flight'),
    flight: z.string(),
    date: z.string(),
    held_seats: z.number().int(),
    booking_seats: z.number().int(),
    max_seats: z.number().int(),
  }),
]);
export type HoldLimitExceeded = z.infer<typeof HoldLimitExceeded>;

const Pnr = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6}$/, 'A booking reference has 6 letters and digits');
export const PnrBody = z.strictObject({ pnr: Pnr });

/**
 * `POST /api/booking-issue` (issue 33 adds the optional rest): the selling price agreed with the
 * client for the whole booking — an override of the rules' price, recorded; 422 on `selling_total`
 * below the net unless the owner allows it, or above the owner's ceiling — the fees added by hand,
 * and whom the client invoice is made out to (the contact and lead passenger when absent).
 */
export const IssueBody = PnrBody.extend({
  selling_total: AmountInput.refine((value) => amountToMinor(value) > 0, 'Enter an amount above zero')
    .refine((value) => value <= 10_000_000, 'Too large')
    .optional(),
  fees: z.array(ManualFee).max(10).default([]),
  client: InvoiceClient.optional(),
});
export type IssueBody = z.input<typeof IssueBody>;

const TicketNumber = z.string().regex(/^\d{13}$/, 'A ticket number has 13 digits');
const Reason = Text({
  min: 3,
  max: 500,
  multiline: true,
  tooShort: 'Say why, in a few words',
  tooLong: 'At most 500 characters',
});

export const PenaltyBody = z.strictObject({
  booking_id: z.uuid(),
  ticket_numbers: z.array(TicketNumber).min(1).optional(),
});
export const CancelBody = z.strictObject({ booking_id: z.uuid(), reason: Reason });
/**
 * `POST /api/booking/{id}/ticket-email`: the e-ticket PDF e-mailed to these addresses (the
 * booking's contact, passengers' own addresses, or any typed in), each at most once.
 */
export const MAX_TICKET_RECIPIENTS = 10;
export const TicketEmailBody = z.strictObject({
  recipients: z
    .array(Email)
    .min(1, 'Choose or type at least one e-mail address')
    .max(MAX_TICKET_RECIPIENTS, `At most ${MAX_TICKET_RECIPIENTS} addresses at a time`)
    .transform((list) => [...new Set(list)]),
});
export type TicketEmailBody = z.input<typeof TicketEmailBody>;

/** `data` of the answer: where the e-ticket went, and when (as the booking's history records it). */
export const TicketEmailAnswer = z.object({ sent_to: z.array(z.string()), sent_at: z.string() });
export type TicketEmailAnswer = z.infer<typeof TicketEmailAnswer>;

/**
 * Success messages the spec does not give (it words only 'Booking cancelled successfully' and the
 * refund's), saying what happened: a void is not a cancellation of a hold.
 */
export const BOOKING_MESSAGES = {
  ticketsVoided: 'Tickets voided: the full amount was returned to your credits',
  ticketsIssued: 'Tickets issued successfully',
  ticketEmailed: (count: number) => `E-ticket sent to ${count} address${count === 1 ? '' : 'es'}`,
  /** Issue 29: a remote supplier's answers, as the success message says what happened. */
  holdWaitingForAirline: 'Booking made; waiting for the airline to confirm the hold',
  holdLocal: 'Booking made. This fare cannot be held at the airline: issue it before the deadline',
  ticketsWaitingForAirline: 'Payment sent to the airline; waiting for it to confirm the tickets',
  cancellationWaitingForAirline: 'Cancellation sent to the airline; waiting for it to confirm',
  refundCredited: 'The airline refunded the booking: the amount was returned to your credits',
} as const;

/**
 * Booking statuses whose tickets are no longer valid for travel: the e-ticket says so everywhere
 * (screen, PDF) and is not e-mailed.
 */
export const INVALID_TICKET_STATUSES = ['voided', 'refunded', 'cancelled', 'expired'] as const;
export const ticketsInvalid = (status: BookingStatus): boolean =>
  (INVALID_TICKET_STATUSES as readonly BookingStatus[]).includes(status);

export const RefundBody = z.strictObject({
  booking_id: z.uuid(),
  reason: Reason,
  ticket_numbers: z.array(TicketNumber).min(1).optional(),
});

// ── booking answer ──────────────────────────────────────────────────────────────────────────

export const BookingPassenger = PassportIdentity.extend({ id: z.uuid(), traveller_id: z.uuid().nullable() });
export type BookingPassenger = z.infer<typeof BookingPassenger>;

/** A search `FlightSegment` plus the leg (0-based) it belongs to. */
export const BookingSegment = FlightSegment.extend({ leg: z.number().int().min(0) });
export type BookingSegment = z.infer<typeof BookingSegment>;

export const TICKET_STATUSES = [
  'issued',
  'voided',
  'refund_requested',
  'refunded',
  'refund_rejected',
  /** Issue 32: replaced by a new ticket in a change (`exchanged_for` names it). */
  'exchanged',
] as const;
export const TicketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatus>;

export const Ticket = z.object({
  ticket_number: TicketNumber,
  passenger_id: z.uuid(),
  passenger_name: z.string(),
  status: TicketStatus,
  /** What the agency paid for this passenger's ticket. */
  paid: Money,
  /**
   * Issue 30: what a refund of this ticket credited (null until refunded): paid less it is what was
   * kept, the figure the history, the statement and the e-ticket all say.
   */
  refunded: Money.nullable().optional(),
  issued_at: z.string(),
  /** Issue 32: the ticket that replaced this one in a change (status `exchanged`), else null. */
  exchanged_for: TicketNumber.nullable().optional(),
  /** Issue 32: the ticket this one replaced in a change, else null. */
  replaces: TicketNumber.nullable().optional(),
});
export type Ticket = z.infer<typeof Ticket>;

/** What the agent may do next, given the booking's state, the clock and their permissions. */
export const BOOKING_ACTIONS = ['issue', 'cancel', 'void', 'refund', 'change'] as const;
export const BookingAction = z.enum(BOOKING_ACTIONS);
export type BookingAction = z.infer<typeof BookingAction>;

export const BookingEvent = z.object({
  id: z.uuid(),
  /** e.g. booked, ticketed, cancelled, voided, refund_requested, refunded, expired. */
  action: z.string(),
  from_status: BookingStatus.nullable(),
  to_status: BookingStatus,
  note: z.string().nullable(),
  /** null when the system acted (hold expiry, automatic refund approval). */
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type BookingEvent = z.infer<typeof BookingEvent>;

/**
 * Who sells the booking and where its supplier order stands (issue 29, decision 020). The SPA says
 * "waiting for the airline" while `state` is a step under way (`WAITING_SUPPLIER_STATES`) and offers
 * no action then; `local` means nothing is held at the airline: the booking can only be issued
 * (ordered and paid) at once, before `ticketing_deadline`.
 */
export const BookingSupplier = z.object({
  code: SupplierCode,
  /** The airline's own booking reference (its PNR), once it has one; null for the sandbox. */
  reference: z.string().nullable(),
  /** The order saga's step; null for the sandbox. */
  state: SupplierState.nullable(),
  /**
   * The airline changed the booking (a schedule change it reported): when SkyDesk heard of it;
   * null otherwise. The agency is notified; what to do about it is the changes issue's.
   */
  airline_change_at: z.string().nullable(),
});
export type BookingSupplier = z.infer<typeof BookingSupplier>;

/** Steps during which the airline has been asked and not answered yet: no action is offered. */
export const WAITING_SUPPLIER_STATES = [
  'confirming',
  'paying',
  'ordering',
  'adding_services',
  'changing',
  'cancelling',
] as const;
export const waitingForSupplier = (supplier: Pick<BookingSupplier, 'state'>): boolean =>
  (WAITING_SUPPLIER_STATES as readonly (string | null)[]).includes(supplier.state);

export const Booking = z.object({
  id: z.uuid(),
  pnr: z.string().regex(/^[A-Z0-9]{6}$/),
  status: BookingStatus,
  trip_type: TripType,
  cabin: Cabin,
  validating_carrier: z.string(),
  created_at: z.string(),
  /** The hold ends then: unticketed, the booking expires and its seats return. */
  ticketing_deadline: z.string(),
  /** A ticketed booking can be voided (full refund) until then; null before ticketing. */
  void_until: z.string().nullable(),
  /**
   * What the agency pays for the booking on every supplier (issue 31): the fare and the seats and
   * bags it pays for — held with it, or paid once (a seat changed after issue still was). After
   * issue, the sum of the booking's `ticket` debits; after a change (issue 32), the new fare plus
   * those services — the change's penalty and fare difference are its own ledger line, in `changes`.
   */
  total: Money,
  /** The seats and bags part of `total` (0 without any); the fare is `total` less it. */
  services_total: Money,
  /** Fare breakdown per passenger type, fare infos, refundability and penalties, as quoted. */
  pricing: AirItineraryPricingInfo,
  contact: z.object({ email: z.string(), phone: z.string() }),
  passengers: z.array(BookingPassenger),
  segments: z.array(BookingSegment),
  tickets: z.array(Ticket),
  created_by: z.object({ id: z.uuid(), name: z.string() }),
  allowed_actions: z.array(BookingAction),
  supplier: BookingSupplier,
  /**
   * Issue 32: the airline's latest schedule change of the booking's flights, pending or answered;
   * null when there is none. Optional for readers of the older shape; the server always sends it.
   */
  schedule_change: ScheduleChange.nullable().optional(),
  /**
   * Issue 33: `net` is `total` (what the agency pays); `selling` what its client pays for the trip
   * (fees apart, in `BookingDetails.earnings`). Optional for readers of the older shape; the server
   * always sends them.
   */
  net: Money.optional(),
  selling: Money.optional(),
});
export type Booking = z.infer<typeof Booking>;

/** `GET /api/booking/{id}`: the booking with its history, oldest event first. */
export const BookingDetails = Booking.extend({
  history: z.array(BookingEvent),
  /** Seats and bags beyond the fare, each with its status (and EMD number once paid). */
  services: z.array(BookingService),
  /** Issue 32: the changes the booking went through, oldest first (none when never changed). */
  changes: z.array(BookingChange).optional(),
  /** Issue 33: selling price, the rule or override behind it, fees and margin. */
  earnings: BookingEarnings.optional(),
  /** Issue 33: the client invoice and the credit notes and supplementary invoices against it, oldest first. */
  invoices: z
    .array(z.object({ id: z.uuid(), number: z.string(), kind: InvoiceKind, total: Money }))
    .optional(),
});
export type BookingDetails = z.infer<typeof BookingDetails>;

export const BookingListQuery = z.strictObject({
  /** One status or several, comma-separated; all when absent. */
  status: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value || value === 'all') return undefined;
      const statuses = value.split(',').map((part) => part.trim());
      for (const status of statuses) {
        if (!BookingStatus.safeParse(status).success) {
          ctx.addIssue({ code: 'custom', message: `Unknown status ${status}` });
          return z.NEVER;
        }
      }
      return statuses as BookingStatus[];
    }),
  /** Booking creation dates, inclusive. */
  from: CalendarDate().optional(),
  to: CalendarDate().optional(),
  /**
   * First-departure dates, inclusive, airport-local as the itinerary prints them (the dashboard's
   * "today's and tomorrow's departures").
   */
  departs_from: CalendarDate().optional(),
  departs_to: CalendarDate().optional(),
  /** A PNR or part of a passenger's name. */
  q: Text({ max: 60 }).optional(),
  /**
   * `created` (newest first, the default), `deadline` (the nearest ticketing deadline first: holds
   * to issue) or `departure` (the soonest first departure first).
   */
  sort: z.enum(['created', 'deadline', 'departure']).default('created'),
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type BookingListQuery = z.input<typeof BookingListQuery>;

/**
 * Issue 31: a paid seat or bag of a passenger whose ticket is given back, with what comes back for
 * it and why (docs/booking-and-money.md, "Seats and bags"): everything within the void window; after
 * it, an extra bag in full while its flight has not left, a seat only when the airline changed or
 * cancelled its flight; a remote supplier's booking, the airline's quote for the whole order.
 */
export const RefundServiceLine = z.object({
  service_id: z.uuid(),
  /** The ticket of the passenger it belongs to: giving that ticket back gives the service back. */
  ticket_number: z.string(),
  passenger_name: z.string(),
  type: ServiceType,
  /** 'Seat 23C BA117', 'Extra bag 23 kg BA117'. */
  description: z.string(),
  paid: Money,
  refund_amount: Money,
  /** Why it comes back, or why it does not, in words. */
  reason: z.string(),
});
export type RefundServiceLine = z.infer<typeof RefundServiceLine>;

export const PenaltyAnswer = z.object({
  refundable: z.boolean(),
  void_until: z.string().nullable(),
  rules: z.array(z.string()),
  tickets: z.array(
    z.object({
      ticket_number: z.string(),
      passenger_name: z.string(),
      paid: Money,
      penalty: Money,
      refund_amount: Money,
    }),
  ),
  /**
   * What comes back in all: the tickets' `refund_amount`s and (issue 31) the services' of the same
   * passengers.
   */
  refund_amount: Money,
  /**
   * Issue 31: the paid seats and bags of the tickets' passengers, each with what it returns and why
   * (none when they have none). Optional for readers of the older shape; the server always sends it.
   */
  services: z.array(RefundServiceLine).optional(),
  /**
   * A remote supplier's booking (issue 29): `refund_amount` is the airline's own quote, converted
   * into the agency's currency, valid until `expires_at`; cancelling or refunding before then
   * credits exactly it. Null for the sandbox, whose fare rules SkyDesk applies itself.
   */
  supplier_quote: z.object({ expires_at: z.string().nullable() }).nullable(),
});
export type PenaltyAnswer = z.infer<typeof PenaltyAnswer>;

export const ORDER_KINDS = ['ticket', 'void', 'refund'] as const;
export const ORDER_STATUSES = ['completed', 'pending', 'rejected'] as const;
export const Order = z.object({
  id: z.uuid(),
  order_no: z.string(),
  booking_id: z.uuid(),
  pnr: z.string(),
  kind: z.enum(ORDER_KINDS),
  amount: z.number(),
  currency: z.string().length(3),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  /**
   * Issue 31: the seats and bags a `ticket` order paid for, as the statement names them ('Seat 23C
   * BA117', 'Extra bag 23 kg BA117'): those issued with the tickets, or, for an order of its own,
   * those bought after issue (its `amount` is theirs). Absent on any other order, so an order
   * without seats or bags keeps the shape docs/api.md fixes.
   */
  service_lines: z.array(z.string()).optional(),
});
export type Order = z.infer<typeof Order>;

export const ORDER_PAGE_SIZE = 20;
/** The most orders one call answers (`limit`); without `view=page` and `limit`, the bare list holds them all, as before. */
export const ORDER_LIST_LIMIT = 1000;

/**
 * Issue 30: order history pages on the server, filtered as an agent looks for an order — by
 * status, kind, PNR or passenger, and the days it was made (UTC, inclusive). The wire contract
 * (docs/api.md) fixes the answer as a bare list, so the page with its counts is asked for with
 * `view=page`; without it the list is as it was, newest first.
 */
export const OrderListQuery = z
  .strictObject({
    view: z.literal('page').optional(),
    page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
    limit: z.coerce.number().int().min(1).max(ORDER_LIST_LIMIT).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    kind: z.enum(ORDER_KINDS).optional(),
    /** A PNR or part of a passenger's name. */
    q: Text({ max: 60 }).optional(),
    from: CalendarDate().optional(),
    to: CalendarDate().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end is before the start',
    path: ['to'],
  });
export type OrderListQuery = z.input<typeof OrderListQuery>;

/**
 * `GET /api/orders/company?view=page`: one page of the orders, how many match, and per kind and
 * currency how many match and what they add up to (rejected orders counted, not added: no money moved).
 */
export const OrderPage = z.object({
  orders: z.array(Order),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: z.array(
    z.object({
      kind: z.enum(ORDER_KINDS),
      currency: z.string().length(3),
      count: z.number().int(),
      amount: z.number(),
    }),
  ),
});
export type OrderPage = z.infer<typeof OrderPage>;

const IdParams = z.strictObject({ id: z.uuid() });

export const bookingEndpoints = {
  travellers: defineEndpoint({
    method: 'GET',
    path: '/api/getTravellers',
    summary: "The company's saved travellers, optionally of one passenger type",
    access: 'company',
    permission: 'bookings.create',
    query: TravellerQuery,
    response: z.array(Traveller),
    fallbackMessage: FALLBACK.fetchTravelers,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/booking',
    summary: 'Books an offer: re-prices it, takes the seats and holds them until the ticketing deadline',
    access: 'company',
    permission: 'bookings.create',
    body: BookingBody,
    response: Booking,
    successStatus: 201,
    idempotent: true,
    fallbackMessage: FALLBACK.confirmBooking,
  }),
  byPnr: defineEndpoint({
    method: 'POST',
    path: '/api/booking-pnr',
    summary: 'A booking of the company by its reference',
    access: 'company',
    permission: 'bookings.view',
    body: PnrBody,
    response: Booking,
    fallbackMessage: FALLBACK.fetchPnr,
  }),
  issue: defineEndpoint({
    method: 'POST',
    path: '/api/booking-issue',
    summary: "Tickets a held booking, paid from the agency's credits",
    access: 'company',
    permission: 'bookings.issue',
    body: IssueBody,
    response: Booking,
    idempotent: true,
    fallbackMessage: FALLBACK.issueBooking,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/booking/company/{id}',
    summary: "The company's bookings, newest first, filtered and paged",
    access: 'company',
    permission: 'bookings.view',
    params: IdParams,
    query: BookingListQuery,
    response: z.array(Booking),
    fallbackMessage: FALLBACK.fetchFlightBookings,
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/booking/{id}',
    summary: 'One booking with segments, passengers, tickets, fare rules and history',
    access: 'company',
    permission: 'bookings.view',
    params: IdParams,
    response: BookingDetails,
    fallbackMessage: FALLBACK.fetchBookingDetails,
  }),
  /**
   * The e-ticket: a PDF, not a JSON envelope. The server's handler sends the file itself; the SPA
   * fetches it with the bearer token (apiBlob).
   */
  ticketPdf: defineEndpoint({
    method: 'GET',
    path: '/api/booking/{id}/ticket.pdf',
    summary: 'The e-ticket of a ticketed booking, as a PDF',
    access: 'company',
    permission: 'bookings.view',
    params: IdParams,
    response: z.unknown(),
    fallbackMessage: FALLBACK.fetchBookingDetails,
  }),
  ticketEmail: defineEndpoint({
    method: 'POST',
    path: '/api/booking/{id}/ticket-email',
    summary:
      'E-mails the e-ticket PDF to chosen addresses (the contact, passengers); recorded in the history. 409 when its tickets are no longer valid',
    access: 'company',
    permission: 'bookings.view',
    params: IdParams,
    body: TicketEmailBody,
    response: TicketEmailAnswer,
    fallbackMessage: 'Failed to send the e-ticket',
  }),
  penalty: defineEndpoint({
    method: 'POST',
    path: '/api/getPenalty',
    summary: 'What refunding tickets now would cost and return',
    access: 'company',
    permission: 'bookings.view',
    body: PenaltyBody,
    response: PenaltyAnswer,
    fallbackMessage: FALLBACK.fetchPenalty,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/request-cancel-booking',
    summary: 'Cancels a hold, or voids tickets within the void window (full refund)',
    access: 'company',
    permission: 'bookings.cancel',
    body: CancelBody,
    response: Booking,
    idempotent: true,
    fallbackMessage: FALLBACK.cancelBooking,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/api/request-ticket-refund',
    summary: 'Requests the refund of the whole booking or of some tickets',
    access: 'company',
    permission: 'bookings.refund',
    body: RefundBody,
    response: Booking,
    idempotent: true,
    fallbackMessage: FALLBACK.requestRefund,
  }),
  orders: defineEndpoint({
    method: 'GET',
    path: '/api/orders/company',
    summary:
      'Ticket, void and refund orders with their amounts, newest first: a list, or with view=page one page (status, kind, PNR or passenger, day filters) with how many there are and their totals',
    access: 'company',
    permission: 'history.view',
    query: OrderListQuery,
    response: z.union([z.array(Order), OrderPage]),
    fallbackMessage: FALLBACK.fetchOrders,
  }),
};

/**
 * Issue 32: changes after ticketing (shapes in changes.ts). Each answers the booking as it is
 * after the change; the alternative to an airline's schedule change is a change offer.
 */
export const changeEndpoints = {
  changeOffers: defineEndpoint({
    method: 'POST',
    path: '/api/booking/{id}/change-offers',
    summary:
      'Change offers for a ticketed booking: the legs to replace with their new dates; each offer with its flights, the new total, the fare difference, the penalty, the net and where money given back goes, valid 20 minutes',
    access: 'company',
    permission: 'bookings.issue',
    params: IdParams,
    body: ChangeOffersBody,
    response: z.array(ChangeOffer),
    fallbackMessage: 'Failed to find change offers',
  }),
  change: defineEndpoint({
    method: 'POST',
    path: '/api/booking/{id}/change',
    summary:
      'Confirms a change offer in one transaction: new tickets replace the old (exchanged), seats move, services carry over or are refunded, the ledger gets the change line. 410 when the offer expired, 402 without enough credits',
    access: 'company',
    permission: 'bookings.issue',
    params: IdParams,
    body: ChangeBody,
    response: Booking,
    idempotent: true,
    fallbackMessage: 'Failed to change the booking',
  }),
  acceptScheduleChange: defineEndpoint({
    method: 'POST',
    path: '/api/booking/{id}/schedule-change/accept',
    summary: "Accepts the airline's new times for the booking (not offered when they break a connection)",
    access: 'company',
    permission: 'bookings.issue',
    params: IdParams,
    response: Booking,
    idempotent: true,
    fallbackMessage: 'Failed to accept the schedule change',
  }),
  cancelForScheduleChange: defineEndpoint({
    method: 'POST',
    path: '/api/booking/{id}/schedule-change/cancel',
    summary: "Cancels a booking the airline changed, with a full refund (no penalty on an airline's change)",
    access: 'company',
    permission: 'bookings.issue',
    params: IdParams,
    response: Booking,
    idempotent: true,
    fallbackMessage: 'Failed to cancel the booking',
  }),
};
