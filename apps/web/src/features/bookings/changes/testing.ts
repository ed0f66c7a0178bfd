import type {
  BookingChange,
  BookingDetails,
  BookingSegment,
  ChangeOffer,
  FlightSegment,
  ScheduleChange,
} from '@skydesk/contract';
import { ticketedBooking } from '../testing/bookings';

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

export const flight = (
  number: string,
  from: string,
  to: string,
  departs: string,
  arrives: string,
  offsets: [string, string] = ['+00:00', '-05:00'],
): FlightSegment => ({
  DepartureAirport: { LocationCode: from, Terminal: null },
  ArrivalAirport: { LocationCode: to, Terminal: null },
  DepartureDateTime: departs,
  ArrivalDateTime: arrives,
  DepartureUTCOffset: offsets[0],
  ArrivalUTCOffset: offsets[1],
  FlightNumber: number,
  MarketingAirline: { Code: 'BA', Name: 'British Airways' },
  OperatingAirline: { Code: 'BA', Name: 'British Airways' },
  Equipment: { AirEquipType: '77W' },
  ResBookDesigCode: 'Y',
  CabinClass: 'Economy',
  ElapsedTime: 475,
  StopQuantity: 0,
  SeatsRemaining: 9,
});

const outbound = flight('117', 'LHR', 'JFK', '2026-12-22T09:35:00', '2026-12-22T12:30:00');
const inbound = flight('112', 'JFK', 'LHR', '2026-12-29T18:30:00', '2026-12-30T06:40:00', [
  '-05:00',
  '+00:00',
]);

/** A ticketed Standard return LHR ⇄ JFK (BA 117 out on 22 Dec, BA 112 back on 29 Dec) for two adults, changeable. */
export function ticketedReturn(overrides: Partial<BookingDetails> = {}): BookingDetails {
  const base = ticketedBooking();
  const segments: BookingSegment[] = [
    { ...outbound, leg: 0 },
    { ...inbound, leg: 1 },
  ];
  return {
    ...base,
    trip_type: 'Return',
    segments,
    void_until: minutes(-60),
    allowed_actions: ['refund', 'change'],
    schedule_change: null,
    changes: [],
    ...overrides,
  };
}

/** An offer moving the outbound three days later on BA 117: a fare difference, a penalty, a net to pay. */
export function changeOffer(overrides: Partial<ChangeOffer> = {}): ChangeOffer {
  return {
    id: '0ff0c000-0000-4000-8000-000000000001',
    booking_id: ticketedBooking().id,
    kind: 'voluntary',
    legs: [
      { leg_index: 0, segments: [flight('117', 'LHR', 'JFK', '2026-12-25T09:35:00', '2026-12-25T12:30:00')] },
    ],
    new_total: usd(1401),
    fare_difference: usd(180),
    penalty: usd(150),
    change_total: usd(330),
    refund_to: null,
    rules: ['Standard: change fee 75.00 USD per passenger', 'The fare difference is paid with the change'],
    services: [
      {
        service_id: '5e000000-0000-4000-8000-000000000001',
        passenger_name: 'LAYLA HASSAN',
        type: 'seat',
        description: 'Seat 23C BA117',
        outcome: 'carried',
        refund_amount: usd(0),
      },
      {
        service_id: '5e000000-0000-4000-8000-000000000002',
        passenger_name: 'OMAR HASSAN',
        type: 'seat',
        description: 'Seat 23D BA117',
        outcome: 'refunded',
        refund_amount: usd(25),
      },
    ],
    expires_at: minutes(20),
    ...overrides,
  };
}

/** The airline moved BA 117 by 2 h 10 m; the agency has until the deadline to answer. */
export function pendingScheduleChange(overrides: Partial<ScheduleChange> = {}): ScheduleChange {
  return {
    id: '5c000000-0000-4000-8000-000000000001',
    kind: 'retimed',
    before: [
      {
        segment_index: 0,
        flight: 'BA117',
        origin: 'LHR',
        destination: 'JFK',
        departs_at: '2026-12-22T09:35:00',
        arrives_at: '2026-12-22T12:30:00',
      },
    ],
    after: [
      {
        segment_index: 0,
        flight: 'BA117',
        origin: 'LHR',
        destination: 'JFK',
        departs_at: '2026-12-22T11:45:00',
        arrives_at: '2026-12-22T14:40:00',
      },
    ],
    summary: 'BA117 LHR → JFK on Tue 22 Dec now leaves at 11:45 instead of 09:35 and lands at 14:40.',
    deadline: minutes(3 * 24 * 60),
    status: 'pending',
    connection_broken: false,
    actions: ['accept', 'alternative', 'cancel'],
    detected_at: minutes(-30),
    answered_at: null,
    ...overrides,
  };
}

/** The chain of one exchange: the outbound moved to 25 Dec, both tickets replaced. */
export function exchangeChange(): BookingChange {
  return {
    id: 'c4000000-0000-4000-8000-000000000001',
    kind: 'exchange',
    created_at: minutes(-10),
    before: [{ leg_index: 0, segments: [outbound] }],
    after: [
      { leg_index: 0, segments: [flight('117', 'LHR', 'JFK', '2026-12-25T09:35:00', '2026-12-25T12:30:00')] },
    ],
    fare_difference: usd(180),
    penalty: usd(150),
    change_total: usd(330),
    refund_to: null,
    tickets: [
      { from: '1250000000001', to: '1250000000003' },
      { from: '1250000000002', to: '1250000000004' },
    ],
    actor: { id: ticketedBooking().created_by.id, name: ticketedBooking().created_by.name },
  };
}

/** The return after the exchange: the old tickets `exchanged`, the new ones naming what they replace. */
export function exchangedReturn(): BookingDetails {
  const before = ticketedReturn();
  const [layla, omar] = before.tickets;
  if (!layla || !omar) throw new Error('two tickets expected');
  const change = exchangeChange();
  return {
    ...before,
    segments: [
      { ...(change.after[0]?.segments[0] as FlightSegment), leg: 0 },
      { ...inbound, leg: 1 },
    ],
    tickets: [
      { ...layla, status: 'exchanged', exchanged_for: '1250000000003' },
      { ...omar, status: 'exchanged', exchanged_for: '1250000000004' },
      { ...layla, ticket_number: '1250000000003', replaces: layla.ticket_number, status: 'issued' },
      { ...omar, ticket_number: '1250000000004', replaces: omar.ticket_number, status: 'issued' },
    ],
    changes: [change],
  };
}
