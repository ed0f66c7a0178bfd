import {
  AppError,
  type Booking,
  type ChangeBody,
  type ChangeOffer,
  type ChangeOffersBody,
  type FareBrand,
  type FlightSegment,
  type PassengerType,
  type PricedItinerary,
  SERVER,
  waitingForSupplier,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database, StoredChangeLeg, StoredChangeService } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { FlightSearchRequest, FlightSupplier, OfferBooking } from '../../../supplier/port.js';
import { SupplierRequestError } from '../../../supplier/port.js';
import { seatMapFlights } from '../../../supplier/seat-maps.js';
import { issueAdjustment } from '../../invoices/index.js';
import { lockLedger, postLedgerEntry } from '../../payments/index.js';
import { refuseOtherCurrency } from '../booking/credits-currency.js';
import { addEventFees } from '../booking/fees.js';
import { presentBooking, presentBookingDetails, ticketName } from '../booking/presenter.js';
import {
  type BookingRecord,
  type BookingRow,
  findAgency,
  loadBookingForUpdate,
  loadBookingRecord,
  loadHistory,
  recordEvent,
  toHeldSeats,
  userName,
} from '../booking/repo.js';
import { bookingScopeOf } from '../booking/scope.js';
import { eTicketMail } from '../e-ticket/mail.js';
import { renderTicketPdf } from '../e-ticket/ticket-pdf.js';
import { markScheduleChangeAnswered, pendingScheduleChangeOf } from '../schedule-changes/repo.js';
import { presentService } from '../services/catalog.js';
import { serviceLineText } from '../services/lines.js';
import { chosenSeatsOn, isSeatTaken, type ServiceRow, servicesOf } from '../services/repo.js';
import { changeAmounts, changeLedgerMinor, changeNote, NOT_CHANGEABLE } from './amounts.js';
import { presentChangeOffer, presentChanges } from './presenter.js';
import {
  carryService,
  changesOf,
  exchangeTicket,
  insertBookingChange,
  insertChangeOffers,
  isOfferUsedTwice,
  liveTicketsOf,
  lockChangeOffer,
  moveServiceIndex,
  refundService,
  replaceSegments,
  segmentsOfBooking,
  setPassengerFare,
  updateChangedBooking,
  useChangeOffer,
} from './repo.js';

/**
 * Changes after ticketing (issue 32, docs/booking-and-money.md "Changes after ticketing"):
 *
 * - `POST /api/booking/{id}/change-offers`: the legs to replace with their new dates; the sandbox is
 *   searched for the same route on the validating airline, in the booking's cabin and brand, and
 *   each trip found is priced as today's fare for the whole trip (amounts.ts). Up to 10 offers,
 *   cheapest first, valid 20 minutes. While the airline's schedule change waits for an answer, the
 *   legs it touched are offered as its free alternative (within a day either side, amounts zero).
 * - `POST /api/booking/{id}/change`: one transaction under the booking's row lock (then the
 *   balance's, then the seats': docs/booking-and-money.md's lock order) does all of it or none.
 *
 * A remote supplier's booking (Duffel) is refused with a 422 until its adapter's order change flow
 * is wired: `deps.remote` is where it plugs in (the duffel engineer's `changes` capability of the
 * supplier port), called in place of the sandbox's search and seats — see the two REMOTE marks.
 */

const notFound = () => new AppError('not_found', 'Booking not found');
const offerNotFound = () => new AppError('not_found', 'Change offer not found');

type FieldErrors = Record<string, string[]>;
const invalid = (fieldErrors: FieldErrors) =>
  new AppError('validation', Object.values(fieldErrors)[0]?.[0] ?? SERVER.validationFailed, { fieldErrors });

/** How long a change offer holds (the issue: 20 minutes). */
export const CHANGE_OFFER_MINUTES = 20;
/** At most this many offers, cheapest first. */
export const MAX_CHANGE_OFFERS = 10;

