import type {
  Booking,
  BookingDetails,
  BookingEvent,
  BookingPassenger,
  Credits,
  Order,
  OrderPage,
  PricedItinerary,
  Ticket,
  Traveller,
} from '@skydesk/contract';
import { segmentsOfItinerary } from '../../../entities/bookings/booking-segments';
import { sampleUser } from '../../../testing/fake-session';
import { lhrJfk, sampleRoutes } from '../../../testing/itineraries';

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });
const round = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The same offer priced for a family: adults at the adult fare, children at 75 %, infants at
 * 10 % of the base with the adult's taxes halved (what the sandbox does, near enough).
 */
export function forFamily(
  itinerary: PricedItinerary,
  { adults, children = 0, infants = 0 }: { adults: number; children?: number; infants?: number },
): PricedItinerary {
  const pricing = itinerary.AirItineraryPricingInfo;
  const adult = pricing.PTC_FareBreakdowns.PTC_FareBreakdown[0]!.PassengerFare;
  const fare = (share: number, taxShare: number) => {
    const base = round(adult.BaseFare.Amount * share);
    const taxes = round(adult.Taxes.Amount * taxShare);
    return { BaseFare: usd(base), Taxes: usd(taxes), TotalFare: usd(round(base + taxes)) };
  };
  const breakdowns = [
    { PassengerTypeQuantity: { Code: 'ADT' as const, Quantity: adults }, PassengerFare: fare(1, 1) },
    ...(children
      ? [
          {
            PassengerTypeQuantity: { Code: 'CNN' as const, Quantity: children },
            PassengerFare: fare(0.75, 1),
          },
        ]
      : []),
    ...(infants
      ? [
          {
            PassengerTypeQuantity: { Code: 'INF' as const, Quantity: infants },
            PassengerFare: fare(0.1, 0.5),
          },
        ]
      : []),
  ];
  const sum = (pick: (b: (typeof breakdowns)[number]['PassengerFare']) => number) =>
    round(
      breakdowns.reduce((total, b) => total + pick(b.PassengerFare) * b.PassengerTypeQuantity.Quantity, 0),
    );
  return {
    ...itinerary,
    AirItineraryPricingInfo: {
      ...pricing,
      ItinTotalFare: {
        BaseFare: usd(sum((f) => f.BaseFare.Amount)),
        Taxes: { Total: usd(sum((f) => f.Taxes.Amount)) },
        TotalFare: usd(sum((f) => f.TotalFare.Amount)),
      },
      PTC_FareBreakdowns: { PTC_FareBreakdown: breakdowns },
    },
  };
}

/** BA 117 LHR → JFK on 22 Dec 2026 for two adults, a child and an infant. */
export const familyOffer = forFamily(lhrJfk.baMorning, { adults: 2, children: 1, infants: 1 });

export const savedTravellers: Traveller[] = [
  {
    id: '0b7a4c8e-4a1f-4b8e-9a51-1c2d3e4f5a61',
    passenger_type: 'adult',
    title: 'MRS',
    first_name: 'LAYLA',
    last_name: 'HASSAN',
    gender: 'F',
    date_of_birth: '1988-04-12',
    nationality: 'AE',
    passport_number: 'P1234567',
    passport_expiry: '2031-03-01',
    updated_at: '2026-10-01T10:00:00.000Z',
  },
  {
    id: '1c8b5d9f-5b2a-4c9f-8b62-2d3e4f5a6b72',
    passenger_type: 'adult',
    title: 'MR',
    first_name: 'OMAR',
    last_name: 'HASSAN',
    gender: 'M',
    date_of_birth: '1985-09-30',
    nationality: 'AE',
    passport_number: 'P7654321',
    passport_expiry: '2030-11-15',
    updated_at: '2026-10-01T10:00:00.000Z',
  },
];

let idCounter = 0;
const uuid = () => {
  idCounter += 1;
  return `00000000-0000-4000-8000-${String(idCounter).padStart(12, '0')}`;
};

const passenger = (fields: Omit<BookingPassenger, 'id' | 'traveller_id'>): BookingPassenger => ({
  id: uuid(),
  traveller_id: null,
  ...fields,
});

export const BOOKING_ID = 'b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

