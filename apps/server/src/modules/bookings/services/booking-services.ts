import {
  AppError,
  amountToMinor,
  type FieldErrors,
  type PassengerType,
  type PricedItinerary,
  SERVER,
  type SeatMap,
  type SeatTaken,
  type ServiceRequest,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import type { SeatMapFlight } from '../../../supplier/seat-maps.js';
import { seatMapFlights } from '../../../supplier/seat-maps.js';
import { bagFlightsOf } from '../../../supplier/services.js';
import { chosenSeatsOn, type NewService } from './repo.js';

/**
 * Seats and extra bags chosen with a booking (issue 31, `services` on POST /api/booking). Each is
 * checked and priced before the booking's transaction, as the fare is: a seat against its flight's
 * map as it is now and the airline's rules (the supplier's `quoteSeats`), bags against the bag
 * offers. A refusal is a 422 naming the service (`services.N.designator`) and why in words; a seat
 * refused only because another booking has it is a 409 with its flight's map as it is now (the
 * agent chooses again). The seat itself is taken inside the booking's transaction by its row: when
 * another agent took it in between, the unique index refuses the second and `seatTakenError`
 * answers the same 409.
 */

export type ParsedServiceRequest = ServiceRequest & { designator?: string; quantity?: number };

const SEATS_NOT_SOLD = 'Seats cannot be chosen on this flight';
const BAGS_NOT_SOLD = 'Extra bags are not sold on this flight';

/** Checks and prices a booking's services; throws 422 with every refusal when any is refused. */
export async function quoteBookingServices(
  supplier: FlightSupplier,
  input: {
    itinerary: PricedItinerary;
    passengers: readonly PassengerType[];
    services: readonly ParsedServiceRequest[];
    currency: string;
  },
): Promise<{ rows: NewService[]; totalMinor: number }> {
  if (input.services.length === 0) return { rows: [], totalMinor: 0 };
  const errors: FieldErrors = {};
  const refuse = (index: number, field: string, message: string) => {
    const key = `services.${index}.${field}`;
    errors[key] = [...(errors[key] ?? []), message];
  };
  const flights = seatMapFlights(input.itinerary);
  const rows: (NewService | undefined)[] = [];
  // Seats refused only because another booking has them now: a 409 with the map when nothing else is wrong.
  const taken: { designator: string; segmentIndex: number }[] = [];

  // Where the passenger and flight must be the booking's before anything else is looked at.
  const wellAimed = (service: ParsedServiceRequest, index: number) => {
    let ok = true;
    if (service.passenger_index >= input.passengers.length) {
      refuse(index, 'passenger_index', 'No such passenger on this booking');
      ok = false;
    }
    if (service.segment_index >= flights.length) {
      refuse(index, 'segment_index', 'No such flight on this trip');
      ok = false;
    }
    return ok;
  };

  // ── seats ──
  const seatIndexes = input.services.flatMap((service, index) =>
    service.type === 'seat' && wellAimed(service, index) ? [index] : [],
  );
  if (seatIndexes.length > 0) {
    const quoteSeats = supplier.seatMaps?.quoteSeats?.bind(supplier.seatMaps);
    if (!quoteSeats) {
      for (const index of seatIndexes) refuse(index, 'designator', SEATS_NOT_SOLD);
    } else {
      const choices = seatIndexes.map((index) => {
        const service = input.services[index]!;
        return {
          segmentIndex: service.segment_index,
          passengerIndex: service.passenger_index,
          designator: service.designator!,
        };
      });
      const { quotes, refused } = await quoteSeats({ flights, passengers: input.passengers, choices });
      seatIndexes.forEach((index, at) => {
        const choice = choices[at]!;
        const same = (entry: typeof choice) =>
          entry.segmentIndex === choice.segmentIndex &&
          entry.passengerIndex === choice.passengerIndex &&
          entry.designator === choice.designator;
        const refusal = refused.find(same);
        const quote = quotes.find(same);
        if (refusal || !quote) {
          if (refusal?.taken)
            taken.push({ designator: choice.designator, segmentIndex: choice.segmentIndex });
          refuse(index, 'designator', `${choice.designator}: ${refusal?.message ?? SEATS_NOT_SOLD}`);
          return;
        }
        const flight = flights[choice.segmentIndex]!;
        rows[index] = {
          type: 'seat',
          passenger_index: choice.passengerIndex,
          segment_index: choice.segmentIndex,
          flight: flight.flight,
          departure_date: flight.date,
          designator: choice.designator,
          with_infant: quote.withInfant,
          quantity: null,
          weight_kg: null,
          amount_minor: quote.amountMinor,
          currency: input.currency,
        };
      });
    }
  }

  // ── bags ──
  const bagIndexes = input.services.flatMap((service, index) =>
    service.type === 'bag' && wellAimed(service, index) ? [index] : [],
  );
  if (bagIndexes.length > 0) {
    const offers = supplier.bagOffers
      ? await supplier.bagOffers.bagOffers({
          flights: bagFlightsOf(input.itinerary),
          passengers: input.passengers,
        })
      : [];
    const asked = new Map<string, number>();
    for (const index of bagIndexes) {
      const service = input.services[index]!;
      const offer = offers.find(
        (entry) =>
          entry.passenger_index === service.passenger_index && entry.segment_index === service.segment_index,
      );
      if (!offer) {
        refuse(
          index,
          'passenger_index',
          input.passengers[service.passenger_index] === 'infant'
            ? 'An infant travels without extra bags'
            : BAGS_NOT_SOLD,
        );
        continue;
      }
      const key = `${service.passenger_index}/${service.segment_index}`;
      const quantity = (asked.get(key) ?? 0) + service.quantity!;
      asked.set(key, quantity);
      if (quantity > offer.max_quantity) {
        refuse(
          index,
          'quantity',
          `At most ${offer.max_quantity} extra bag${offer.max_quantity === 1 ? '' : 's'} per passenger on this flight`,
        );
        continue;
      }
      const flight = flights[service.segment_index]!;
      rows[index] = {
        type: 'bag',
        passenger_index: service.passenger_index,
        segment_index: service.segment_index,
        flight: flight.flight,
        departure_date: flight.date,
        designator: null,
        quantity: service.quantity!,
        weight_kg: offer.weight_kg,
        amount_minor: amountToMinor(offer.price.Amount) * service.quantity!,
        currency: input.currency,
      };
    }
  }

  const [lost] = taken;
  if (lost && Object.keys(errors).length === taken.length) {
    throw await seatTakenConflict(supplier, {
      flight: flights[lost.segmentIndex]!,
      passengers: input.passengers,
      designator: lost.designator,
    });
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError('validation', Object.values(errors)[0]?.[0] ?? SERVER.validationFailed, {
      fieldErrors: errors,
    });
  }
  const chosen = rows.filter((row): row is NewService => row !== undefined);
  // One order for the inserts, so two bookings sharing seats wait for each other, never deadlock.
  chosen.sort((a, b) =>
    `${a.type} ${a.flight} ${a.departure_date} ${a.designator ?? ''}`.localeCompare(
      `${b.type} ${b.flight} ${b.departure_date} ${b.designator ?? ''}`,
    ),
  );
  return { rows: chosen, totalMinor: chosen.reduce((sum, row) => sum + row.amount_minor, 0) };
}

/**
 * The 409 for a seat another booking took between the check and the insert: names the seat and
 * flight, with that flight's map as it is now (the agent chooses again from it).
 */
export async function seatTakenError(
  db: Kysely<Database>,
  supplier: FlightSupplier,
  input: { itinerary: PricedItinerary; passengers: readonly PassengerType[]; seats: readonly NewService[] },
): Promise<AppError> {
  const chosen = await chosenSeatsOn(
    db,
    input.seats.map((seat) => ({ flight: seat.flight, date: seat.departure_date })),
  );
  const lost =
    input.seats.find((seat) =>
      chosen.some(
        (other) =>
          other.flight === seat.flight &&
          other.date === seat.departure_date &&
          other.designator === seat.designator,
      ),
    ) ?? input.seats[0]!;
  return seatTakenConflict(supplier, {
    flight: seatMapFlights(input.itinerary).find((entry) => entry.segmentIndex === lost.segment_index)!,
    passengers: input.passengers,
    designator: lost.designator!,
  });
}

/** 409: the seat is someone else's now; `data.seat_map` is its flight's map as it is now (SeatTaken). */
async function seatTakenConflict(
  supplier: FlightSupplier,
  input: { flight: SeatMapFlight; passengers: readonly PassengerType[]; designator: string },
): Promise<AppError> {
  const [map]: (SeatMap | undefined)[] = supplier.seatMaps
    ? await supplier.seatMaps.seatMaps({ flights: [input.flight], passengers: input.passengers })
    : [];
  return new AppError(
    'conflict',
    `Seat ${input.designator} on ${input.flight.flight} was just taken: choose another`,
    { ...(map ? { data: { seat_map: map } satisfies SeatTaken } : {}) },
  );
}
