import type {
  BagOffer,
  BookingService,
  BookingServices,
  PassengerType,
  ServiceCatalog,
} from '@skydesk/contract';
import { AppError, minorToAmount } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import {
  type BagFlight,
  type BagOfferRequest,
  type BagsBought,
  bagFlightsOf,
} from '../../../supplier/services.js';
import { type BookingRow, loadBookingRecord } from '../booking/repo.js';
import { bookingScopeOf } from '../booking/scope.js';
import { ORDER_SERVICES, type OrderServiceSteps } from '../remote/order-services.js';
import { offerForServices } from '../seat-maps/offer-services.js';
import { type ServiceRow, servicesOf } from './repo.js';
import { segmentDepartures } from './sales-repo.js';

/**
 * What is on sale beside the fare (issue 31): the extra bags of an offer before booking, and a
 * booking's seats and bags with what may still be added after issue. Seats on sale come with the
 * seat maps (modules/bookings/seat-maps).
 *
 * After issue, seats and bags are added on a ticketed sandbox booking until 24 hours before each
 * flight's departure (the sandbox's rule, as airlines close their seat and bag sales at check-in):
 * a flight inside that window offers no more bags (`max_quantity` 0), and once every flight is
 * inside it `can_add` is false with the reason in words.
 */

/** Seats and bags are sold after issue until this long before a flight leaves. */
export const ADD_SERVICES_BEFORE_MS = 24 * 60 * 60 * 1000;

export const SERVICES_CLOSED = {
  window: 'Seats and bags can be added until 24 hours before departure',
  notTicketed: 'Seats and bags can be added here once the booking is ticketed',
  remote: "This booking's airline sells seats and bags only when the booking is made",
  waiting: 'The airline has not answered yet: seats and bags can be added once it has',
  status: (status: string) =>
    `This booking is ${status.replaceAll('_', ' ')}: seats and bags can no longer be added`,
} as const;

const notFound = () => new AppError('not_found', 'Booking not found');

/** A service row as the contract shows it. */
export function presentService(row: ServiceRow): BookingService {
  const service: BookingService = {
    id: row.id,
    type: row.type,
    passenger_index: row.passenger_index,
    segment_index: row.segment_index,
    amount: { Amount: minorToAmount(Number(row.amount_minor)), CurrencyCode: row.currency.trim() },
    status: row.status,
  };
  if (row.designator !== null) service.designator = row.designator;
  if (row.quantity !== null) service.quantity = row.quantity;
  if (row.emd_number !== null) service.emd_number = row.emd_number.trim();
  return service;
}

/** The bags a booking's passengers hold or paid for, per passenger and flight. */
export const bagsBought = (rows: readonly ServiceRow[]): BagsBought[] =>
  rows
    .filter((row) => row.type === 'bag' && (row.status === 'held' || row.status === 'issued'))
    .map((row) => ({
      passengerIndex: row.passenger_index,
      segmentIndex: row.segment_index,
      quantity: row.quantity ?? 0,
    }));

/**
 * Why nothing can be added to this booking now, or null when something can: ticketed, sold by the
 * sandbox or by a remote airline that sells bags for its paid order (`remoteSells`; its order at
 * rest, no step under way), and some flight more than 24 hours away (`open` says which are).
 */
export function addingClosedReason(
  booking: Pick<BookingRow, 'status' | 'supplier' | 'supplier_state'>,
  open: ReadonlySet<number>,
  remoteSells = false,
): string | null {
  const remote = booking.supplier !== 'sandbox';
  if (remote && !remoteSells) return SERVICES_CLOSED.remote;
  if (booking.status === 'booked') return SERVICES_CLOSED.notTicketed;
  if (booking.status !== 'ticketed') return SERVICES_CLOSED.status(booking.status);
  if (remote && booking.supplier_state !== 'confirmed') return SERVICES_CLOSED.waiting;
  if (open.size === 0) return SERVICES_CLOSED.window;
  return null;
}

/** The segments still sold after issue: departing more than 24 hours from now. */
export function openSegments(departures: ReadonlyMap<number, Date>, now: Date): Set<number> {
  const open = new Set<number>();
  for (const [segment, departsAt] of departures) {
    if (departsAt.getTime() - now.getTime() > ADD_SERVICES_BEFORE_MS) open.add(segment);
  }
  return open;
}

export function createServiceCatalog(deps: {
  db: Kysely<Database>;
  supplier: FlightSupplier;
  clock: Clock;
  /** Issue 31: bags on sale for a remote airline's paid order (the order saga's step); none: not sold. */
  remote?: OrderServiceSteps | null;
}) {
  const { db, supplier, clock } = deps;
  const remoteSells = deps.remote?.canSell() ?? false;

  const offers = async (
    flights: readonly BagFlight[],
    passengers: readonly PassengerType[],
    bought: readonly BagsBought[] = [],
    remote?: BagOfferRequest['remote'],
  ): Promise<BagOffer[]> =>
    supplier.bagOffers
      ? supplier.bagOffers.bagOffers({ flights, passengers, bought, ...(remote ? { remote } : {}) })
      : [];

  return {
    /** GET /api/services?offer_id=: the bags on sale with an offer (re-priced: 422, 410, 409 as seat maps). */
    async forOffer(offerId: string): Promise<ServiceCatalog> {
      const offer = await offerForServices(supplier, offerId);
      // A remote supplier's offer has its bags read from the supplier with its own offer (Duffel).
      if (offer.remote === null) return { bags: [], can_add: true, closed_reason: null };
      const bags = await offers(
        bagFlightsOf(offer.itinerary),
        offer.passengers,
        [],
        offer.remote ?? undefined,
      );
      return { bags, can_add: true, closed_reason: null };
    },

    /** GET /api/booking/{id}/services: the booking's services and the bags it may still add. */
    async forBooking(principal: CompanyPrincipal, bookingId: string): Promise<BookingServices> {
      const record = await loadBookingRecord(db, bookingScopeOf(principal), bookingId);
      if (!record) throw notFound();
      return presentBookingServices(
        record.booking,
        record.passengers.map((p) => p.passenger_type),
      );
    },

    presentBookingServices,
  };

  async function presentBookingServices(
    booking: BookingRow,
    passengers: readonly PassengerType[],
  ): Promise<BookingServices> {
    const [rows, departures] = await Promise.all([
      servicesOf(db, booking.id),
      segmentDepartures(db, booking.id),
    ]);
    const open = openSegments(departures, clock.now());
    let closedReason = addingClosedReason(booking, open, remoteSells);
    const services = rows.map(presentService);
    // A remote airline sells seats with the order only; its bags after issue are its own (Duffel's
    // bags on sale for the order), read while something can be added.
    const remote = booking.supplier !== 'sandbox';
    let bags: BagOffer[] = [];
    if (!remote) bags = await offers(bagFlightsOf(booking.itinerary), passengers, bagsBought(rows));
    else if (closedReason === null && deps.remote) {
      const sale = await deps.remote.bagOffers(booking, passengers, bagsBought(rows));
      bags = sale.bags;
      closedReason = sale.unread;
    }
    // A flight inside the window, or a booking that cannot add, offers no more.
    bags = bags.map((offer) =>
      closedReason !== null || !open.has(offer.segment_index) ? { ...offer, max_quantity: 0 } : offer,
    );
    return {
      services,
      bags,
      can_add: closedReason === null,
      closed_reason: closedReason,
      seats_closed_reason: remote && closedReason === null ? ORDER_SERVICES.seats : null,
    };
  }
}