/** A booking of BA 117 for two adults, held until the deadline (status booked). */
export function heldBooking(overrides: Partial<BookingDetails> = {}): BookingDetails {
  const offer = forFamily(lhrJfk.baMorning, { adults: 2 });
  const passengers = [
    passenger({
      passenger_type: 'adult',
      title: 'MRS',
      first_name: 'LAYLA',
      last_name: 'HASSAN',
      gender: 'F',
      date_of_birth: '1988-04-12',
      nationality: 'AE',
      passport_number: 'P1234567',
      passport_expiry: '2031-03-01',
    }),
    passenger({
      passenger_type: 'adult',
      title: 'MR',
      first_name: 'OMAR',
      last_name: 'HASSAN',
      gender: 'M',
      date_of_birth: '1985-09-30',
      nationality: 'AE',
      passport_number: 'P7654321',
      passport_expiry: '2030-11-15',
    }),
  ];
  const created: BookingEvent = {
    id: uuid(),
    action: 'booked',
    from_status: null,
    to_status: 'booked',
    note: 'Seats held',
    actor: { id: sampleUser.id, name: sampleUser.name },
    created_at: hours(-1),
  };
  return {
    id: BOOKING_ID,
    pnr: 'K7Q2ZD',
    status: 'booked',
    trip_type: 'OneWay',
    cabin: 'Economy',
    validating_carrier: 'BA',
    created_at: hours(-1),
    ticketing_deadline: hours(5),
    void_until: null,
    total: offer.AirItineraryPricingInfo.ItinTotalFare.TotalFare,
    services_total: {
      Amount: 0,
      CurrencyCode: offer.AirItineraryPricingInfo.ItinTotalFare.TotalFare.CurrencyCode,
    },
    pricing: offer.AirItineraryPricingInfo,
    contact: { email: 'amina@demo-travels.example', phone: '+971 50 123 4567' },
    passengers,
    segments: segmentsOfItinerary(offer),
    tickets: [],
    created_by: { id: sampleUser.id, name: sampleUser.name },
    allowed_actions: ['issue', 'cancel'],
    supplier: { code: 'sandbox', reference: null, state: null, airline_change_at: null },
    history: [created],
    services: [],
    ...overrides,
  };
}

/** The held booking after issuing: one 13-digit BA ticket (prefix 125) per passenger. */
export function ticketedBooking(overrides: Partial<BookingDetails> = {}): BookingDetails {
  const held = heldBooking();
  const tickets: Ticket[] = held.passengers.map((p, index) => ({
    ticket_number: `125000000000${index + 1}`,
    passenger_id: p.id,
    passenger_name: `${p.first_name} ${p.last_name}`,
    status: 'issued',
    paid: usd(610.5),
    issued_at: hours(-0.5),
  }));
  return {
    ...held,
    status: 'ticketed',
    void_until: hours(23.5),
    tickets,
    allowed_actions: ['void'],
    history: [
      ...held.history,
      {
        id: uuid(),
        action: 'ticketed',
        from_status: 'booked',
        to_status: 'ticketed',
        note: 'US$1,221.00 debited from credits',
        actor: { id: sampleUser.id, name: sampleUser.name },
        created_at: hours(-0.5),
      },
    ],
    ...overrides,
  };
}

/** A list entry: the booking without its history. */
export const asListed = ({ history: _history, ...booking }: BookingDetails): Booking => booking;

/** The agency's credits: a balance and, when given, a credit limit (available = their sum). */
export const credits = (balance: number, creditLimit = 0): Credits => ({
  balance,
  credit_limit: creditLimit,
  available: Math.round((balance + creditLimit) * 100) / 100,
  currency: 'USD',
  pending_deposits: 0,
  reserved: 0,
  low_balance_threshold: 0,
  low_balance_threshold_custom: false,
});

export const sampleOrders: Order[] = [
  {
    id: uuid(),
    order_no: 'ORD-000003',
    booking_id: BOOKING_ID,
    pnr: 'K7Q2ZD',
    kind: 'refund',
    amount: 381,
    currency: 'USD',
    status: 'completed',
    created_at: '2026-11-20T12:00:00.000Z',
  },
  {
    id: uuid(),
    order_no: 'ORD-000002',
    booking_id: '2b2b2c3d-e5f6-4a7b-8c9d-0e1f2a3b4c5e',
    pnr: 'M4X9PL',
    kind: 'void',
    amount: 610.5,
    currency: 'USD',
    status: 'completed',
    created_at: '2026-11-19T12:00:00.000Z',
  },
  {
    id: uuid(),
    order_no: 'ORD-000001',
    booking_id: BOOKING_ID,
    pnr: 'K7Q2ZD',
    kind: 'ticket',
    amount: 1221,
    currency: 'USD',
    status: 'completed',
    created_at: '2026-11-18T12:00:00.000Z',
    service_lines: ['Seat 23C BA117', 'Extra bag 23 kg BA117'],
  },
];

/** Every screen that names airports asks for the active routes (errors suppressed). */
export const routesAnswer = sampleRoutes;

/** `GET /api/orders/company?view=page`: these orders as one page, with the server's counts and totals. */
export function orderPage(
  orders: Order[],
  { total = orders.length, totalPages }: { total?: number; totalPages?: number } = {},
): OrderPage {
  const totals = new Map<string, OrderPage['totals'][number]>();
  for (const order of orders) {
    const key = `${order.kind} ${order.currency}`;
    const row = totals.get(key) ?? { kind: order.kind, currency: order.currency, count: 0, amount: 0 };
    row.count += 1;
    if (order.status !== 'rejected')
      row.amount = Math.round((row.amount + Math.abs(order.amount)) * 100) / 100;
    totals.set(key, row);
  }
  return { orders, total, totalPages: totalPages ?? (total > 0 ? 1 : 0), totals: [...totals.values()] };
}
