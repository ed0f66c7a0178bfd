import {
  AppError,
  amountToMinor,
  type BookingServices,
  isSeat,
  minorMoneyText,
  type PassengerType,
  SERVER,
  type Seat,
  type SeatMap,
  type ServicesBody,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { type BagRequest, quoteBagRequests } from '../../../supplier/sandbox/bags/index.js';
import { planOf } from '../../../supplier/sandbox/seat-maps/index.js';
import type { Occupant } from '../../../supplier/sandbox/seat-maps/occupancy.js';
import { checkSeatChoices, SEAT_RULES, seatParties } from '../../../supplier/sandbox/seat-maps/rules.js';
import { bagFlightsOf } from '../../../supplier/services.js';
import { postLedgerEntry } from '../../payments/index.js';
import { type BookingRow, loadBookingForUpdate, loadBookingRecord, recordEvent } from '../booking/repo.js';
import { bookingScopeOf } from '../booking/scope.js';
import { seatMapFlights } from '../seat-maps/service.js';
import { addingClosedReason, bagsBought, openSegments, SERVICES_CLOSED } from './catalog.js';
import {
  heldServicesOf,
  insertHeldServices,
  isSeatTaken,
  issueHeldServices,
  type NewService,
  type ServiceRow,
  servicesOf,
} from './repo.js';
import { releaseServicesById, segmentDepartures } from './sales-repo.js';

/**
 * POST /api/booking/{id}/services (issue 31): seats added or changed and bags added on a ticketed
 * sandbox booking, charged at once from the agency's credits as issuing is (issue-booking.ts): one
 * transaction under the booking's row lock holds the debit (402 'Insufficient credits' when the
 * available credits can't cover it), the services issued with an EMD number each when paid, a seat
 * given up when changed, and the history line; all or none. The registrar makes it idempotent
 * (`Idempotency-Key`).
 *
 * Validated as at booking: a seat must be free on the flight's map now and pass the seat rules
 * (rules.ts); bags stay within the airline's maximum counting those bought. A seat someone else
 * took is a 409 with the flight's map as it is now (`data.seat_map`), whether the map already showed
 * it taken or the seat index refused it at the last moment. Seats and bags are sold until 24 hours
 * before the flight concerned leaves (409 with the reason otherwise: the request is right, the
 * booking's moment is not).
 *
 * A changed seat is not refunded (seats are not refundable unless the flight changes, issue 31);
 * the new one is charged its price on the map.
 */

const notFound = () => new AppError('not_found', 'Booking not found');

type FieldErrors = Record<string, string[]>;
const invalid = (fieldErrors: FieldErrors) =>
  new AppError('validation', Object.values(fieldErrors)[0]?.[0] ?? SERVER.validationFailed, { fieldErrors });

const LIVE = new Set(['held', 'issued']);

/** A seat asked for, priced and checked, ready to be held and issued. */
type SeatSale = {
  index: number;
  passengerIndex: number;
  segmentIndex: number;
  designator: string;
  withInfant: boolean;
  amountMinor: number;
  /** The passenger's seat on this flight it replaces, if any. */
  replaces: string | null;
};

const seatsOf = (map: SeatMap): Seat[] =>
  map.cabins
    .filter((cabin) => cabin.bookable)
    .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)));

