import { randomBytes, randomUUID } from 'node:crypto';
import {
  amountToMinor,
  type BookingStatus,
  type Cabin,
  minorToAmount,
  type PassengerType,
  type PricedItinerary,
  type TripType,
} from '@skydesk/contract';
import { sql, type Transaction } from 'kysely';
import {
  type HoldPolicy,
  PNR_ALPHABET,
  PNR_LENGTH,
  ticketingDeadline,
  ticketRefund,
  utcMinute,
  voidUntil as voidWindowEnd,
} from '../modules/bookings/index.js';
import type { Database } from '../platform/db/schema.js';
import type { FileStore } from '../platform/storage/file-store.js';
import { EMPTY_INVENTORY } from '../supplier/inventory.js';
import { sharedTimetable } from '../supplier/sandbox/index.js';
import { createRandom } from '../supplier/sandbox/random.js';
import { createSandboxSupplier, type SandboxSupplier } from '../supplier/sandbox/shopping.js';
import { ticketPrefix } from '../supplier/sandbox/ticket-numbers.js';
import { dateOfEpochDay, epochDayOf, localDate, startOfLocalDay } from '../supplier/sandbox/time-zones.js';

/**
 * A few months of the demo agency's past (issue 15), so a newcomer's dashboard shows a living
 * agency rather than zeros: staff who search and hold flights most days, most holds ticketed, some
 * cancelled, expired, voided or refunded; deposits approved whenever the credits run low; and the
 * present — holds live now (two of them close to their deadline) and tickets departing today and
 * tomorrow.
 *
 * Every booking is what the sandbox GDS really sold: its itinerary is the answer of a search made
 * as of the moment it was booked (`searchAt`), on routes the network flies with the carriers that
 * fly them. Every row is shaped as the services write it — statuses, tickets, orders, history
 * lines in the services' words, and ledger lines numbered 1..n in posting order with the balance
 * and the credits after each — so the invariants the bookings and statement tests hold (the
 * ledger sums to the balance, a live booking holds exactly its flying passengers' seats, seats sold
 * are what live bookings hold) hold of the demo too.
 *
 * The history is planned here in TypeScript, because it needs the supplier's itineraries, the
 * fare rules' refund amounts and the balance in posting order to decide when the agency deposits;
 * it goes into the store as one multi-row INSERT per table (a few statements, not a round trip per
 * row), and the seats its live bookings hold by one INSERT … SELECT. The analytics rollups are kept
 * by the store's own triggers as these rows go in.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Where the demo agency (San Francisco) lives when its profile names no zone. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';
/** About four months of days before today. */
export const DEMO_HISTORY_DAYS = 122;
/** The demo's opening credits (seed-demo.ts DEMO.creditsMinor), posted at the history's start. */
const OPENING_NOTE = 'Demo credits';

export type DemoHistoryOptions = {
  /** The seeding instant: the history ends the day before, the present is now. */
  now: Date;
  /** The agency's IANA zone: its days and business hours. */
  timeZone: string;
  days?: number;
  /** The server's hold rules (BOOKING_HOLD_MINUTES, BOOKING_TICKETING_CUTOFF_MINUTES). */
  hold?: HoldPolicy;
  /** Where deposit receipts are kept; without it deposits name receipts no file backs. */
  files?: FileStore;
  /** The plan's randomness: the same seed gives the same shape of history relative to `now`. */
  seed?: number;
  /** The sandbox to book from (demoSupplier); made here when not given. */
  supplier?: SandboxSupplier;
};

/**
 * The sandbox GDS the history books from: the server's own network (built once per process and
 * shared with the server that starts next), with no seats sold.
 */
export async function demoSupplier(currency: string): Promise<SandboxSupplier> {
  return createSandboxSupplier({
    timetable: await sharedTimetable(),
    inventory: EMPTY_INVENTORY,
    currency,
    offerKey: randomBytes(32),
  });
}

export type DemoAgency = {
  companyId: string;
  currency: string;
  openingCreditsMinor: number;
  owner: { id: string; passwordHash: string | null };
  operatorId: string;
  bankIds: string[];
};

export type DemoHistorySummary = {
  bookings: number;
  byStatus: Partial<Record<BookingStatus, number>>;
  ledgerLines: number;
  balanceMinor: number;
  deposits: number;
  searches: number;
  liveHolds: number;
};

// ── who and where ───────────────────────────────────────────────────────────────────────────

/** The demo agency's staff besides its owner: who books (weight) and who keeps the money. */
const STAFF = [
  { name: 'Priya Shah', email: 'priya@skydesk.local', role: 'Ticketing agent', books: 4 },
  { name: 'Marco Rossi', email: 'marco@skydesk.local', role: 'Ticketing agent', books: 3 },
  { name: 'Grace Kim', email: 'grace@skydesk.local', role: 'Accountant', books: 0 },
] as const;
const OWNER_BOOKS = 2;

/**
 * Routes a San Francisco agency sells, each on carriers the sandbox network flies it with (checked
 * against the network: a direct flight every day), with how often it is sold.
 */
const ROUTES: { from: string; to: string; carriers: string[]; weight: number; longHaul: boolean }[] = [
  { from: 'SFO', to: 'JFK', carriers: ['B6'], weight: 14, longHaul: false },
  { from: 'SFO', to: 'ORD', carriers: ['UA'], weight: 9, longHaul: false },
  { from: 'SFO', to: 'SEA', carriers: ['AS'], weight: 9, longHaul: false },
  { from: 'SFO', to: 'LAS', carriers: ['WN'], weight: 7, longHaul: false },
  { from: 'SFO', to: 'ATL', carriers: ['DL'], weight: 4, longHaul: false },
  { from: 'SFO', to: 'DFW', carriers: ['AA'], weight: 5, longHaul: false },
  { from: 'SFO', to: 'MEX', carriers: ['AM'], weight: 4, longHaul: false },
  { from: 'SFO', to: 'YVR', carriers: ['AC'], weight: 4, longHaul: false },
  { from: 'LAX', to: 'JFK', carriers: ['B6'], weight: 4, longHaul: false },
  { from: 'SFO', to: 'LHR', carriers: ['VS', 'BA'], weight: 7, longHaul: true },
  { from: 'SFO', to: 'HND', carriers: ['JL'], weight: 3, longHaul: true },
  { from: 'SFO', to: 'FRA', carriers: ['LH'], weight: 3, longHaul: true },
  { from: 'SFO', to: 'DXB', carriers: ['EK'], weight: 2, longHaul: true },
  { from: 'SFO', to: 'ICN', carriers: ['KE', 'OZ'], weight: 2, longHaul: true },
  { from: 'SFO', to: 'HKG', carriers: ['CX'], weight: 1, longHaul: true },
  { from: 'SFO', to: 'SYD', carriers: ['QF'], weight: 1, longHaul: true },
  { from: 'JFK', to: 'LHR', carriers: ['BA', 'VS'], weight: 4, longHaul: true },
  { from: 'LHR', to: 'JFK', carriers: ['BA', 'VS'], weight: 3, longHaul: true },
  { from: 'DXB', to: 'LHR', carriers: ['EK', 'BA'], weight: 2, longHaul: true },
  { from: 'LHR', to: 'DXB', carriers: ['EK', 'BA'], weight: 2, longHaul: true },
];

