import {
  type Money,
  type PassengerType,
  type SeatMap,
  type SeatParty,
  SeatTaken,
  type ServiceRequest,
} from '@skydesk/contract';
import type { ChosenService, TravellerDraft } from '../../entities/booking-draft/booking-draft-slice';

/**
 * Seats and extra bags beside the fare (issue 31): who may have a seat and by which rules, the
 * services' lines and what they add to the total, and what the booking sends of them.
 */

/** A passenger who takes a seat: an infant travels on an adult's lap and has none. */
export type SeatedPassenger = {
  /** Their place among the booking's passengers (`passenger_index`). */
  index: number;
  name: string;
  /** The seat rules that apply to them. */
  party: SeatParty;
};

/** A passenger's name as the form or the booking holds it. */
type Named = Pick<TravellerDraft, 'first_name' | 'last_name'>;

/** "Layla Hassan"; the type and place when the name is not typed yet. */
export const passengerName = (traveller: Named | undefined, fallback: string): string => {
  const name = [traveller?.first_name, traveller?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || fallback;
};

/**
 * The passengers who take a seat and their rules, as the seat maps' server side reads a party:
 * each infant sits on one of the first adults' laps, so those adults travel with an infant.
 */
export function seatedPassengers(
  mix: readonly PassengerType[],
  travellers: readonly Named[],
  labels: readonly string[],
): SeatedPassenger[] {
  let laps = mix.filter((type) => type === 'infant').length;
  return mix.flatMap((type, index): SeatedPassenger[] => {
    if (type === 'infant') return [];
    const name = passengerName(travellers[index], labels[index] ?? `Passenger ${index + 1}`);
    if (type === 'child') return [{ index, name, party: 'child' }];
    const party = laps > 0 ? 'adult_with_infant' : 'adult';
    if (laps > 0) laps -= 1;
    return [{ index, name, party }];
  });
}

/** "LH": a passenger's mark on the seat they chose, seen while another passenger chooses. */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

/** What the booking sends of the chosen services: the requests, without the prices shown. */
export const serviceRequests = (services: readonly ChosenService[]): ServiceRequest[] =>
  services.map(({ type, passenger_index, segment_index, designator, quantity }) => ({
    type,
    passenger_index,
    segment_index,
    ...(designator ? { designator } : {}),
    ...(quantity ? { quantity } : {}),
  }));

const cents = (money: Money) => Math.round(money.Amount * 100);

/** What the services add, in the fare's currency (the platform sells both in one). */
export function servicesTotal(services: readonly ChosenService[], currency: string): Money {
  const total = services.reduce((sum, service) => sum + (service.amount ? cents(service.amount) : 0), 0);
  return { Amount: total / 100, CurrencyCode: currency };
}

export const addMoney = (a: Money, b: Money): Money => ({
  Amount: (cents(a) + cents(b)) / 100,
  CurrencyCode: a.CurrencyCode,
});

/** "Seat 23C", "2 extra bags". */
export const serviceWhat = (service: Pick<ServiceRequest, 'type' | 'designator' | 'quantity'>): string =>
  service.type === 'seat'
    ? `Seat ${service.designator ?? ''}`.trim()
    : `${service.quantity ?? 1} extra bag${(service.quantity ?? 1) === 1 ? '' : 's'}`;

/** Seats first, then bags; by flight, then passenger, as a ticket lists them. */
export const byTicketOrder = <S extends Pick<ServiceRequest, 'type' | 'passenger_index' | 'segment_index'>>(
  services: readonly S[],
): S[] =>
  [...services].sort(
    (a, b) =>
      (a.type === b.type ? 0 : a.type === 'seat' ? -1 : 1) ||
      a.segment_index - b.segment_index ||
      a.passenger_index - b.passenger_index,
  );

/**
 * A 409 saying a chosen seat was taken since the map was read (issue 31): `POST /api/booking` and
 * `POST /api/booking/{id}/services` send the flight's map as it is now (SeatTaken). Null for any
 * other 409.
 */
export function seatTakenRefusal(error: { status: number; message: string; data?: unknown }): {
  message: string;
  map: SeatMap | null;
} | null {
  if (error.status !== 409) return null;
  const taken = SeatTaken.safeParse(error.data);
  if (!taken.success && !/\btaken\b/i.test(error.message)) return null;
  return { message: error.message, map: taken.success ? taken.data.seat_map : null };
}