export const CHANGE_MESSAGES = {
  remote:
    'Changes of this airline’s bookings are not available in SkyDesk yet: ask the airline, or cancel and book again',
  used: 'This change offer was used already: the booking is changed',
  stale: 'The booking changed since this offer was made: ask for new offers',
  seatGone: 'A seat on the new flights was taken meanwhile: ask for new offers',
  scheduleAnswered: 'The airline’s schedule change was answered already: ask for new offers',
  airportsStay: 'Only a Flex fare may change to another airport in the same city',
  otherCity: 'Another airport must be in the same city as the leg’s',
  alternativeWindow: 'The free alternative flies within one day either side of the original flight',
  alternativeAirports: 'The free alternative flies the same route: the airports stay',
} as const;

export type RemoteChangeSteps = {
  /** REMOTE: the supplier's change offers for a remote booking, in the contract's shape. */
  offers(principal: CompanyPrincipal, booking: BookingRow, body: ChangeOffersBody): Promise<ChangeOffer[]>;
  /** REMOTE: confirms one of them through the supplier's order change flow. */
  change(principal: CompanyPrincipal, booking: BookingRow, offerId: string): Promise<void>;
};

type Leg = { origin: string; destination: string; date: string; segments: FlightSegment[] };

const flightCode = (segment: FlightSegment) => `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
const legsOf = (itinerary: PricedItinerary): Leg[] =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.map((option) => ({
    origin: option.FlightSegment[0]!.DepartureAirport.LocationCode,
    destination: option.FlightSegment[option.FlightSegment.length - 1]!.ArrivalAirport.LocationCode,
    date: option.FlightSegment[0]!.DepartureDateTime.slice(0, 10),
    segments: option.FlightSegment,
  }));
const sameFlights = (a: readonly FlightSegment[], b: readonly FlightSegment[]) =>
  a.length === b.length &&
  a.every(
    (segment, index) =>
      flightCode(segment) === flightCode(b[index]!) &&
      segment.DepartureDateTime === b[index]!.DepartureDateTime,
  );
/** Each flight's (leg, position in the leg), in trip order. */
const legPositions = (legs: readonly Leg[]) =>
  legs.flatMap((leg, legIndex) => leg.segments.map((_, position) => ({ leg: legIndex, position })));
const dayShift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The brand a booking was sold in (a trip is sold in one brand). */
const brandOf = (itinerary: PricedItinerary): FareBrand =>
  itinerary.AirItineraryPricingInfo.FareInfos[0]?.BrandName ?? 'Standard';

/** Why the booking cannot be changed now (409), or null. */
function notChangeable(record: BookingRecord, now: Date): string | null {
  const { booking } = record;
  // A remote order step under way: nothing may race it (decision 020).
  if (waitingForSupplier({ state: booking.supplier_state })) {
    return `Booking ${booking.pnr} waits for the airline: try again in a moment`;
  }
  const live = record.tickets.filter((ticket) => ticket.status !== 'exchanged');
  if (booking.status !== 'ticketed' || live.length === 0 || live.some((t) => t.status !== 'issued')) {
    return `Booking ${booking.pnr} is ${booking.status.replaceAll('_', ' ')}: only a ticketed booking whose tickets are all valid can be changed`;
  }
  if (now.getTime() >= booking.first_departure_at.getTime()) {
    return `Booking ${booking.pnr} has started its journey: a trip is changed before its first flight leaves`;
  }
  return null;
}

/** An OfferBooking read back from JSON (its dates are strings there). */
function offerFromJson(stored: unknown): OfferBooking {
  const offer = stored as OfferBooking;
  return {
    ...offer,
    segments: offer.segments.map((segment) => ({ ...segment, departsAt: new Date(segment.departsAt) })),
  };
}

export function createChangeService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  supplier: FlightSupplier;
  mailer: Mailer;
  log?: FastifyBaseLogger;
  /** REMOTE: a remote supplier's change steps, once its adapter is wired; none refuses (422). */
  remote?: RemoteChangeSteps | null;
}) {
  const { db, clock, supplier, log } = deps;
  let airports: Promise<Map<string, { name: string; city: string; country: string }>> | undefined;
  const airportsByCode = () => {
    airports ??= supplier
      .routes()
      .then(
        (routes) =>
          new Map(
            routes.Airports.map((a) => [a.code, { name: a.name, city: a.city, country: a.country_code }]),
          ),
      );
    return airports;
  };

  /** Whether another airport may stand for `code` (the same city and country). */
  async function sameCity(code: string, other: string) {
    const known = await airportsByCode();
    const a = known.get(code);
    const b = known.get(other);
    return Boolean(a && b && a.city === b.city && a.country === b.country);
  }

  /**
   * What becomes of each live paid service of the changed legs on the new trip: carried to the flight
   * at the same place of its leg when that flight flies the same airports (a seat also when the same
   * seat may be taken there now), else refunded in full.
   */
  async function serviceOutcomes(
    record: BookingRecord,
    services: readonly ServiceRow[],
    oldLegs: readonly Leg[],
    newItinerary: PricedItinerary,
    changed: ReadonlySet<number>,
  ): Promise<StoredChangeService[]> {
    const oldPositions = legPositions(oldLegs);
    const newLegs = legsOf(newItinerary);
    const newIndex = (leg: number, position: number) =>
      legPositions(newLegs).findIndex((entry) => entry.leg === leg && entry.position === position);
    const passengers = record.passengers.map((passenger) => passenger.passenger_type);
    const flights = seatMapFlights(newItinerary);
    const outcomes: StoredChangeService[] = [];
    const seatChecks: {
      outcome: StoredChangeService;
      choice: { segmentIndex: number; passengerIndex: number; designator: string };
    }[] = [];
    for (const service of services) {
      if (service.status !== 'issued') continue;
      const at = oldPositions[service.segment_index];
      if (!at || !changed.has(at.leg)) continue;
      const passenger = record.passengers[service.passenger_index];
      const oldSegment = oldLegs[at.leg]!.segments[at.position]!;
      const target = newLegs[at.leg]!.segments[at.position];
      const index = newIndex(at.leg, at.position);
      const sameAirports =
        target !== undefined &&
        target.DepartureAirport.LocationCode === oldSegment.DepartureAirport.LocationCode &&
        target.ArrivalAirport.LocationCode === oldSegment.ArrivalAirport.LocationCode;
      const outcome: StoredChangeService = {
        service_id: service.id,
        passenger_name: passenger ? ticketName(passenger) : '',
        type: service.type,
        description: serviceLineText(service),
        outcome: sameAirports ? 'carried' : 'refunded',
        refund_minor: sameAirports ? 0 : Number(service.amount_minor),
        to: sameAirports
          ? { segment_index: index, flight: flights[index]!.flight, departure_date: flights[index]!.date }
          : null,
      };
      outcomes.push(outcome);
      if (sameAirports && service.type === 'seat' && service.designator) {
        seatChecks.push({
          outcome,
          choice: {
            segmentIndex: index,
            passengerIndex: service.passenger_index,
            designator: service.designator,
          },
        });
      }
    }
    if (seatChecks.length > 0) {
      const quoteSeats = supplier.seatMaps?.quoteSeats?.bind(supplier.seatMaps);
      const answer = quoteSeats
        ? await quoteSeats({ flights, passengers, choices: seatChecks.map((check) => check.choice) })
        : null;
      for (const check of seatChecks) {
        const quoted = answer?.quotes.some(
          (quote) =>
            quote.segmentIndex === check.choice.segmentIndex &&
            quote.passengerIndex === check.choice.passengerIndex &&
            quote.designator === check.choice.designator,
        );
        if (!quoted) {
          // The same seat is not to be had on the new flight: refunded as a service.
          const service = services.find((row) => row.id === check.outcome.service_id)!;
          check.outcome.outcome = 'refunded';
          check.outcome.refund_minor = Number(service.amount_minor);
          check.outcome.to = null;
        }
      }
    }
    return outcomes;
  }

  async function loadOwn(principal: CompanyPrincipal, bookingId: string) {
    const record = await loadBookingRecord(db, bookingScopeOf(principal), bookingId);
    if (!record) throw notFound();
    return record;
  }

  return {
    async offers(
      principal: CompanyPrincipal,
      bookingId: string,
      body: ChangeOffersBody,
    ): Promise<ChangeOffer[]> {
      const record = await loadOwn(principal, bookingId);
      const { booking } = record;
      const now = clock.now();
      if (booking.supplier !== 'sandbox') {
        // REMOTE: the duffel adapter's order change requests answer here once wired.
        if (deps.remote) return deps.remote.offers(principal, booking, body);
        throw new AppError('validation', CHANGE_MESSAGES.remote);
      }
      const reason = notChangeable(record, now);
      if (reason) throw new AppError('conflict', reason);

      const itinerary = booking.itinerary;
      const oldLegs = legsOf(itinerary);
      const errors: FieldErrors = {};
      body.legs.forEach((leg, index) => {
        if (leg.leg_index >= oldLegs.length) errors[`legs.${index}.leg_index`] = ['No such leg on this trip'];
      });
      if (Object.keys(errors).length > 0) throw invalid(errors);

      // While the airline's schedule change waits for an answer, its legs' alternative is free.
      const pending = await pendingScheduleChangeOf(db, booking.id);
      const positions = legPositions(oldLegs);
      const touched = new Set(
        (pending?.segmentIndexes ?? []).flatMap((index) => (positions[index] ? [positions[index].leg] : [])),
      );
      const kind =
        pending && body.legs.every((leg) => touched.has(leg.leg_index)) ? 'schedule_change' : 'voluntary';
      const brand = brandOf(itinerary);
      if (kind === 'voluntary' && brand === 'Basic') throw new AppError('validation', NOT_CHANGEABLE);

      const requested = new Map(body.legs.map((leg, index) => [leg.leg_index, { ...leg, index }]));
      const searchLegs = [];
      for (const [legIndex, old] of oldLegs.entries()) {
        const ask = requested.get(legIndex);
        if (!ask) {
          searchLegs.push({ origin: old.origin, destination: old.destination, departureDate: old.date });
          continue;
        }
        const origin = ask.origin ?? old.origin;
        const destination = ask.destination ?? old.destination;
        for (const [field, code, own] of [
          ['origin', origin, old.origin],
          ['destination', destination, old.destination],
        ] as const) {
          if (code === own) continue;
          const path = `legs.${ask.index}.${field}`;
          if (kind === 'schedule_change') errors[path] = [CHANGE_MESSAGES.alternativeAirports];
          else if (brand !== 'Flex') errors[path] = [CHANGE_MESSAGES.airportsStay];
          else if (!(await sameCity(own, code))) errors[path] = [CHANGE_MESSAGES.otherCity];
        }
        if (
          kind === 'schedule_change' &&
          (ask.departure_date < dayShift(old.date, -1) || ask.departure_date > dayShift(old.date, 1))
        ) {
          errors[`legs.${ask.index}.departure_date`] = [CHANGE_MESSAGES.alternativeWindow];
        }
        searchLegs.push({ origin, destination, departureDate: ask.departure_date });
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);

      const mix = { adults: 0, children: 0, infants: 0 };
      for (const passenger of record.passengers) {
        if (passenger.passenger_type === 'adult') mix.adults++;
        else if (passenger.passenger_type === 'child') mix.children++;
        else mix.infants++;
      }
      const connections = Math.max(...oldLegs.map((leg) => leg.segments.length - 1));
      const request: FlightSearchRequest = {
        tripType: booking.trip_type,
        legs: searchLegs,
        passengers: mix,
        cabin: booking.cabin,
        maxStops: Math.min(2, connections + 1),
        preferredAirlines: [booking.validating_carrier],
      };
      let found: PricedItinerary[];
      try {
        found = (await supplier.search(request)).itineraries;
      } catch (error) {
        if (!(error instanceof SupplierRequestError)) throw error;
        // The search's own field (origin_destinations.N.…) is the request's leg N.
        const leg = /origin_destinations\.(\d+)/.exec(error.field)?.[1];
        const ask = leg === undefined ? undefined : requested.get(Number(leg));
        throw invalid({ [ask ? `legs.${ask.index}.departure_date` : 'legs']: [error.message] });
      }

      // The same trip but the legs asked for: unchanged legs fly their own flights, changed ones others.
      const candidates = found.flatMap((found) => {
        if (found.ValidatingCarrier !== booking.validating_carrier) return [];
        const legs = legsOf(found);
        const fits = oldLegs.every((old, index) =>
          requested.has(index)
            ? !sameFlights(old.segments, legs[index]!.segments)
            : sameFlights(old.segments, legs[index]!.segments),
        );
        if (!fits) return [];
        if (brandOf(found) === brand) {
          return [
            {
              offerId: found.offer_id,
              totalMinor: Math.round(found.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount * 100),
            },
          ];
        }
        const family = found.FareFamilies.find(
          (entry) =>
            entry.BrandName === brand && !entry.SoldOut && entry.offer_id && entry.AirItineraryPricingInfo,
        );
        if (!family?.offer_id || !family.AirItineraryPricingInfo) return [];
        return [
          {
            offerId: family.offer_id,
            totalMinor: Math.round(family.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount * 100),
          },
        ];
      });
      candidates.sort((a, b) => a.totalMinor - b.totalMinor);

      const paidMinor = record.tickets
        .filter((ticket) => ticket.status === 'issued')
        .reduce((sum, ticket) => sum + Number(ticket.paid_minor), 0);
      const pricing = itinerary.AirItineraryPricingInfo;
      const services = (await servicesOf(db, booking.id)).filter((row) => row.status === 'issued');
      const changed = new Set(requested.keys());
      const expiresAt = new Date(now.getTime() + CHANGE_OFFER_MINUTES * 60_000);
      const rows = [];
      for (const candidate of candidates) {
        if (rows.length >= MAX_CHANGE_OFFERS) break;
        const answer = await supplier.price(candidate.offerId);
        if (answer.status !== 'priced') continue;
        const amounts = changeAmounts({
          kind,
          rule: {
            brand,
            refundable: pricing.Refundable,
            changeFeeMinor: Math.round(pricing.Penalties.Change.Amount * 100),
          },
          paidMinor,
          newTotalMinor: answer.booking.totalMinor,
          chargedTickets: mix.adults + mix.children,
          currency: booking.currency,
        });
        const newLegs = legsOf(answer.itinerary);
        const outcomes = await serviceOutcomes(record, services, oldLegs, answer.itinerary, changed);
        const refunded = outcomes.filter((outcome) => outcome.outcome === 'refunded');
        const rules = [...amounts.rules];
        if (outcomes.length > 0) {
          rules.push(
            'Seats and bags move to the new flights where the same seat or bag is possible; others are refunded in full to your credits',
          );
        }
        if (refunded.length > 0 && kind === 'voluntary') {
          rules.push(`Refunded: ${refunded.map((outcome) => outcome.description).join(', ')}`);
        }
        rows.push({
          bookingId: booking.id,
          companyId: principal.companyId,
          kind,
          scheduleChangeId: kind === 'schedule_change' ? (pending?.id ?? null) : null,
          legs: [...changed]
            .sort((a, b) => a - b)
            .map((legIndex) => ({ leg_index: legIndex, segments: newLegs[legIndex]!.segments })),
          itinerary: answer.itinerary,
          bookingOffer: answer.booking,
          newTotalMinor: answer.booking.totalMinor,
          fareDifferenceMinor: amounts.fareDifferenceMinor,
          penaltyMinor: amounts.penaltyMinor,
          changeTotalMinor: amounts.changeTotalMinor,
          currency: booking.currency,
          refundTo: amounts.refundTo,
          rules,
          services: outcomes,
          expiresAt,
          createdBy: principal.userId,
          at: now,
        } as const);
      }
      const stored = await insertChangeOffers(db, rows);
      return stored.map(presentChangeOffer);
    },

    async change(principal: CompanyPrincipal, bookingId: string, body: ChangeBody): Promise<Booking> {
      const scope = bookingScopeOf(principal);
      const record = await loadOwn(principal, bookingId);
      if (record.booking.supplier !== 'sandbox') {
        // REMOTE: the supplier's order change flow (remote/order-changes.ts, a saga step).
        if (!deps.remote) throw new AppError('validation', CHANGE_MESSAGES.remote);
        await deps.remote.change(principal, record.booking, body.change_offer_id);
        const changed = await loadOwn(principal, bookingId);
        // The airline confirmed it (not left waiting for it): the new e-ticket goes as the sandbox's.
        if (changed.booking.supplier_state === 'confirmed') {
          await mailNewTicket(principal, changed).catch((error: unknown) => {
            log?.error({ err: error, bookingId }, 'could not mail the changed e-ticket');
          });
        }
        return presentBooking(changed, { now: clock.now(), permissions: principal.permissions });
      }
      const now = clock.now();
      try {
        await db.transaction().execute(async (trx) => {
          const locked = await loadBookingForUpdate(trx, scope, bookingId);
          if (!locked) throw notFound();
          const offer = await lockChangeOffer(trx, locked.id, body.change_offer_id);
          if (!offer) throw offerNotFound();
          if (offer.used_at) throw new AppError('conflict', CHANGE_MESSAGES.used);
          if (offer.expires_at.getTime() <= now.getTime()) {
            throw new AppError('gone', 'This change offer expired: ask for new offers', {
              data: { expired_at: offer.expires_at.toISOString() },
            });
          }
          const current = await loadBookingRecord(trx, scope, locked.id);
          if (!current) throw notFound();
          const reason = notChangeable(current, now);
          if (reason) throw new AppError('conflict', reason);
          // An offer describes the booking as it was quoted: the legs it keeps fly the same flights
          // and, for a voluntary change, the live tickets cost what its fare difference was worked
          // from. Another change since (even at the same instant) makes it stale.
          const kept = legsOf(offer.itinerary);
          const quotedLegs = new Set(offer.legs.map((leg) => leg.leg_index));
          const sameTrip = legsOf(locked.itinerary).every(
            (leg, index) => quotedLegs.has(index) || sameFlights(leg.segments, kept[index]?.segments ?? []),
          );
          const paidNow = current.tickets
            .filter((ticket) => ticket.status === 'issued')
            .reduce((sum, ticket) => sum + Number(ticket.paid_minor), 0);
          const paidThen = Number(offer.new_total_minor) - Number(offer.fare_difference_minor);
          if (!sameTrip || (offer.kind === 'voluntary' && paidNow !== paidThen)) {
            throw new AppError('conflict', CHANGE_MESSAGES.stale);
          }
          if (offer.kind === 'schedule_change') {
            const pending = await pendingScheduleChangeOf(trx, locked.id);
            if (!pending || pending.id !== offer.schedule_change_id) {
              throw new AppError('conflict', CHANGE_MESSAGES.scheduleAnswered);
            }
          }
          if (!(await useChangeOffer(trx, offer.id, now)))
            throw new AppError('conflict', CHANGE_MESSAGES.used);
          // The lock order: the booking, the balance, then the seats.
          await lockLedger(trx, principal.companyId);

          const newItinerary = offer.itinerary;
          const newOffer = offerFromJson(offer.booking_offer);
          const changed = new Set(offer.legs.map((leg) => leg.leg_index));
          const oldItinerary = locked.itinerary;
          const oldLegs = legsOf(oldItinerary);
          const oldSegments = await segmentsOfBooking(trx, locked.id);
          const seats = current.passengers.filter((p) => p.passenger_type !== 'infant').length;

          // Seats: the changed legs' flights given back, the new ones taken (409 naming a full one).
          await supplier.bookings.release(
            trx,
            oldSegments.filter((segment) => changed.has(segment.leg)).map(toHeldSeats),
          );
          await supplier.bookings.hold(
            trx,
            { ...newOffer, segments: newOffer.segments.filter((segment) => changed.has(segment.leg)) },
            seats,
          );
          await replaceSegments(
            trx,
            locked.id,
            newOffer.segments.map((segment) => ({
              leg: segment.leg,
              flight: segment.flight,
              departure_date: segment.date,
              cabin: segment.cabin,
              seats,
              departs_at: segment.departsAt,
            })),
          );

          // Services: the changed legs' carried or refunded as quoted (a seat taken since is refunded),
          // the other legs' renumbered to their flights' place in the new trip.
          const oldPositions = legPositions(oldLegs);
          const newPositions = legPositions(legsOf(newItinerary));
          const quoted = new Map(offer.services.map((entry) => [entry.service_id, entry]));
          const live = (await servicesOf(trx, locked.id)).filter(
            (row) => row.status === 'issued' || row.status === 'held',
          );
          let servicesRefundMinor = 0;
          const refundedNames: string[] = [];
          for (const service of live) {
            const at = oldPositions[service.segment_index];
            if (!at) continue;
            if (!changed.has(at.leg)) {
              const index = newPositions.findIndex((p) => p.leg === at.leg && p.position === at.position);
              if (index !== service.segment_index) await moveServiceIndex(trx, service.id, index);
              continue;
            }
            const plan = quoted.get(service.id);
            let carry = plan?.outcome === 'carried' && plan.to ? plan.to : null;
            if (carry && service.type === 'seat') {
              const taken = await chosenSeatsOn(trx, [{ flight: carry.flight, date: carry.departure_date }]);
              if (taken.some((seat) => seat.designator === service.designator)) carry = null;
            }
            if (carry) {
              await carryService(trx, service.id, carry);
            } else {
              await refundService(trx, service.id, now);
              servicesRefundMinor += Number(service.amount_minor);
              refundedNames.push(serviceLineText(service));
            }
          }

          // Tickets: each passenger's replaced by a new number at the new fare (the alternative to a
          // schedule change keeps its fare: nothing is repriced).
          const voluntary = offer.kind === 'voluntary';
          const tickets: { from: string; to: string }[] = [];
          for (const ticket of await liveTicketsOf(trx, locked.id)) {
            const type = ticket.passenger_type as PassengerType;
            const passenger = current.passengers.find((p) => p.id === ticket.passenger_id)!;
            const fare = voluntary
              ? newOffer.fares[type]
              : { base: Number(passenger.fare_minor), taxes: Number(passenger.taxes_minor) };
            const to = await exchangeTicket(trx, {
              bookingId: locked.id,
              passengerId: ticket.passenger_id,
              old: ticket.ticket_number,
              paidMinor: fare.base + fare.taxes,
              at: now,
              ticketNumber: () => supplier.bookings.ticketNumber(locked.validating_carrier),
            });
            if (voluntary) await setPassengerFare(trx, ticket.passenger_id, fare);
            tickets.push({ from: ticket.ticket_number.trim(), to });
          }

          const itinerary: PricedItinerary = voluntary
            ? newItinerary
            : {
                ...newItinerary,
                // The alternative keeps the fare as paid; the fare's brand and baggage by flight.
                AirItineraryPricingInfo: {
                  ...oldItinerary.AirItineraryPricingInfo,
                  FareInfos: newItinerary.AirItineraryPricingInfo.FareInfos,
                },
              };
          const first = newOffer.segments[0]!;
          const last = newOffer.segments[newOffer.segments.length - 1]!;
          await updateChangedBooking(trx, locked.id, {
            itinerary: JSON.stringify(itinerary),
            total_minor: voluntary ? newOffer.totalMinor : locked.total_minor,
            // The sandbox sells at its net (no markup): what the platform pays moves with the fare.
            net_minor: (voluntary ? newOffer.totalMinor : locked.total_minor) - Number(locked.markup_minor),
            first_departure_at: first.departsAt,
            last_departure_date: last.date,
            // The new tickets are not voidable: the change closed the void window.
            void_until:
              locked.void_until && locked.void_until.getTime() > now.getTime() ? now : locked.void_until,
            updated_at: now,
          });

          const amounts = {
            fareDifferenceMinor: Number(offer.fare_difference_minor),
            penaltyMinor: Number(offer.penalty_minor),
            changeTotalMinor: Number(offer.change_total_minor),
            refundTo: offer.refund_to,
          };
          const note = changeNote(
            { ...amounts, pnr: locked.pnr, servicesRefundMinor, refundedServices: refundedNames, tickets },
            locked.currency,
          );
          const ledgerMinor = changeLedgerMinor(amounts, servicesRefundMinor);
          let ledgerEntryId: string | null = null;
          if (ledgerMinor !== 0) {
            // 402 'Insufficient credits' when the credits cannot cover it: the transaction, and
            // everything above, is rolled back.
            const entry = await postLedgerEntry(trx, {
              companyId: principal.companyId,
              kind: 'change',
              amountMinor: ledgerMinor,
              bookingId: locked.id,
              note,
              userId: principal.userId,
            });
            refuseOtherCurrency(locked, entry);
            ledgerEntryId = entry.id;
          }
          const before = [...changed]
            .sort((a, b) => a - b)
            .map((legIndex) => ({ leg_index: legIndex, segments: oldLegs[legIndex]!.segments }));
          await insertBookingChange(trx, {
            bookingId: locked.id,
            companyId: principal.companyId,
            offerId: offer.id,
            kind: voluntary ? 'exchange' : 'schedule_alternative',
            before: before as StoredChangeLeg[],
            after: offer.legs,
            ...amounts,
            servicesRefundMinor,
            currency: locked.currency,
            tickets,
            ledgerEntryId,
            actorUserId: principal.userId,
            at: now,
          });
          await recordEvent(trx, {
            bookingId: locked.id,
            action: 'exchanged',
            from: 'ticketed',
            to: 'ticketed',
            note: voluntary ? note : `Moved to the airline’s free alternative; ${note}`,
            actorUserId: principal.userId,
            at: now,
          });
          if (!voluntary) await markScheduleChangeAnswered(trx, locked.id, 'changed', now, principal.userId);
          // Issue 33: the change's service fees by the agency's fee rules (its income, never
          // debited), then the client's supplementary invoice (or credit note) that bills them.
          // An airline's schedule change moved for free is not the client's change: no fee.
          if (voluntary) {
            await addEventFees(trx, {
              companyId: principal.companyId,
              bookingId: locked.id,
              userId: principal.userId,
              event: 'change',
              at: now,
            });
          }
          await issueAdjustment(trx, {
            companyId: principal.companyId,
            bookingId: locked.id,
            userId: principal.userId,
            reason: 'change',
            at: now,
          });
        });
      } catch (error) {
        if (isOfferUsedTwice(error)) throw new AppError('conflict', CHANGE_MESSAGES.used);
        if (isSeatTaken(error)) throw new AppError('conflict', CHANGE_MESSAGES.seatGone);
        throw error;
      }

      const after = await loadOwn(principal, bookingId);
      await mailNewTicket(principal, after).catch((error: unknown) => {
        // The change is made; a mail server's trouble is logged, and the agent can send it again.
        log?.error({ err: error, bookingId }, 'could not mail the changed e-ticket');
      });
      return presentBooking(after, { now: clock.now(), permissions: principal.permissions });
    },

    changesOf: (bookingId: string) => changesOf(db, bookingId).then(presentChanges),
  };

  /** The new e-ticket to the booking's contact, recorded in its history. */
  async function mailNewTicket(principal: CompanyPrincipal, record: BookingRecord) {
    const viewer = { now: clock.now(), permissions: principal.permissions };
    const [history, services, changes, agency, known, sender] = await Promise.all([
      loadHistory(db, record.booking.id),
      servicesOf(db, record.booking.id),
      changesOf(db, record.booking.id),
      findAgency(db, principal.companyId),
      airportsByCode(),
      userName(db, principal.userId),
    ]);
    const booking = {
      ...presentBookingDetails(record, history, services.map(presentService), viewer),
      changes: presentChanges(changes),
    };
    const pdf = await renderTicketPdf({
      booking,
      agency,
      airportName: (code) => known.get(code)?.name,
      generatedAt: clock.now(),
    });
    const to = record.booking.contact_email;
    await deps.mailer.send(eTicketMail({ to, booking, agency, sender: sender ?? 'a colleague', pdf }));
    await db.transaction().execute((trx) =>
      recordEvent(trx, {
        bookingId: record.booking.id,
        action: 'e_ticket_sent',
        from: null,
        to: record.booking.status,
        note: `New e-ticket after the change e-mailed to ${to}`,
        actorUserId: principal.userId,
        at: clock.now(),
      }),
    );
  }
}

export type ChangeService = ReturnType<typeof createChangeService>;