/** Parties, by how often they travel: adults, children, infants. */
const PARTIES: { adults: number; children: number; infants: number; weight: number }[] = [
  { adults: 1, children: 0, infants: 0, weight: 62 },
  { adults: 2, children: 0, infants: 0, weight: 17 },
  { adults: 3, children: 0, infants: 0, weight: 3 },
  { adults: 2, children: 1, infants: 0, weight: 8 },
  { adults: 2, children: 2, infants: 0, weight: 5 },
  { adults: 1, children: 0, infants: 1, weight: 3 },
  { adults: 2, children: 1, infants: 1, weight: 4 },
];

const GIVEN = {
  M: 'James Daniel Wei Arjun Luis Omar Kenji Michael David Ethan Noah Samuel Hiroshi Carlos Thomas Ravi Ahmed Lucas Ben Jonah'.split(
    ' ',
  ),
  F: 'Emily Sofia Mei Ananya Olivia Fatima Yuki Sarah Laura Chloe Aisha Grace Isabel Hannah Nora Leila Maria Zoe Julia Ruth'.split(
    ' ',
  ),
};
const SURNAMES =
  'Nguyen Garcia Chen Patel Johnson Kim Williams Hernandez Tanaka Brown Singh Lopez Okafor Miller Haddad Wilson Park Martin Cohen Rossi Davis Khan Silva Murphy Schmidt Ali Anderson Yamamoto Clarke Fischer'.split(
    ' ',
  );
const NATIONALITIES = 'US US US US US US GB CA IN MX JP DE KR'.split(' ');

const CANCEL_REASONS = [
  'Client changed the travel dates',
  'Trip postponed by the client',
  'Duplicate hold',
  'Client booked a different flight',
  'Meeting moved to a video call',
];
const VOID_REASONS = ['Passenger name misspelt', 'Client cancelled the same day', 'Issued on the wrong date'];
const REFUND_REASONS = [
  "The client's conference was cancelled",
  'Medical reasons',
  'Trip cancelled by the client’s company',
  'Visa not granted in time',
];

// ── the plan ────────────────────────────────────────────────────────────────────────────────

type Random = () => number;

type Traveller = {
  id: string;
  passenger_type: PassengerType;
  title: 'MR' | 'MRS' | 'MS' | 'MSTR' | 'MISS';
  first_name: string;
  last_name: string;
  gender: 'M' | 'F';
  date_of_birth: string;
  nationality: string;
  passport_number: string;
  passport_expiry: string;
  saved: boolean;
};

type Event = {
  action: string;
  from: BookingStatus | null;
  to: BookingStatus;
  note: string;
  actor: string | null;
  at: Date;
};

type LedgerLine = {
  id: string;
  at: Date;
  kind: 'deposit' | 'ticket' | 'void' | 'refund' | 'adjustment';
  amount: number;
  bookingId: string | null;
  transactionId: string | null;
  note: string;
  userId: string | null;
};

type PlannedOrder = {
  id: string;
  no: string;
  bookingId: string;
  kind: 'ticket' | 'void' | 'refund';
  amount: number;
  status: 'completed' | 'pending';
  tickets: string[];
  line: LedgerLine | null;
  createdAt: Date;
  updatedAt: Date;
  allowed: number | null;
  decidedAt: Date | null;
  decidedBy: string | null;
};

type PlannedTicket = {
  number: string;
  passengerId: string;
  status: 'issued' | 'voided' | 'refund_requested' | 'refunded';
  paid: number;
  refunded: number | null;
  issuedAt: Date;
  updatedAt: Date;
};

type PlannedPassenger = {
  id: string;
  traveller: Traveller;
  fare: number;
  taxes: number;
};

type PlannedBooking = {
  id: string;
  pnr: string;
  status: BookingStatus;
  tripType: TripType;
  cabin: Cabin;
  itinerary: PricedItinerary;
  total: number;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  deadline: Date;
  firstDepartureAt: Date;
  lastDepartureDate: string;
  issuedAt: Date | null;
  voidUntil: Date | null;
  passengers: PlannedPassenger[];
  segments: { leg: number; flight: string; date: string; cabin: Cabin; departsAt: Date; seated: boolean }[];
  /** Seats each flight holds now (its flying seated passengers; the booked party when not live). */
  seats: number;
  tickets: PlannedTicket[];
  events: Event[];
  contactEmail: string;
  contactPhone: string;
};

type PlannedDeposit = {
  id: string;
  bankId: string;
  amount: number;
  depositDate: string;
  reference: string;
  note: string | null;
  status: 'pending' | 'approved' | 'rejected';
  rejection: string | null;
  createdBy: string;
  createdAt: Date;
  decidedAt: Date | null;
  line: LedgerLine | null;
};

type PlannedSearch = {
  userId: string;
  tripType: TripType;
  legs: { departure_date_time: string; origin_location_code: string; destination_location_code: string }[];
  adults: number;
  children: number;
  infants: number;
  cabin: Cabin;
  results: number;
  at: Date;
};

function pickWeighted<T extends { weight: number }>(random: Random, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]!;
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const money = (minor: number, currency: string) => `${minorToAmount(minor).toFixed(2)} ${currency}`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const isoDate = (at: Date) => at.toISOString().slice(0, 10);
const addYears = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;

