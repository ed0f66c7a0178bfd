import type { Booking, BookingStatus, CompanyProfile, Credits, Kpi, KpiKey } from '@skydesk/contract';
import { segmentsOfItinerary } from '../../../entities/bookings/booking-segments';
import { sampleUser } from '../../../testing/fake-session';
import { makeItinerary } from '../../../testing/itineraries';

/** The dashboard home's answers, as the server gives them (issue 15). */

let next = 0;
const uuid = () => {
  next += 1;
  return `00000000-0000-4000-9000-${String(next).padStart(12, '0')}`;
};

type HomeBookingSpec = {
  pnr: string;
  status?: BookingStatus;
  /** Airport-local 'YYYY-MM-DDTHH:mm' of the first departure. */
  departs?: string;
  from?: string;
  to?: string;
  /** ISO instant. */
  deadline?: string;
  createdAt?: string;
  total?: number;
  passengers?: [first: string, last: string][];
};

/** A booking of one nonstop flight, shaped as the bookings list answers it. */
export function homeBooking({
  pnr,
  status = 'booked',
  departs = '2026-12-22T09:35',
  from = 'DXB',
  to = 'LHR',
  deadline = new Date(Date.now() + 5 * 3_600_000).toISOString(),
  createdAt = new Date(Date.now() - 3_600_000).toISOString(),
  total = 1221,
  passengers = [
    ['LAYLA', 'HASSAN'],
    ['OMAR', 'HASSAN'],
  ],
}: HomeBookingSpec): Booking {
  const itinerary = makeItinerary({
    sequence: 1,
    carrier: 'EK',
    base: total - 200,
    taxes: 200,
    legs: [
      {
        minutes: 460,
        segments: [
          {
            from,
            to,
            departs,
            arrives: departs,
            fromOffset: '+04:00',
            toOffset: '+00:00',
            airline: ['EK', 'Emirates'],
            flight: '1',
            minutes: 460,
          },
        ],
      },
    ],
  });
  return {
    id: uuid(),
    pnr,
    status,
    trip_type: 'OneWay',
    cabin: 'Economy',
    validating_carrier: 'EK',
    created_at: createdAt,
    ticketing_deadline: deadline,
    void_until: null,
    total: { Amount: total, CurrencyCode: 'USD' },
    services_total: { Amount: 0, CurrencyCode: 'USD' },
    pricing: itinerary.AirItineraryPricingInfo,
    contact: { email: 'amina@demo-travels.example', phone: '+971 50 123 4567' },
    passengers: passengers.map(([first_name, last_name]) => ({
      id: uuid(),
      traveller_id: null,
      passenger_type: 'adult',
      title: 'MR',
      first_name,
      last_name,
      gender: 'M',
      date_of_birth: '1985-09-30',
      nationality: 'AE',
      passport_number: 'P7654321',
      passport_expiry: '2030-11-15',
    })),
    segments: segmentsOfItinerary(itinerary),
    tickets: [],
    created_by: { id: sampleUser.id, name: sampleUser.name },
    allowed_actions: status === 'booked' ? ['issue', 'cancel'] : [],
    supplier: { code: 'sandbox', reference: null, state: null, airline_change_at: null },
  };
}

/** The booking once issued: a ticket per passenger. */
export const issued = (booking: Booking): Booking => ({
  ...booking,
  status: 'ticketed',
  allowed_actions: ['void'],
  tickets: booking.passengers.map((passenger, index) => ({
    ticket_number: `176000000000${index + 1}`,
    passenger_id: passenger.id,
    passenger_name: `${passenger.first_name} ${passenger.last_name}`,
    status: 'issued',
    paid: { Amount: booking.total.Amount / booking.passengers.length, CurrencyCode: 'USD' },
    issued_at: new Date().toISOString(),
  })),
});

export const homeCredits = (balance: number, overrides: Partial<Credits> = {}): Credits => ({
  balance,
  credit_limit: 0,
  available: balance,
  currency: 'USD',
  pending_deposits: 0,
  reserved: 0,
  low_balance_threshold: 0,
  low_balance_threshold_custom: false,
  ...overrides,
});

export const homeProfile = (overrides: Partial<CompanyProfile> = {}): CompanyProfile => ({
  id: sampleUser.company_id,
  name: 'Demo Travels',
  contact_name: 'Amina Rahman',
  email: 'office@demo-travels.example',
  phone: '+971 4 555 0100',
  country: 'AE',
  city: 'Dubai',
  address: 'Office 1204, Bay Square 3, Business Bay',
  iata_number: '9612345',
  time_zone: 'Asia/Dubai',
  time_zone_default: true,
  ...overrides,
});

const LABELS: Partial<Record<KpiKey, [string, Kpi['unit']]>> = {
  searches: ['Searches', 'count'],
  bookings: ['Bookings', 'count'],
  tickets: ['Tickets', 'count'],
  spend: ['Spend', 'money'],
  refunds: ['Refunds', 'money'],
};

/** The agency's figures: each key with its value and the value of the period before. */
export function homeKpis(figures: Partial<Record<KpiKey, [value: number, previous: number]>>): Kpi[] {
  return Object.entries(figures).map(([key, [value, previous]]) => {
    const [label, unit] = LABELS[key as KpiKey] ?? [key, 'count'];
    return {
      key: key as KpiKey,
      label,
      value,
      unit,
      currency: unit === 'money' ? 'USD' : null,
      previous,
      series: [],
      items: [],
    };
  });
}
