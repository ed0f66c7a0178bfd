import type { AdminExchange, AdminScheduleChange, AffectedBooking, ChangeOfferLeg } from '@skydesk/contract';
import { AGENCY_ID } from './admin-fixtures';

export const SCHEDULE_CHANGE_ID = '5c4e0a11-0000-4000-8000-000000000001';
export const BOOKING_ID = 'b0000000-0000-4000-8000-000000000001';
export const OTHER_BOOKING_ID = 'b0000000-0000-4000-8000-000000000002';
export const OTHER_AGENCY_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c99';

export const affectedBooking = (overrides: Partial<AffectedBooking> = {}): AffectedBooking => ({
  booking_id: BOOKING_ID,
  pnr: 'K7Q2ZD',
  company: { id: AGENCY_ID, name: 'Horizon Voyages' },
  status: 'pending',
  deadline: '2099-12-20T18:00:00Z',
  answered_at: null,
  ...overrides,
});

/** BA117 LHR → JFK on 22 Dec, moved 2 h 30 later by the airline, on two agencies' bookings. */
export const scheduleChange = (overrides: Partial<AdminScheduleChange> = {}): AdminScheduleChange => ({
  id: SCHEDULE_CHANGE_ID,
  flight: 'BA117',
  departure_date: '2099-12-22',
  kind: 'retimed',
  before: {
    flight: 'BA117',
    origin: 'LHR',
    destination: 'JFK',
    departs_at: '2099-12-22T09:35:00',
    arrives_at: '2099-12-22T12:40:00',
  },
  after: {
    flight: 'BA117',
    origin: 'LHR',
    destination: 'JFK',
    departs_at: '2099-12-22T12:05:00',
    arrives_at: '2099-12-22T15:10:00',
  },
  source: 'airline',
  published_at: '2099-11-29T08:00:00Z',
  bookings: [
    affectedBooking(),
    affectedBooking({
      booking_id: OTHER_BOOKING_ID,
      pnr: 'M3XW9P',
      company: { id: OTHER_AGENCY_ID, name: 'Atlas Travel' },
      status: 'accepted',
      answered_at: '2099-11-29T10:12:00Z',
    }),
  ],
  ...overrides,
});

const segment = (flight: string, from: string, to: string, departs: string, arrives: string) => ({
  DepartureAirport: { LocationCode: from, Terminal: null },
  ArrivalAirport: { LocationCode: to, Terminal: null },
  DepartureDateTime: departs,
  ArrivalDateTime: arrives,
  DepartureUTCOffset: '+00:00',
  ArrivalUTCOffset: '-05:00',
  FlightNumber: flight,
  MarketingAirline: { Code: 'BA', Name: 'British Airways' },
  OperatingAirline: { Code: 'BA', Name: 'British Airways' },
  Equipment: { AirEquipType: '777' },
  ResBookDesigCode: 'Y',
  CabinClass: 'Economy',
  ElapsedTime: 485,
  StopQuantity: 0,
  SeatsRemaining: 9,
});

export const leg = (index: number, departs: string, arrives: string): ChangeOfferLeg => ({
  leg_index: index,
  segments: [segment('117', 'LHR', 'JFK', departs, arrives)] as ChangeOfferLeg['segments'],
});

/** A Standard return's outbound moved three days later: fare difference, a change fee, debited. */
export const exchange = (overrides: Partial<AdminExchange> = {}): AdminExchange => ({
  id: 'e0000000-0000-4000-8000-000000000001',
  booking_id: BOOKING_ID,
  pnr: 'K7Q2ZD',
  company: { id: AGENCY_ID, name: 'Horizon Voyages' },
  kind: 'exchange',
  created_at: '2099-11-29T11:00:00Z',
  before: [leg(0, '2099-12-22T09:35:00', '2099-12-22T12:40:00')],
  after: [leg(0, '2099-12-25T09:35:00', '2099-12-25T12:40:00')],
  fare_difference: { Amount: 120, CurrencyCode: 'USD' },
  penalty: { Amount: 50, CurrencyCode: 'USD' },
  change_total: { Amount: 170, CurrencyCode: 'USD' },
  refund_to: null,
  tickets: [
    { from: '125-2100000001', to: '125-2100000003' },
    { from: '125-2100000002', to: '125-2100000004' },
  ],
  actor: { id: 'c0000000-0000-4000-8000-000000000001', name: 'Leila Haddad' },
  ...overrides,
});