/** One of the alphabet's letters and digits, `length` of them. */
function code(random: Random, alphabet: string, length: number) {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

/** Everything the history is, before a row is written. */
type Plan = {
  staff: { id: string; name: string; email: string; role: string; books: number }[];
  travellers: Traveller[];
  bookings: PlannedBooking[];
  orders: PlannedOrder[];
  ledger: LedgerLine[];
  deposits: PlannedDeposit[];
  searches: PlannedSearch[];
  start: Date;
};

type Planner = {
  random: Random;
  supplier: SandboxSupplier;
  agency: DemoAgency;
  options: Required<Pick<DemoHistoryOptions, 'now' | 'timeZone' | 'days' | 'hold'>>;
};

/** The agency's local date of an instant. */
const localDay = (planner: Planner, at: Date) =>
  localDate(planner.options.timeZone, Math.floor(at.getTime() / MINUTE_MS));

/** A real itinerary of the sandbox, as a search at `at` would have offered it, or null. */
async function findItinerary(
  planner: Planner,
  request: {
    from: string;
    to: string;
    carrier: string;
    tripType: TripType;
    outDate: string;
    backDate: string | null;
    party: { adults: number; children: number; infants: number };
    cabin: Cabin;
    /** Flights leaving after this instant when there are any (today's departures still to come). */
    departAfter?: Date | undefined;
  },
  at: Date,
): Promise<{ itinerary: PricedItinerary; results: number } | null> {
  const legs = [{ origin: request.from, destination: request.to, departureDate: request.outDate }];
  if (request.backDate)
    legs.push({ origin: request.to, destination: request.from, departureDate: request.backDate });
  const answer = await planner.supplier.searchAt(
    {
      tripType: request.tripType,
      legs,
      passengers: request.party,
      cabin: request.cabin,
      maxStops: 0,
      preferredAirlines: [request.carrier],
    },
    at,
  );
  let offers = answer.itineraries.filter((itinerary) => itinerary.ValidatingCarrier === request.carrier);
  const after = request.departAfter;
  if (after) {
    const later = offers.filter((itinerary) => {
      const first =
        itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment[0]!;
      return new Date(`${first.DepartureDateTime}${first.DepartureUTCOffset}`) > after;
    });
    if (later.length > 0) offers = later;
  }
  if (offers.length === 0) return null;
  // Agents take the cheap and convenient ones most: the first few of the answer.
  const index = Math.floor(planner.random() ** 2 * Math.min(offers.length, 6));
  return { itinerary: offers[index]!, results: answer.itineraries.length };
}

/** What becomes of a booking; `hold` (the present's live holds) is never drawn, only asked for. */
type Fate = 'hold' | 'ticket' | 'void' | 'refund' | 'partial_refund' | 'cancel' | 'expire';
const FATES: { fate: Fate; weight: number }[] = [
  { fate: 'ticket', weight: 66 },
  { fate: 'void', weight: 4 },
  { fate: 'refund', weight: 5 },
  { fate: 'partial_refund', weight: 3 },
  { fate: 'cancel', weight: 10 },
  { fate: 'expire', weight: 12 },
];

/**
 * One booking made at `createdAt` by `userId`, and what became of it by `now`: the `fate` plays out
 * step by step, and a step that would come after now has not happened yet (a hold made this
 * morning is still live; a refund asked yesterday still waits for SkyDesk).
 */
function playBooking(
  planner: Planner,
  input: {
    itinerary: PricedItinerary;
    tripType: TripType;
    cabin: Cabin;
    passengers: Traveller[];
    userId: string;
    createdAt: Date;
    fate: Fate;
    pnr: string;
    ticketNumber: (carrier: string) => string;
    orderNo: () => string;
  },
  ledger: LedgerLine[],
  orders: PlannedOrder[],
): PlannedBooking | null {
  const { random, agency, options } = planner;
  const { itinerary, createdAt, userId, now } = { ...input, now: options.now };
  const currency = agency.currency;
  const pricing = itinerary.AirItineraryPricingInfo;
  const segments = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap(
    (option, leg) =>
      option.FlightSegment.map((segment) => ({
        leg,
        flight: `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
        date: segment.DepartureDateTime.slice(0, 10),
        cabin: segment.CabinClass,
        departsAt: new Date(`${segment.DepartureDateTime}${segment.DepartureUTCOffset}`),
        seated: true,
      })),
  );
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  const deadline = ticketingDeadline(createdAt, first.departsAt, options.hold);
  if (!deadline) return null;

  // Each passenger's fare from the answer's breakdown by type, as createBooking takes it.
  const fareOf = new Map(
    pricing.PTC_FareBreakdowns.PTC_FareBreakdown.map((breakdown) => [
      breakdown.PassengerTypeQuantity.Code,
      {
        base: amountToMinor(breakdown.PassengerFare.BaseFare.Amount),
        taxes: amountToMinor(breakdown.PassengerFare.Taxes.Amount),
      },
    ]),
  );
  const typeCode = { adult: 'ADT', child: 'CNN', infant: 'INF' } as const;
  const passengers: PlannedPassenger[] = input.passengers.map((traveller) => {
    const fare = fareOf.get(typeCode[traveller.passenger_type]);
    if (!fare) throw new Error(`No ${traveller.passenger_type} fare in the sandbox's answer`);
    return { id: randomUUID(), traveller, fare: fare.base, taxes: fare.taxes };
  });
  const total = passengers.reduce((sum, passenger) => sum + passenger.fare + passenger.taxes, 0);
  if (total !== amountToMinor(pricing.ItinTotalFare.TotalFare.Amount)) {
    throw new Error(`The passengers' fares do not add up to the itinerary's total (${input.pnr})`);
  }
  const seated = passengers.filter((passenger) => passenger.traveller.passenger_type !== 'infant').length;
  const booking: PlannedBooking = {
    id: randomUUID(),
    pnr: input.pnr,
    status: 'booked',
    tripType: input.tripType,
    cabin: input.cabin,
    itinerary,
    total,
    createdBy: userId,
    createdAt,
    updatedAt: createdAt,
    deadline,
    firstDepartureAt: first.departsAt,
    lastDepartureDate: last.date,
    issuedAt: null,
    voidUntil: null,
    passengers,
    segments,
    seats: seated,
    tickets: [],
    events: [],
    contactEmail:
      `${input.passengers[0]!.first_name}.${input.passengers[0]!.last_name}@example.com`.toLowerCase(),
    contactPhone: `+1 415 555 ${String(1000 + Math.floor(random() * 8999))}`,
  };
  const step = (event: Omit<Event, 'from'>) => {
    booking.events.push({ ...event, from: booking.events.length === 0 ? null : booking.status });
    booking.status = event.to;
    booking.updatedAt = event.at;
  };
  step({
    action: 'booked',
    to: 'booked',
    note: `Seats held until ${utcMinute(deadline)}; total ${money(total, currency)}`,
    actor: userId,
    at: createdAt,
  });
  const window = deadline.getTime() - createdAt.getTime();
  const fate = input.fate;
  if (fate === 'hold') return booking;

  if (fate === 'expire') {
    // The sweep runs every minute: the hold expires within a minute of its deadline.
    const at = new Date(deadline.getTime() + Math.floor(random() * 50_000) + 5_000);
    if (at > now) return booking;
    step({
      action: 'expired',
      to: 'expired',
      note: 'Not ticketed by the ticketing deadline; the seats were released',
      actor: null,
      at,
    });
    return booking;
  }
  if (fate === 'cancel') {
    const at = new Date(createdAt.getTime() + between(random, 0.05, 0.6) * window);
    if (at > now) return booking;
    step({
      action: 'cancelled',
      to: 'cancelled',
      note: `Hold cancelled; the seats were released. Reason: ${pick(random, CANCEL_REASONS)}`,
      actor: userId,
      at,
    });
    return booking;
  }

  // Ticketed: most within the hour, some the next morning, always before the deadline.
  const delay =
    random() < 0.7
      ? between(random, 3 * MINUTE_MS, 90 * MINUTE_MS)
      : between(random, 2 * HOUR_MS, 20 * HOUR_MS);
  const issuedAt = new Date(createdAt.getTime() + Math.min(delay, window - 2 * MINUTE_MS));
  if (issuedAt > now) return booking;
  const ticketLine: LedgerLine = {
    id: randomUUID(),
    at: issuedAt,
    kind: 'ticket',
    amount: -total,
    bookingId: booking.id,
    transactionId: null,
    note: `Tickets for booking ${booking.pnr}`,
    userId,
  };
  ledger.push(ticketLine);
  booking.tickets = passengers.map((passenger) => ({
    number: input.ticketNumber(itinerary.ValidatingCarrier),
    passengerId: passenger.id,
    status: 'issued',
    paid: passenger.fare + passenger.taxes,
    refunded: null,
    issuedAt,
    updatedAt: issuedAt,
  }));
  booking.issuedAt = issuedAt;
  booking.voidUntil = voidWindowEnd(issuedAt, first.departsAt);
  orders.push({
    id: randomUUID(),
    no: input.orderNo(),
    bookingId: booking.id,
    kind: 'ticket',
    amount: total,
    status: 'completed',
    tickets: booking.tickets.map((ticket) => ticket.number),
    line: ticketLine,
    createdAt: issuedAt,
    updatedAt: issuedAt,
    allowed: null,
    decidedAt: null,
    decidedBy: null,
  });
  step({
    action: 'ticketed',
    to: 'ticketed',
    note: `${plural(booking.tickets.length, 'ticket')} issued; ${money(total, currency)} debited from credits`,
    actor: userId,
    at: issuedAt,
  });

  if (fate === 'void') {
    const room = booking.voidUntil.getTime() - issuedAt.getTime();
    const at = new Date(issuedAt.getTime() + between(random, 0.1, 0.8) * room);
    if (at > now) return booking;
    const line: LedgerLine = {
      id: randomUUID(),
      at,
      kind: 'void',
      amount: total,
      bookingId: booking.id,
      transactionId: null,
      note: `Void of booking ${booking.pnr}`,
      userId,
    };
    ledger.push(line);
    for (const ticket of booking.tickets) {
      ticket.status = 'voided';
      ticket.updatedAt = at;
    }
    orders.push({
      id: randomUUID(),
      no: input.orderNo(),
      bookingId: booking.id,
      kind: 'void',
      amount: total,
      status: 'completed',
      tickets: booking.tickets.map((ticket) => ticket.number),
      line,
      createdAt: at,
      updatedAt: at,
      allowed: null,
      decidedAt: null,
      decidedBy: null,
    });
    step({
      action: 'voided',
      to: 'voided',
      note: `${plural(booking.tickets.length, 'ticket')} voided; ${money(total, currency)} refunded to credits; the seats were released. Reason: ${pick(random, VOID_REASONS)}`,
      actor: userId,
      at,
    });
    return booking;
  }

  if (fate === 'refund' || fate === 'partial_refund') {
    // Asked after the void window and before the first departure, decided by SkyDesk within
    // two days; a decision still to come leaves the request waiting.
    const earliest = booking.voidUntil.getTime() + 2 * HOUR_MS;
    const latest = first.departsAt.getTime() - 6 * HOUR_MS;
    if (latest <= earliest) return booking;
    const askedAt = new Date(earliest + random() * Math.min(latest - earliest, 20 * DAY_MS));
    if (askedAt > now) return booking;
    // A partial refund takes one adult out of a party of adults (the rest still fly).
    const adults = booking.tickets.filter(
      (_, index) => passengers[index]!.traveller.passenger_type === 'adult',
    );
    const partial = fate === 'partial_refund' && adults.length >= 2 && seated === passengers.length;
    const leaving = partial ? [adults[adults.length - 1]!] : booking.tickets;
    const quotes = leaving.map((ticket) => {
      const passenger = passengers.find((p) => p.id === ticket.passengerId)!;
      return ticketRefund(
        pricing,
        {
          passengerType: passenger.traveller.passenger_type,
          fareMinor: passenger.fare,
          taxesMinor: passenger.taxes,
          paidMinor: ticket.paid,
        },
        'refund',
      ).refundMinor;
    });
    const amount = quotes.reduce((sum, value) => sum + value, 0);
    const order: PlannedOrder = {
      id: randomUUID(),
      no: input.orderNo(),
      bookingId: booking.id,
      kind: 'refund',
      amount,
      status: 'pending',
      tickets: leaving.map((ticket) => ticket.number),
      line: null,
      createdAt: askedAt,
      updatedAt: askedAt,
      allowed: null,
      decidedAt: null,
      decidedBy: null,
    };
    orders.push(order);
    for (const ticket of leaving) {
      ticket.status = 'refund_requested';
      ticket.updatedAt = askedAt;
    }
    step({
      action: 'refund_requested',
      to: 'refund_requested',
      note: `Refund ${order.no} of ${plural(leaving.length, 'ticket')} requested; ${money(amount, currency)} to be credited after penalties. Reason: ${pick(random, REFUND_REASONS)}`,
      actor: userId,
      at: askedAt,
    });
    const decidedAt = new Date(askedAt.getTime() + between(random, 2 * HOUR_MS, 40 * HOUR_MS));
    if (decidedAt > now) return booking;
    const line: LedgerLine | null =
      amount > 0
        ? {
            id: randomUUID(),
            at: decidedAt,
            kind: 'refund',
            amount,
            bookingId: booking.id,
            transactionId: null,
            note: `Refund ${order.no} for booking ${booking.pnr}`,
            userId: null,
          }
        : null;
    if (line) ledger.push(line);
    leaving.forEach((ticket, index) => {
      ticket.status = 'refunded';
      ticket.refunded = quotes[index]!;
      ticket.updatedAt = decidedAt;
    });
    Object.assign(order, {
      status: 'completed',
      line,
      allowed: amount,
      decidedAt,
      decidedBy: agency.operatorId,
      updatedAt: decidedAt,
    });
    const freed = partial ? leaving.length : 0;
    if (partial) booking.seats = seated - freed;
    step({
      action: 'refund_approved',
      to: partial ? 'partially_refunded' : 'refunded',
      note: `Refund ${order.no} approved by SkyDesk: ${money(amount, currency)} credited for ${plural(leaving.length, 'ticket')}${freed > 0 ? `; ${plural(freed, 'seat')} per flight released` : ''}`,
      actor: null,
      at: decidedAt,
    });
  }
  return booking;
}

/** Builds the plan: staff, travellers, bookings and what became of them, deposits, searches. */
async function planHistory(planner: Planner, staff: Plan['staff']): Promise<Plan> {
  const { random, agency, options } = planner;
  const { now, timeZone } = options;
  const nowMinute = Math.floor(now.getTime() / MINUTE_MS);
  const today = localDate(timeZone, nowMinute);
  const todayDay = epochDayOf(today);
  const firstDay = todayDay - options.days;
  const dayStart = (day: number) => new Date(startOfLocalDay(timeZone, dateOfEpochDay(day)) * MINUTE_MS);
  /** A local date `days` after the instant's own local date. */
  const localDatePlus = (at: Date, days: number) => dateOfEpochDay(epochDayOf(localDay(planner, at)) + days);
  const start = new Date(dayStart(firstDay).getTime() + 8 * HOUR_MS);

  // Who books, by how much they book.
  const bookers = [
    { id: agency.owner.id, weight: OWNER_BOOKS },
    ...staff.filter((member) => member.books > 0).map((member) => ({ id: member.id, weight: member.books })),
  ];
  const accountant = staff.find((member) => member.role === 'Accountant')?.id ?? agency.owner.id;

  // The agency's regular travellers (saved), and the one-off ones made as bookings need them.
  const usedPnrs = new Set<string>();
  const usedTickets = new Set<string>();
  const usedPassports = new Set<string>();
  const passport = () => {
    let number: string;
    do number = code(random, 'ABCDEFGHJKLMNPRSTUVWXYZ', 1) + code(random, '0123456789', 8);
    while (usedPassports.has(number));
    usedPassports.add(number);
    return number;
  };
  const person = (
    type: PassengerType,
    lastName: string | null,
    saved: boolean,
    travelDate: Date,
  ): Traveller => {
    const gender = random() < 0.5 ? 'M' : 'F';
    const age =
      type === 'adult'
        ? between(random, 24, 68)
        : type === 'child'
          ? between(random, 3, 11)
          : between(random, 0.3, 1.6);
    const born = isoDate(new Date(travelDate.getTime() - age * 365.25 * DAY_MS));
    const title =
      type === 'adult'
        ? gender === 'M'
          ? 'MR'
          : random() < 0.5
            ? 'MRS'
            : 'MS'
        : gender === 'M'
          ? 'MSTR'
          : 'MISS';
    return {
      id: randomUUID(),
      passenger_type: type,
      title,
      first_name: pick(random, GIVEN[gender]),
      last_name: lastName ?? pick(random, SURNAMES),
      gender,
      date_of_birth: born,
      nationality: pick(random, NATIONALITIES),
      passport_number: passport(),
      passport_expiry: addYears(isoDate(travelDate), 2 + Math.floor(random() * 7)),
      saved,
    };
  };
  const regulars: Traveller[] = Array.from({ length: 36 }, () =>
    person('adult', null, true, new Date(now.getTime() + 400 * DAY_MS)),
  );
  const travellers: Traveller[] = [...regulars];

  const partyFor = (party: (typeof PARTIES)[number], travelDate: Date): Traveller[] => {
    const lead =
      party.adults === 1 && party.children + party.infants === 0 && random() < 0.7
        ? pick(random, regulars)
        : person('adult', null, random() < 0.3, travelDate);
    const family = lead.last_name;
    const people = [lead];
    for (let i = 1; i < party.adults; i++)
      people.push(person('adult', random() < 0.6 ? family : null, false, travelDate));
    for (let i = 0; i < party.children; i++) people.push(person('child', family, false, travelDate));
    for (let i = 0; i < party.infants; i++) people.push(person('infant', family, false, travelDate));
    for (const one of people) if (!travellers.includes(one)) travellers.push(one);
    return people;
  };
  const newPnr = () => {
    let pnr: string;
    do pnr = code(random, PNR_ALPHABET, PNR_LENGTH);
    while (usedPnrs.has(pnr));
    usedPnrs.add(pnr);
    return pnr;
  };
  const ticketNumber = (carrier: string) => {
    let number: string;
    do number = `${ticketPrefix(carrier)}${code(random, '0123456789', 10)}`;
    while (usedTickets.has(number));
    usedTickets.add(number);
    return number;
  };
  // Orders are numbered in the order they were made once all are known (a refund asked in
  // November of a booking made in August comes after August's tickets): a token until then.
  let orderCount = 0;
  const orderNo = () => `{order ${++orderCount}}`;

  const bookings: PlannedBooking[] = [];
  const orders: PlannedOrder[] = [];
  const ledger: LedgerLine[] = [];
  const searches: PlannedSearch[] = [];

  /** Makes one booking on the route (one search before it, as the agent did), or nothing. */
  async function book(input: {
    createdAt: Date;
    userId: string;
    route: (typeof ROUTES)[number];
    outDate: string;
    backDate: string | null;
    cabin: Cabin;
    party: (typeof PARTIES)[number];
    fate: Fate;
    departAfter?: Date;
  }): Promise<PlannedBooking | null> {
    const carrier = pick(random, input.route.carriers);
    const tripType: TripType = input.backDate ? 'Return' : 'OneWay';
    const request = {
      from: input.route.from,
      to: input.route.to,
      carrier,
      tripType,
      outDate: input.outDate,
      backDate: input.backDate,
      party: input.party,
      departAfter: input.departAfter,
    };
    let cabin = input.cabin;
    let found = await findItinerary(planner, { ...request, cabin }, input.createdAt);
    if (!found && cabin !== 'Economy') {
      cabin = 'Economy';
      found = await findItinerary(planner, { ...request, cabin }, input.createdAt);
    }
    if (!found) return null;
    const searchedAt = new Date(input.createdAt.getTime() - between(random, 2, 25) * MINUTE_MS);
    searches.push({
      userId: input.userId,
      tripType,
      legs: [
        {
          departure_date_time: input.outDate,
          origin_location_code: input.route.from,
          destination_location_code: input.route.to,
        },
        ...(input.backDate
          ? [
              {
                departure_date_time: input.backDate,
                origin_location_code: input.route.to,
                destination_location_code: input.route.from,
              },
            ]
          : []),
      ],
      adults: input.party.adults,
      children: input.party.children,
      infants: input.party.infants,
      cabin,
      // The agent's own search allowed connections: the direct flights and more.
      results: found.results + Math.floor(random() * (input.backDate ? 240 : 40)),
      at: searchedAt,
    });
    const firstDeparture = new Date(`${input.outDate}T12:00:00Z`);
    const booking = playBooking(
      planner,
      {
        itinerary: found.itinerary,
        tripType,
        cabin,
        passengers: partyFor(input.party, firstDeparture),
        userId: input.userId,
        createdAt: input.createdAt,
        fate: input.fate,
        pnr: newPnr(),
        ticketNumber,
        orderNo,
      },
      ledger,
      orders,
    );
    if (booking) bookings.push(booking);
    return booking;
  }

  const lookup = (at: Date, userId: string) => {
    const route = pickWeighted(random, ROUTES);
    const out = localDatePlus(at, 2 + Math.floor(random() ** 2 * 60));
    const back = random() < 0.45 ? dateOfEpochDay(epochDayOf(out) + 2 + Math.floor(random() * 10)) : null;
    const party = pickWeighted(random, PARTIES);
    searches.push({
      userId,
      tripType: back ? 'Return' : 'OneWay',
      legs: [
        { departure_date_time: out, origin_location_code: route.from, destination_location_code: route.to },
        ...(back
          ? [
              {
                departure_date_time: back,
                origin_location_code: route.to,
                destination_location_code: route.from,
              },
            ]
          : []),
      ],
      adults: party.adults,
      children: party.children,
      infants: party.infants,
      cabin: random() < 0.8 ? 'Economy' : 'Business',
      results: random() < 0.04 ? 0 : Math.floor(between(random, 4, back ? 300 : 60)),
      at,
    });
  };

  // ── the past, day by day ──
  for (let day = firstDay; day < todayDay; day++) {
    const midnight = dayStart(day);
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // The agency grows a little over the months: a fifth more at the end than at the start.
    const growth = 0.9 + (0.2 * (day - firstDay)) / options.days;
    const count = Math.round((weekend ? between(random, 0, 1.3) : between(random, 1, 3.6)) * growth);
    for (let n = 0; n < count; n++) {
      const createdAt = new Date(midnight.getTime() + between(random, 8, 18.5) * HOUR_MS);
      const route = pickWeighted(random, ROUTES);
      const lead = route.longHaul ? 7 + Math.floor(random() ** 1.5 * 70) : 1 + Math.floor(random() ** 2 * 45);
      const outDate = localDatePlus(createdAt, lead);
      const backDate =
        random() < (route.longHaul ? 0.6 : 0.4)
          ? dateOfEpochDay(epochDayOf(outDate) + (route.longHaul ? 5 : 2) + Math.floor(random() * 9))
          : null;
      const cabin: Cabin =
        random() < (route.longHaul ? 0.14 : 0.04)
          ? 'Business'
          : random() < 0.06
            ? 'PremiumEconomy'
            : 'Economy';
      await book({
        createdAt,
        userId: pickWeighted(random, bookers).id,
        route,
        outDate,
        backDate,
        cabin,
        party: pickWeighted(random, PARTIES),
        fate: pickWeighted(random, FATES).fate,
      });
    }
    // Looking without booking: a handful of searches a working day.
    const looks = Math.round((weekend ? between(random, 0, 4) : between(random, 5, 14)) * growth);
    for (let n = 0; n < looks; n++) {
      lookup(
        new Date(midnight.getTime() + between(random, 7.5, 19) * HOUR_MS),
        pickWeighted(random, bookers).id,
      );
    }
  }

  // ── the present ──
  // Tickets departing today and tomorrow (the dashboard's departures), bought days ago.
  const sfoRoutes = ROUTES.filter((route) => route.from === 'SFO');
  for (const [offset, count] of [
    [0, 3],
    [1, 3],
  ] as const) {
    const date = dateOfEpochDay(todayDay + offset);
    for (let n = 0, tries = 0; n < count && tries < 12; tries++) {
      const createdAt = new Date(
        dayStart(todayDay - 3 - Math.floor(random() * 12)).getTime() + between(random, 9, 17) * HOUR_MS,
      );
      const made = await book({
        createdAt,
        userId: pickWeighted(random, bookers).id,
        route: pickWeighted(random, sfoRoutes),
        outDate: date,
        backDate: null,
        cabin: 'Economy',
        party: PARTIES[n % 2]!,
        fate: 'ticket',
        departAfter: new Date(now.getTime() + HOUR_MS),
      });
      if (made && made.status === 'ticketed') n++;
    }
  }
  // Holds live now, two of them due within a few hours (a hold lasts its hold time at most).
  const holdMs = options.hold.holdMinutes * MINUTE_MS;
  for (const dueIn of [2.5 * HOUR_MS, 4.75 * HOUR_MS, 19 * HOUR_MS]) {
    const createdAt = new Date(now.getTime() - holdMs + Math.min(dueIn, holdMs * 0.9));
    const route = pickWeighted(random, sfoRoutes);
    await book({
      createdAt,
      userId: pickWeighted(random, bookers).id,
      route,
      outDate: localDatePlus(createdAt, 4 + Math.floor(random() * 20)),
      backDate: null,
      cabin: route.longHaul ? 'Business' : 'Economy',
      party: PARTIES[Math.floor(random() * 2)]!,
      fate: 'hold',
    });
  }

  const deposits = planMoney(planner, { ledger, accountant, start, bookings });
  return { staff, travellers, bookings, orders, ledger, deposits, searches, start };
}

/**
 * The ledger in posting order from the opening credits, with the deposits the agency made to
 * keep paying: whenever a ticket would take the balance under a floor, a deposit recorded the day
 * before is approved hours ahead of it. Once in the history a deposit is rejected first (a wrong
 * bank reference) and recorded again; and one recorded yesterday still waits for SkyDesk.
 */
function planMoney(
  planner: Planner,
  input: { ledger: LedgerLine[]; accountant: string; start: Date; bookings: PlannedBooking[] },
): PlannedDeposit[] {
  const { random, agency, options } = planner;
  const { now } = options;
  const FLOOR = 300_000;
  const deposits: PlannedDeposit[] = [];
  const opening: LedgerLine = {
    id: randomUUID(),
    at: input.start,
    kind: 'adjustment',
    amount: agency.openingCreditsMinor,
    bookingId: null,
    transactionId: null,
    note: OPENING_NOTE,
    userId: null,
  };
  const lines = [...input.ledger].sort((a, b) => a.at.getTime() - b.at.getTime());
  const posted: LedgerLine[] = [opening];
  let balance = opening.amount;
  let rejectedOne = false;
  let referenceNo = 4_100 + Math.floor(random() * 800);

  const deposit = (approveBy: Date, amount: number) => {
    // Approved after the last line posted and before the line it pays for: posting order is time order.
    const last = posted[posted.length - 1]!.at.getTime();
    const by = approveBy.getTime();
    const approvedAt = new Date(
      by - last > 2 * MINUTE_MS
        ? Math.min(by - MINUTE_MS, Math.max(last + MINUTE_MS, by - between(random, 1, 5) * HOUR_MS))
        : last + (by - last) / 2,
    );
    const createdAt = new Date(approvedAt.getTime() - between(random, 3, 26) * HOUR_MS);
    const bankId = agency.bankIds[deposits.length % agency.bankIds.length]!;
    const reference = () => `FT26${String(++referenceNo).padStart(6, '0')}`;
    // Once, half-way through: the first attempt named a reference the bank never sent.
    if (!rejectedOne && approvedAt.getTime() - input.start.getTime() > (options.days / 2) * DAY_MS) {
      rejectedOne = true;
      const triedAt = new Date(createdAt.getTime() - between(random, 20, 30) * HOUR_MS);
      deposits.push({
        id: randomUUID(),
        bankId,
        amount,
        depositDate: localDay(planner, triedAt),
        reference: reference(),
        note: 'Top-up for the month',
        status: 'rejected',
        rejection:
          'No transfer with this reference reached our account; record it again with the reference on your bank statement',
        createdBy: input.accountant,
        createdAt: triedAt,
        decidedAt: new Date(triedAt.getTime() + between(random, 2, 6) * HOUR_MS),
        line: null,
      });
    }
    const id = randomUUID();
    const line: LedgerLine = {
      id: randomUUID(),
      at: approvedAt,
      kind: 'deposit',
      amount,
      bookingId: null,
      transactionId: id,
      note: '',
      userId: null,
    };
    const ref = reference();
    line.note = `Bank deposit ${ref}`;
    deposits.push({
      id,
      bankId,
      amount,
      depositDate: localDay(planner, createdAt),
      reference: ref,
      note: random() < 0.5 ? 'Top-up' : null,
      status: 'approved',
      rejection: null,
      createdBy: input.accountant,
      createdAt,
      decidedAt: approvedAt,
      line,
    });
    posted.push(line);
    balance += amount;
  };

  for (const line of lines) {
    if (line.amount < 0 && balance + line.amount < FLOOR) {
      deposit(line.at, pick(random, [3_000_000, 4_000_000, 5_000_000]));
    }
    posted.push(line);
    balance += line.amount;
  }
  // Live holds must fit what the agency can pay (HOLD_VALUE_RATIO 1) with room to spare.
  const held = input.bookings
    .filter((booking) => booking.status === 'booked')
    .reduce((sum, booking) => sum + booking.total, 0);
  if (balance < held + FLOOR) deposit(now, 1_500_000);
  // Recorded yesterday afternoon, not decided yet: the operators' queue has one.
  const yesterday = new Date(now.getTime() - between(random, 16, 22) * HOUR_MS);
  deposits.push({
    id: randomUUID(),
    bankId: agency.bankIds[0]!,
    amount: 1_000_000,
    depositDate: localDay(planner, yesterday),
    reference: `FT26${String(++referenceNo).padStart(6, '0')}`,
    note: 'Top-up before the holidays',
    status: 'pending',
    rejection: null,
    createdBy: input.accountant,
    createdAt: yesterday,
    decidedAt: null,
    line: null,
  });
  input.ledger.splice(0, input.ledger.length, ...posted);
  return deposits;
}

// ── writing it ──────────────────────────────────────────────────────────────────────────────

/**
 * One INSERT … SELECT per table: the rows travel as one JSON document that
 * `jsonb_populate_recordset` turns into the table's own row type, so the store parses a single
 * parameter instead of binding thousands (several times faster on PGlite than a multi-row VALUES
 * of the same rows). Columns left out of the rows take their defaults; jsonb columns take objects.
 */
async function insertRows<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: Partial<Record<keyof Database[T] & string, unknown>>[],
) {
  if (rows.length === 0) return;
  const columns = sql.join(Object.keys(rows[0]!).map((column) => sql.id(column)));
  await sql`
    insert into ${sql.table(table)} (${columns})
    select ${columns} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
  `.execute(trx);
}

/** A one-page PDF saying what a bank's transfer advice says: the deposit's receipt. */
export function receiptPdf(lines: readonly string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
  const content = [
    'BT /F1 11 Tf 56 780 Td 15 TL',
    ...lines.map((line, index) => `${index === 0 ? '' : 'T* '}(${pdfText(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Seeds the demo agency's history inside the seeding transaction (seed-demo.ts), on a store whose
 * agency has no ledger line yet: the opening credits are the history's first line.
 */
export async function seedDemoHistory(
  trx: Transaction<Database>,
  agency: DemoAgency,
  options: DemoHistoryOptions,
): Promise<DemoHistorySummary> {
  const planner: Planner = {
    random: createRandom(options.seed ?? 15),
    supplier: options.supplier ?? (await demoSupplier(agency.currency)),
    agency,
    options: {
      now: options.now,
      timeZone: options.timeZone,
      days: options.days ?? DEMO_HISTORY_DAYS,
      hold: options.hold ?? { holdMinutes: 24 * 60, cutoffMinutes: 180 },
    },
  };

  // The staff who book and keep the money, there since the history's start; they sign in with
  // the demo password (the owner's hash) and enrol their own authenticator.
  const roles = await trx
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('company_id', '=', agency.companyId)
    .execute();
  const roleId = (name: string) => {
    const role = roles.find((row) => row.name === name);
    if (!role) throw new Error(`The demo agency has no ${name} role`);
    return role.id;
  };
  const staff = STAFF.map((member) => ({ id: randomUUID(), ...member }));
  const plan = await planHistory(planner, staff);
  const { companyId, currency } = agency;
  const started = plan.start;

  // The agency was there before its history: registered a month before it, approved by the demo
  // operator the next day, with the platform's bank accounts already open (all made "now" by the
  // seed, moved back to then).
  const registered = new Date(started.getTime() - 30 * DAY_MS);
  const approved = new Date(registered.getTime() + 20 * HOUR_MS);
  // (Plain SQL: the schema keeps created_at out of updates, as nothing else may move it.)
  const opened = new Date(registered.getTime() - 60 * DAY_MS);
  await sql`update companies set created_at = ${registered}, updated_at = ${approved} where id = ${companyId}`.execute(
    trx,
  );
  await sql`update roles set created_at = ${registered}, updated_at = ${registered} where company_id = ${companyId}`.execute(
    trx,
  );
  await sql`
    update users set created_at = ${registered}, updated_at = ${registered}, email_verified_at = ${registered}
    where id = ${agency.owner.id}`.execute(trx);
  await sql`update operators set created_at = ${opened} where id = ${agency.operatorId}`.execute(trx);
  await sql`
    update banks set created_at = ${opened}, updated_at = ${opened}
    where id in (${sql.join(agency.bankIds)})`.execute(trx);
  await insertRows(trx, 'company_decisions', [
    {
      company_id: companyId,
      operator_id: agency.operatorId,
      action: 'approve',
      from_status: 'pending_review',
      to_status: 'approved',
      created_at: approved,
    },
  ]);

  // Who was last seen when: the staff's last booking or search.
  const lastSeen = new Map<string, Date>();
  const seen = (userId: string, at: Date) => {
    if ((lastSeen.get(userId)?.getTime() ?? 0) < at.getTime()) lastSeen.set(userId, at);
  };
  for (const booking of plan.bookings) seen(booking.createdBy, booking.createdAt);
  for (const search of plan.searches) seen(search.userId, search.at);
  for (const deposit of plan.deposits) seen(deposit.createdBy, deposit.createdAt);

  await insertRows(
    trx,
    'users',
    staff.map((member) => ({
      id: member.id,
      company_id: companyId,
      role_id: roleId(member.role),
      name: member.name,
      email: member.email,
      phone: `+1 415 555 01${String(10 + staff.indexOf(member)).padStart(2, '0')}`,
      password_hash: agency.owner.passwordHash,
      email_verified_at: started,
      last_sign_in_at: lastSeen.get(member.id) ?? null,
      created_at: started,
      updated_at: started,
    })),
  );

  await trx
    .updateTable('users')
    .set({ last_sign_in_at: lastSeen.get(agency.owner.id) ?? null })
    .where('id', '=', agency.owner.id)
    .execute();

  // Saved travellers: the regulars, saved when they first flew with the agency, by who booked them.
  const firstUse = new Map<Traveller, PlannedBooking>();
  for (const booking of plan.bookings) {
    for (const passenger of booking.passengers) {
      if (!firstUse.has(passenger.traveller)) firstUse.set(passenger.traveller, booking);
    }
  }
  const saved = plan.travellers.filter((traveller) => traveller.saved && firstUse.has(traveller));
  await insertRows(
    trx,
    'travellers',
    saved.map((traveller) => ({
      id: traveller.id,
      company_id: companyId,
      passenger_type: traveller.passenger_type,
      title: traveller.title,
      first_name: traveller.first_name,
      last_name: traveller.last_name,
      gender: traveller.gender,
      date_of_birth: traveller.date_of_birth,
      nationality: traveller.nationality,
      passport_number: traveller.passport_number,
      passport_expiry: traveller.passport_expiry,
      created_by: firstUse.get(traveller)!.createdBy,
      created_at: firstUse.get(traveller)!.createdAt,
      updated_at: firstUse.get(traveller)!.createdAt,
    })),
  );
  const savedIds = new Set(saved.map((traveller) => traveller.id));

  await insertRows(
    trx,
    'bookings',
    plan.bookings.map((booking) => ({
      id: booking.id,
      company_id: companyId,
      pnr: booking.pnr,
      status: booking.status,
      trip_type: booking.tripType,
      cabin: booking.cabin,
      validating_carrier: booking.itinerary.ValidatingCarrier,
      itinerary: booking.itinerary,
      total_minor: booking.total,
      currency,
      contact_email: booking.contactEmail,
      contact_phone: booking.contactPhone,
      ticketing_deadline: booking.deadline,
      first_departure_at: booking.firstDepartureAt,
      last_departure_date: booking.lastDepartureDate,
      issued_at: booking.issuedAt,
      void_until: booking.voidUntil,
      // A hold that ended was warned of before its end, if it lasted that long; live ones are
      // warned by the server's sweep as their deadline nears.
      expiry_warned_at: null,
      created_by: booking.createdBy,
      created_at: booking.createdAt,
      updated_at: booking.updatedAt,
    })),
  );
  await insertRows(
    trx,
    'booking_passengers',
    plan.bookings.flatMap((booking) =>
      booking.passengers.map((passenger, position) => ({
        id: passenger.id,
        booking_id: booking.id,
        position,
        passenger_type: passenger.traveller.passenger_type,
        title: passenger.traveller.title,
        first_name: passenger.traveller.first_name,
        last_name: passenger.traveller.last_name,
        gender: passenger.traveller.gender,
        date_of_birth: passenger.traveller.date_of_birth,
        nationality: passenger.traveller.nationality,
        passport_number: passenger.traveller.passport_number,
        passport_expiry: passenger.traveller.passport_expiry,
        traveller_id: savedIds.has(passenger.traveller.id) ? passenger.traveller.id : null,
        fare_minor: passenger.fare,
        taxes_minor: passenger.taxes,
      })),
    ),
  );
  await insertRows(
    trx,
    'booking_segments',
    plan.bookings.flatMap((booking) =>
      booking.segments.map((segment, position) => ({
        booking_id: booking.id,
        position,
        leg: segment.leg,
        flight: segment.flight,
        departure_date: segment.date,
        cabin: segment.cabin,
        seats: booking.seats,
        departs_at: segment.departsAt,
      })),
    ),
  );
  await insertRows(
    trx,
    'tickets',
    plan.bookings.flatMap((booking) =>
      booking.tickets.map((ticket) => ({
        ticket_number: ticket.number,
        booking_id: booking.id,
        passenger_id: ticket.passengerId,
        status: ticket.status,
        paid_minor: ticket.paid,
        refunded_minor: ticket.refunded,
        issued_at: ticket.issuedAt,
        updated_at: ticket.updatedAt,
      })),
    ),
  );

  // Order numbers from the store's sequence, in the order the orders were made.
  const orders = [...plan.orders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const { rows } = await sql<{ first: string }>`select nextval('order_no_seq') as first`.execute(trx);
  const firstNo = Number(rows[0]!.first);
  const orderNoOf = new Map(orders.map((order, index) => [order.no, `ORD-${firstNo + index}`]));
  if (orders.length > 1)
    await sql`select setval('order_no_seq', ${firstNo + orders.length - 1})`.execute(trx);
  const renameOrders = (text: string) => text.replace(/\{order \d+\}/g, (token) => orderNoOf.get(token)!);

  // The ledger, numbered 1..n in posting order with the balance and the credits after each line.
  let balance = 0;
  let credits = 0;
  const ledgerRows = plan.ledger.map((line, index) => {
    balance += line.amount;
    credits += Math.max(line.amount, 0);
    return {
      id: line.id,
      company_id: companyId,
      seq: index + 1,
      kind: line.kind,
      amount_minor: line.amount,
      balance_after_minor: balance,
      credits_after_minor: credits,
      currency,
      booking_id: line.bookingId,
      transaction_id: line.transactionId,
      note: renameOrders(line.note),
      created_by: line.userId,
      created_at: line.at,
    };
  });
  if (ledgerRows.some((row) => row.balance_after_minor < 0))
    throw new Error('The demo history overdraws the agency');
  await insertRows(trx, 'ledger_entries', ledgerRows);
  await trx
    .insertInto('credit_balances')
    .values({
      company_id: companyId,
      currency,
      balance_minor: balance,
      entry_count: ledgerRows.length,
      credits_total_minor: credits,
      updated_at: options.now,
    })
    .onConflict((conflict) =>
      conflict.column('company_id').doUpdateSet({
        balance_minor: balance,
        entry_count: ledgerRows.length,
        credits_total_minor: credits,
        updated_at: options.now,
      }),
    )
    .execute();

  // Deposits with their receipts (a transfer advice each, when there is somewhere to keep it).
  const receipts = new Map<string, { key: string; size: number }>();
  for (const deposit of plan.deposits) {
    const content = receiptPdf([
      'Bank transfer advice',
      '',
      `Date: ${deposit.depositDate}`,
      `Reference: ${deposit.reference}`,
      `Amount: ${money(deposit.amount, currency)}`,
      'Ordering customer: Demo Travels, 1 Market Street, San Francisco',
      'Beneficiary: SkyDesk Travel Technologies',
    ]);
    const key = options.files ? await options.files.put(content) : randomBytes(24).toString('base64url');
    receipts.set(deposit.id, { key, size: content.length });
  }
  await insertRows(
    trx,
    'deposit_transactions',
    plan.deposits.map((deposit) => ({
      id: deposit.id,
      company_id: companyId,
      bank_id: deposit.bankId,
      amount_minor: deposit.amount,
      currency,
      deposit_date: deposit.depositDate,
      reference_no: deposit.reference,
      note: deposit.note,
      status: deposit.status,
      rejection_reason: deposit.rejection,
      receipt_key: receipts.get(deposit.id)!.key,
      receipt_file_name: `transfer-${deposit.reference}.pdf`,
      receipt_content_type: 'application/pdf',
      receipt_size_bytes: receipts.get(deposit.id)!.size,
      created_by: deposit.createdBy,
      created_at: deposit.createdAt,
      decided_at: deposit.decidedAt,
      decided_by: deposit.decidedAt ? agency.operatorId : null,
      ledger_entry_id: deposit.line?.id ?? null,
    })),
  );
  await insertRows(
    trx,
    'orders',
    orders.map((order) => ({
      id: order.id,
      order_no: orderNoOf.get(order.no)!,
      company_id: companyId,
      booking_id: order.bookingId,
      kind: order.kind,
      amount_minor: order.amount,
      currency,
      status: order.status,
      ticket_numbers: order.tickets,
      ledger_entry_id: order.line?.id ?? null,
      allowed_minor: order.allowed,
      decided_at: order.decidedAt,
      decided_by: order.decidedBy,
      decision_reason: null,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
    })),
  );
  await insertRows(
    trx,
    'booking_events',
    plan.bookings.flatMap((booking) =>
      booking.events.map((event) => ({
        booking_id: booking.id,
        action: event.action,
        from_status: event.from,
        to_status: event.to,
        note: renameOrders(event.note),
        actor_user_id: event.actor,
        created_at: event.at,
      })),
    ),
  );
  await insertRows(
    trx,
    'search_history',
    plan.searches.map((search) => ({
      company_id: companyId,
      user_id: search.userId,
      trip_type: search.tripType,
      origin_destinations: search.legs,
      adult_quantity: search.adults,
      child_quantity: search.children,
      infant_quantity: search.infants,
      cabin: search.cabin,
      result_count: search.results,
      created_at: search.at,
    })),
  );
  // What SkyDesk's operators did for the agency, in their audit log as they would have left it.
  await insertRows(trx, 'audit_log', [
    ...plan.deposits
      .filter((deposit) => deposit.decidedAt)
      .map((deposit) => ({
        actor_id: agency.operatorId,
        action: deposit.status === 'approved' ? ('deposit.approve' as const) : ('deposit.reject' as const),
        target_type: 'deposit' as const,
        target_id: deposit.id,
        before: { status: 'pending' },
        after: {
          status: deposit.status,
          amount: minorToAmount(deposit.amount),
          currency,
          reference_no: deposit.reference,
          ...(deposit.line ? { ledger_entry_id: deposit.line.id } : { reason: deposit.rejection }),
        },
        ip: null,
        request_id: null,
        created_at: deposit.decidedAt!,
      })),
    ...orders
      .filter((order) => order.kind === 'refund' && order.decidedAt)
      .map((order) => ({
        actor_id: agency.operatorId,
        action: 'refund.approve' as const,
        target_type: 'refund' as const,
        target_id: order.id,
        before: { status: 'pending', allowed: minorToAmount(order.allowed ?? 0) },
        after: {
          status: 'approved',
          amount: minorToAmount(order.amount),
          currency,
          reason: null,
          ledger_entry_id: order.line?.id ?? null,
        },
        ip: null,
        request_id: null,
        created_at: order.decidedAt!,
      })),
  ]);

  // The seats live bookings hold, flight by flight: the sandbox's inventory starts from them.
  await sql`
    insert into seat_inventory (flight, departure_date, cabin, seats_sold, updated_at)
    select s.flight, s.departure_date, s.cabin, sum(s.seats), ${options.now}::timestamptz
    from booking_segments s
    join bookings b on b.id = s.booking_id
    where b.company_id = ${companyId}
      and b.status in ('booked', 'ticketed', 'refund_requested', 'partially_refunded')
    group by s.flight, s.departure_date, s.cabin
    on conflict (flight, departure_date, cabin)
      do update set seats_sold = seat_inventory.seats_sold + excluded.seats_sold
  `.execute(trx);

  const byStatus: DemoHistorySummary['byStatus'] = {};
  for (const booking of plan.bookings) byStatus[booking.status] = (byStatus[booking.status] ?? 0) + 1;
  return {
    bookings: plan.bookings.length,
    byStatus,
    ledgerLines: ledgerRows.length,
    balanceMinor: balance,
    deposits: plan.deposits.length,
    searches: plan.searches.length,
    liveHolds: byStatus.booked ?? 0,
  };
}
