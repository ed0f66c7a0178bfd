import {
  AppError,
  type BookingServices,
  minorMoneyText,
  noteWithServices,
  type PassengerType,
  SERVER,
  type SeatTaken,
  type ServicesBody,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { seatMapFlights } from '../../../supplier/seat-maps.js';
import { type BagQuotes, type BagsBought, bagFlightsOf } from '../../../supplier/services.js';
import { postLedgerEntry } from '../../payments/index.js';
import { refuseOtherCurrency } from '../booking/credits-currency.js';
import { addToSelling } from '../booking/earnings-repo.js';
import {
  type BookingRow,
  insertOrder,
  loadBookingForUpdate,
  loadBookingRecord,
  recordEvent,
} from '../booking/repo.js';
import { bookingScopeOf } from '../booking/scope.js';
import { ORDER_SERVICES, type OrderServiceSteps } from '../remote/order-services.js';
import { addingClosedReason, bagsBought, openSegments, SERVICES_CLOSED } from './catalog.js';
import { serviceLineText } from './lines.js';
import {
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

/**
 * The seat index refused a seat another agent took at the same moment: worded as the supplier's
 * check words a seat it already sees taken, so the agent reads one answer whichever caught it.
 */
const SEAT_JUST_TAKEN = 'This seat is taken';

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

export function createServiceSales(deps: {
  db: Kysely<Database>;
  clock: Clock;
  supplier: FlightSupplier;
  present: (booking: BookingRow, passengers: readonly PassengerType[]) => Promise<BookingServices>;
  /** Issue 31: a remote airline's bags for its paid order, added through the order saga. */
  remote?: OrderServiceSteps | null;
}) {
  const { db, clock, supplier } = deps;
  const remoteSells = deps.remote?.canSell() ?? false;

  async function currentMap(booking: BookingRow, passengers: readonly PassengerType[], segmentIndex: number) {
    const flight = seatMapFlights(booking.itinerary)[segmentIndex];
    if (!flight || !supplier.seatMaps) return undefined;
    const [map] = await supplier.seatMaps.seatMaps({ flights: [flight], passengers, bookingId: booking.id });
    return map;
  }

  /** The bags asked for, priced by the supplier counting those bought; none asked, nothing to price. */
  async function quoteBags(
    asks: readonly { passenger_index: number; segment_index: number; quantity?: number | undefined }[],
    bought: readonly BagsBought[],
    booking: BookingRow,
    passengers: readonly PassengerType[],
  ): Promise<BagQuotes> {
    if (asks.length === 0) return { ok: true, quotes: [], totalMinor: 0 };
    if (!supplier.bagOffers?.quoteBags) {
      return {
        ok: false,
        index: 0,
        field: 'quantity',
        message: 'Bags on this flight are sold by the airline',
      };
    }
    return supplier.bagOffers.quoteBags({
      flights: bagFlightsOf(booking.itinerary),
      passengers,
      bought,
      requests: asks.map((ask) => ({
        passenger_index: ask.passenger_index,
        segment_index: ask.segment_index,
        quantity: ask.quantity ?? 0,
      })),
    });
  }

  /**
   * Prices and checks the seats asked for against the maps as they are now, through the supplier:
   * the booking's seats that stay count as taken, those being changed as free.
   */
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
    const errors: FieldErrors = {};
    const field = (request: { index: number }) => `services.${request.index}.designator`;
    const quoteSeats = supplier.seatMaps?.quoteSeats?.bind(supplier.seatMaps);
    if (!quoteSeats) {
      for (const request of requests)
        errors[field(request)] = ['Seats on this flight are chosen at the airline'];
      throw invalid(errors);
    }
    const seatOf = (segmentIndex: number, passengerIndex: number) =>
      live.find(
        (row) =>
          row.type === 'seat' && row.segment_index === segmentIndex && row.passenger_index === passengerIndex,
      );
    const changing = new Set(
      requests.map((request) => seatOf(request.segment_index, request.passenger_index)),
    );
    const { quotes, refused } = await quoteSeats({
      flights: seatMapFlights(booking.itinerary),
      passengers,
      bookingId: booking.id,
      keep: live
        .filter((row) => row.type === 'seat' && !changing.has(row))
        .map((row) => ({
          segmentIndex: row.segment_index,
          designator: row.designator!,
          withInfant: row.with_infant,
        })),
      choices: requests.map((request) => ({
        segmentIndex: request.segment_index,
        passengerIndex: request.passenger_index,
        designator: request.designator,
      })),
    });
    const sales: SeatSale[] = [];
    let takenOn: number | undefined;
    for (const request of requests) {
      const same = (entry: { segmentIndex: number; passengerIndex: number; designator: string }) =>
        entry.segmentIndex === request.segment_index &&
        entry.passengerIndex === request.passenger_index &&
        entry.designator === request.designator;
      const current = seatOf(request.segment_index, request.passenger_index);
      const refusal = refused.find(same);
      const quote = quotes.find(same);
      if (current?.designator === request.designator) {
        errors[field(request)] = ['This is already the passenger’s seat'];
      } else if (refusal || !quote) {
        errors[field(request)] = [refusal?.message ?? 'This seat cannot be chosen'];
        if (refusal?.taken) takenOn ??= request.segment_index;
      } else {
        sales.push({
          index: request.index,
          passengerIndex: request.passenger_index,
          segmentIndex: request.segment_index,
          designator: request.designator,
          withInfant: quote.withInfant,
          amountMinor: quote.amountMinor,
          replaces: current?.id ?? null,
        });
      }
    }
    // Someone else has it now: the flight's map as it is now, to choose again (SeatTaken).
    if (takenOn !== undefined) {
      const map = await currentMap(booking, passengers, takenOn);
      const message = refused.find((entry) => entry.taken)!.message;
      throw new AppError('conflict', message, { data: map ? ({ seat_map: map } satisfies SeatTaken) : {} });
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
      const closed = addingClosedReason(booking, open, remoteSells);
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
      if (booking.supplier !== 'sandbox' && deps.remote) {
        // A remote airline sells seats with the order only; its bags go through the order saga.
        for (const request of requests) {
          if (request.type === 'seat') errors[`services.${request.index}.type`] = [ORDER_SERVICES.seats];
        }
        if (Object.keys(errors).length > 0) throw invalid(errors);
        await deps.remote.add(
          principal,
          booking,
          passengers,
          bagsBought(live),
          requests.map((request) => ({ ...request, quantity: request.quantity ?? 0 })),
        );
        const after = await loadBookingRecord(db, scope, booking.id);
        if (!after) throw notFound();
        return deps.present(after.booking, passengers);
      }
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
          const reason = addingClosedReason(locked, open, remoteSells);
          if (reason) throw new AppError('conflict', reason);
          // Bags are counted again under the lock: another request may have added some meanwhile.
          const liveNow = (await servicesOf(trx, booking.id)).filter((row) => LIVE.has(row.status));
          const quoted = await quoteBags(bagAsks, bagsBought(liveNow), locked, passengers);
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
          const added = await insertHeldServices(trx, {
            bookingId: booking.id,
            companyId: principal.companyId,
            at: now,
            services,
          });
          const issued = await issueHeldServices(trx, {
            services: added,
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
              // The statement PDF and the order history read the services back from it.
              note: noteWithServices(
                `${what} for booking ${locked.pnr} (EMD ${emds.join(', ')})`,
                issued.map(serviceLineText),
              ),
              userId: principal.userId,
            });
            refuseOtherCurrency(locked, entry);
            // Issue 33: passed on to the client at their price.
            await addToSelling(trx, booking.id, totalMinor);
            // Issue 31: a purchase after issue is an order of its own in the order history, as the
            // tickets' was: kind `ticket`, its amount the services', its documents their EMDs.
            await insertOrder(trx, {
              companyId: principal.companyId,
              bookingId: booking.id,
              kind: 'ticket',
              amountMinor: totalMinor,
              currency: locked.currency,
              status: 'completed',
              ticketNumbers: emds,
              ledgerEntryId: entry.id,
              at: now,
            });
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
        throw new AppError('conflict', SEAT_JUST_TAKEN, {
          data: map ? ({ seat_map: map } satisfies SeatTaken) : {},
        });
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