export function createServiceSales(deps: {
  db: Kysely<Database>;
  clock: Clock;
  supplier: FlightSupplier;
  present: (booking: BookingRow, passengers: readonly PassengerType[]) => Promise<BookingServices>;
}) {
  const { db, clock, supplier } = deps;

  async function currentMap(booking: BookingRow, passengers: readonly PassengerType[], segmentIndex: number) {
    const flight = seatMapFlights(booking.itinerary)[segmentIndex];
    if (!flight || !supplier.seatMaps) return undefined;
    const [map] = await supplier.seatMaps.seatMaps({ flights: [flight], passengers, bookingId: booking.id });
    return map;
  }

  /** Prices and checks the seats asked for, flight by flight, against the maps as they are now. */
  async function seatSales(
    booking: BookingRow,
    passengers: readonly PassengerType[],
    live: readonly ServiceRow[],
    requests: readonly {
      index: number;
      passenger_index: number;
      segment_index: number;
      designator: string;
    }[],
  ): Promise<SeatSale[]> {
    const parties = seatParties(passengers);
    const flights = seatMapFlights(booking.itinerary);
    const sales: SeatSale[] = [];
    const errors: FieldErrors = {};
    for (const segmentIndex of new Set(requests.map((request) => request.segment_index))) {
      const asked = requests.filter((request) => request.segment_index === segmentIndex);
      const flight = flights[segmentIndex]!;
      const map = await currentMap(booking, passengers, segmentIndex);
      const cabin = planOf(flight)?.cabins.find((entry) => entry.cabin === flight.cabin);
      if (!map || !cabin) {
        for (const request of asked)
          errors[`services.${request.index}.designator`] = ['Seats on this flight are chosen at the airline'];
        continue;
      }
      const seats = new Map(cabin.seats.map((seat) => [seat.designator, seat]));
      const onMap = new Map(seatsOf(map).map((seat) => [seat.designator, seat]));
      const changing = new Set(asked.map((request) => request.passenger_index));
      const mine = live.filter((row) => row.type === 'seat' && row.segment_index === segmentIndex);
      // Taken: others' seats (the map shows them unavailable), and this booking's seats that stay.
      const taken = new Map<string, Occupant>();
      for (const seat of onMap.values())
        if (!seat.available) taken.set(seat.designator, { withInfant: false });
      for (const row of mine) {
        if (!changing.has(row.passenger_index)) taken.set(row.designator!, { withInfant: row.with_infant });
      }
      const refusals = checkSeatChoices({
        seats,
        taken,
        parties,
        choices: asked.map((request) => ({
          passengerIndex: request.passenger_index,
          designator: request.designator,
        })),
      });
      let takenNow = false;
      for (const request of asked) {
        const refusal = refusals.find(
          (entry) =>
            entry.passengerIndex === request.passenger_index && entry.designator === request.designator,
        );
        const party = parties[request.passenger_index];
        const seat = onMap.get(request.designator);
        const current = mine.find((row) => row.passenger_index === request.passenger_index);
        let message: string | undefined = refusal?.message;
        // The map knows what the plan's rules cannot see alone: infants seated by other travellers.
        if (!message && party && seat?.restriction?.applies_to.includes(party))
          message = seat.restriction.message;
        if (!message && current?.designator === request.designator)
          message = 'This is already the passenger’s seat';
        if (message === SEAT_RULES.taken && onMap.has(request.designator)) takenNow = true;
        if (message) {
          errors[`services.${request.index}.designator`] = [message];
          continue;
        }
        sales.push({
          index: request.index,
          passengerIndex: request.passenger_index,
          segmentIndex,
          designator: request.designator,
          withInfant: party === 'adult_with_infant',
          amountMinor: seat?.price ? amountToMinor(seat.price.Amount) : 0,
          replaces: current?.id ?? null,
        });
      }
      if (takenNow) throw new AppError('conflict', SEAT_RULES.taken, { data: { seat_map: map } });
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return sales;
  }

  return {
    async add(principal: CompanyPrincipal, bookingId: string, body: ServicesBody): Promise<BookingServices> {
      const scope = bookingScopeOf(principal);
      const record = await loadBookingRecord(db, scope, bookingId);
      if (!record) throw notFound();
      const { booking } = record;
      const passengers = record.passengers.map((passenger) => passenger.passenger_type);
      const departures = await segmentDepartures(db, booking.id);
      const open = openSegments(departures, clock.now());
      const closed = addingClosedReason(booking, open);
      if (closed) throw new AppError('conflict', closed);

      const requests = body.services.map((service, index) => ({ ...service, index }));
      const errors: FieldErrors = {};
      for (const request of requests) {
        if (request.passenger_index >= passengers.length) {
          errors[`services.${request.index}.passenger_index`] = ['No such passenger on this booking'];
        } else if (!departures.has(request.segment_index)) {
          errors[`services.${request.index}.segment_index`] = ['No such flight on this trip'];
        }
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);
      if (requests.some((request) => !open.has(request.segment_index))) {
        throw new AppError('conflict', SERVICES_CLOSED.window);
      }

      const live = (await servicesOf(db, booking.id)).filter((row) => LIVE.has(row.status));
      const seats = await seatSales(
        booking,
        passengers,
        live,
        requests.flatMap((request) =>
          request.type === 'seat' && request.designator
            ? [{ ...request, designator: request.designator }]
            : [],
        ),
      );
      const bagAsks = requests.filter((request) => request.type === 'bag');
      const bagFlights = bagFlightsOf(booking.itinerary);

      const now = clock.now();
      try {
        await db.transaction().execute(async (trx) => {
          const locked = await loadBookingForUpdate(trx, scope, booking.id);
          if (!locked) throw notFound();
          const reason = addingClosedReason(locked, open);
          if (reason) throw new AppError('conflict', reason);
          // Bags are counted again under the lock: another request may have added some meanwhile.
          const liveNow = (await servicesOf(trx, booking.id)).filter((row) => LIVE.has(row.status));
          const quoted = quoteBagRequests({
            flights: bagFlights,
            passengers,
            requests: bagAsks.map(
              (request): BagRequest => ({
                passenger_index: request.passenger_index,
                segment_index: request.segment_index,
                quantity: request.quantity ?? 0,
              }),
            ),
            bought: bagsBought(liveNow),
          });
          if (!quoted.ok) {
            throw invalid({ [`services.${bagAsks[quoted.index]!.index}.${quoted.field}`]: [quoted.message] });
          }
          const flightOf = (segmentIndex: number) => bagFlights[segmentIndex]!.flight;
          const dateOf = (segmentIndex: number) => departureDateOf(booking, segmentIndex);
          const services: NewService[] = [
            ...seats.map((seat) => ({
              type: 'seat' as const,
              passenger_index: seat.passengerIndex,
              segment_index: seat.segmentIndex,
              flight: flightOf(seat.segmentIndex),
              departure_date: dateOf(seat.segmentIndex),
              designator: seat.designator,
              with_infant: seat.withInfant,
              quantity: null,
              weight_kg: null,
              amount_minor: seat.amountMinor,
              currency: booking.currency,
            })),
            ...quoted.quotes.map((bag) => ({
              type: 'bag' as const,
              passenger_index: bag.passenger_index,
              segment_index: bag.segment_index,
              flight: flightOf(bag.segment_index),
              departure_date: dateOf(bag.segment_index),
              designator: null,
              quantity: bag.quantity,
              weight_kg: bag.weightKg,
              amount_minor: bag.amountMinor,
              currency: booking.currency,
            })),
          ];
          const totalMinor = services.reduce((sum, service) => sum + Number(service.amount_minor), 0);
          // A changed seat is given up first: its passenger's new seat, or another's, may be it.
          await releaseServicesById(
            trx,
            seats.flatMap((seat) => (seat.replaces ? [seat.replaces] : [])),
            now,
          );
          // Only what this request adds is issued here: a service held otherwise is not paid by it.
          const heldBefore = new Set((await heldServicesOf(trx, booking.id)).map((row) => row.id));
          await insertHeldServices(trx, {
            bookingId: booking.id,
            companyId: principal.companyId,
            at: now,
            services,
          });
          const issued = await issueHeldServices(trx, {
            services: (await heldServicesOf(trx, booking.id)).filter((row) => !heldBefore.has(row.id)),
            at: now,
            emdNumber: () => supplier.bookings.ticketNumber(locked.validating_carrier),
          });
          const emds = issued.flatMap((row) => (row.emd_number ? [row.emd_number.trim()] : []));
          const what = describe(
            seats.length,
            quoted.quotes.reduce((sum, bag) => sum + bag.quantity, 0),
          );
          if (totalMinor > 0) {
            const entry = await postLedgerEntry(trx, {
              companyId: principal.companyId,
              kind: 'ticket',
              amountMinor: -totalMinor,
              bookingId: booking.id,
              note: `${what} for booking ${locked.pnr} (EMD ${emds.join(', ')})`,
              userId: principal.userId,
            });
            if (entry.currency !== locked.currency) {
              throw new AppError(
                'conflict',
                `Booking ${locked.pnr} is priced in ${locked.currency}; the agency's credits are in ${entry.currency}`,
              );
            }
          }
          await recordEvent(trx, {
            bookingId: booking.id,
            action: 'services_added',
            from: 'ticketed',
            to: 'ticketed',
            note:
              totalMinor > 0
                ? `${what} added; ${minorMoneyText(totalMinor, locked.currency)} debited from credits`
                : `${what} added; included in the fare`,
            actorUserId: principal.userId,
            at: now,
          });
        });
      } catch (error) {
        if (!isSeatTaken(error)) throw error;
        // Another agent took a seat at the same moment: the map as it is now shows who won.
        const segmentIndex = seats[0]?.segmentIndex ?? 0;
        const map = await currentMap(booking, passengers, segmentIndex);
        throw new AppError('conflict', SEAT_RULES.taken, { data: map ? { seat_map: map } : {} });
      }

      const after = await loadBookingRecord(db, scope, booking.id);
      if (!after) throw notFound();
      return deps.present(after.booking, passengers);
    },
  };
}

/** "1 seat and 2 extra bags". */
function describe(seats: number, bags: number): string {
  const parts = [];
  if (seats > 0) parts.push(`${seats} seat${seats === 1 ? '' : 's'}`);
  if (bags > 0) parts.push(`${bags} extra bag${bags === 1 ? '' : 's'}`);
  return parts.join(' and ');
}

/** A flight's local departure date at the origin, as the seat maps and the services table key it. */
function departureDateOf(booking: BookingRow, segmentIndex: number): string {
  return seatMapFlights(booking.itinerary)[segmentIndex]!.date;
}
