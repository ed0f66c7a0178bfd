import { randomUUID } from 'node:crypto';
import { amountToMinor, type Cabin, type PricedItinerary, type TripType } from '@skydesk/contract';
import { sql, type Transaction } from 'kysely';
import {
  PNR_ALPHABET,
  PNR_LENGTH,
  refundFiguresText,
  ticketingDeadline,
  ticketRefund,
  utcMinute,
  voidUntil as voidWindowEnd,
} from '../../modules/bookings/index.js';
import type { Database } from '../../platform/db/schema.js';
import { ticketPrefix } from '../../supplier/sandbox/index.js';
import type { Party, Route } from './market.js';
import {
  between,
  code,
  DAY_MS,
  type Event,
  HOUR_MS,
  type LedgerLine,
  MINUTE_MS,
  money,
  type Plan,
  type PlannedBooking,
  type PlannedOrder,
  type PlannedPassenger,
  type PlannedSearch,
  type Planner,
  pick,
  plural,
  type Random,
  type Traveller,
} from './plan.js';
import { insertRows } from './rows.js';
import { searchBeforeBooking } from './searches.js';

/**
 * The agency's bookings: each a real itinerary of the sandbox, searched as of the moment it was
 * booked, and what became of it (ticketed, voided, refunded, cancelled, expired, or still held).
 */

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
export type Fate = 'hold' | 'ticket' | 'void' | 'refund' | 'partial_refund' | 'cancel' | 'expire';
export const FATES: { fate: Fate; weight: number }[] = [
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
    note: `Seats held until ${utcMinute(deadline, options.timeZone)}; total ${money(total, currency)}`,
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
      );
    });
    const sum = (figure: 'paidMinor' | 'penaltyMinor' | 'refundMinor') =>
      quotes.reduce((total, quote) => total + quote[figure], 0);
    const amount = sum('refundMinor');
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
      // The wording a real request's history has (after-sales/service.ts): the same figures everywhere.
      note: `Refund ${order.no} of ${plural(leaving.length, 'ticket')} requested: ${refundFiguresText(
        { paidMinor: sum('paidMinor'), penaltyMinor: sum('penaltyMinor'), refundMinor: amount },
        currency,
      ).replace(' returned', ' to be returned')}. Reason: ${pick(random, REFUND_REASONS)}`,
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
      ticket.refunded = quotes[index]!.refundMinor;
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

/**
 * References drawn for the history, never twice: PNRs, ticket numbers (the validating carrier's
 * accounting code first, as the sandbox numbers them), and order tokens.
 */
export function createReferences(random: Random) {
  const usedPnrs = new Set<string>();
  const usedTickets = new Set<string>();
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
  return { newPnr, ticketNumber, orderNo };
}
export type References = ReturnType<typeof createReferences>;

/** What planning a booking adds to: the plan's lists, its travellers and its references. */
export type BookingDesk = {
  planner: Planner;
  partyFor: (party: Party, travelDate: Date) => Traveller[];
  references: References;
  bookings: PlannedBooking[];
  orders: PlannedOrder[];
  ledger: LedgerLine[];
  searches: PlannedSearch[];
};

/** Makes one booking on the route (one search before it, as the agent did), or nothing. */
export async function book(
  desk: BookingDesk,
  input: {
    createdAt: Date;
    userId: string;
    route: Route;
    outDate: string;
    backDate: string | null;
    cabin: Cabin;
    party: Party;
    fate: Fate;
    departAfter?: Date;
  },
): Promise<PlannedBooking | null> {
  const { planner, references } = desk;
  const { random } = planner;
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
  desk.searches.push(
    searchBeforeBooking(random, input, { tripType, cabin, results: found.results, at: searchedAt }),
  );
  const firstDeparture = new Date(`${input.outDate}T12:00:00Z`);
  const booking = playBooking(
    planner,
    {
      itinerary: found.itinerary,
      tripType,
      cabin,
      passengers: desk.partyFor(input.party, firstDeparture),
      userId: input.userId,
      createdAt: input.createdAt,
      fate: input.fate,
      pnr: references.newPnr(),
      ticketNumber: references.ticketNumber,
      orderNo: references.orderNo,
    },
    desk.ledger,
    desk.orders,
  );
  if (booking) desk.bookings.push(booking);
  return booking;
}

/** The bookings, their passengers, flights and tickets. */
export async function writeBookings(
  trx: Transaction<Database>,
  plan: Plan,
  input: { companyId: string; currency: string; savedIds: ReadonlySet<string> },
) {
  const { companyId, currency, savedIds } = input;
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
}

/**
 * Order numbers from the store's sequence, in the order the orders were made; the plan's tokens
 * (`{order 3}`) in notes and history become those numbers.
 */
export async function numberOrders(trx: Transaction<Database>, plan: Plan) {
  const orders = [...plan.orders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const { rows } = await sql<{ first: string }>`select nextval('order_no_seq') as first`.execute(trx);
  const firstNo = Number(rows[0]!.first);
  const orderNoOf = new Map(orders.map((order, index) => [order.no, `ORD-${firstNo + index}`]));
  if (orders.length > 1)
    await sql`select setval('order_no_seq', ${firstNo + orders.length - 1})`.execute(trx);
  const renameOrders = (text: string) => text.replace(/\{order \d+\}/g, (token) => orderNoOf.get(token)!);
  return { orders, orderNoOf, renameOrders };
}

export async function writeOrders(
  trx: Transaction<Database>,
  orders: readonly PlannedOrder[],
  input: { companyId: string; currency: string; orderNoOf: ReadonlyMap<string, string> },
) {
  const { companyId, currency, orderNoOf } = input;
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
}

/** Each booking's history, in the services' words. */
export async function writeBookingEvents(
  trx: Transaction<Database>,
  plan: Plan,
  renameOrders: (text: string) => string,
) {
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
}

/** The seats live bookings hold, flight by flight: the sandbox's inventory starts from them. */
export async function writeHeldSeats(trx: Transaction<Database>, companyId: string, now: Date) {
  await sql`
    insert into seat_inventory (flight, departure_date, cabin, seats_sold, updated_at)
    select s.flight, s.departure_date, s.cabin, sum(s.seats), ${now}::timestamptz
    from booking_segments s
    join bookings b on b.id = s.booking_id
    where b.company_id = ${companyId}
      and b.status in ('booked', 'ticketed', 'refund_requested', 'partially_refunded')
    group by s.flight, s.departure_date, s.cabin
    on conflict (flight, departure_date, cabin)
      do update set seats_sold = seat_inventory.seats_sold + excluded.seats_sold
  `.execute(trx);
}
