import {
  AppError,
  amountToMinor,
  type Booking,
  type FieldErrors,
  minorToAmount,
  type ParsedBookingBody,
  type PriceChange,
  SERVER,
  type SoldOutBrand,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import { commitRequestSoFar } from '../../../platform/db/request-transaction.js';
import type { Database } from '../../../platform/db/schema.js';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MESSAGES,
  KEY_LIFETIME_MS,
} from '../../../platform/http/idempotency.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { FlightSupplier, OfferBooking } from '../../../supplier/port.js';
import { localDate, sellItinerary } from '../../flights/index.js';
import { loadPricer } from '../../pricing/index.js';
import { markQuoteOptionBooked } from '../../quotes/index.js';
import { bookingOfRequest } from '../remote/repo.js';
import { internationalPhone, type SupplierSaga } from '../remote/saga.js';
import { quoteRemoteServices } from '../remote/services.js';
import { storedOfferOf } from '../remote/settle.js';
import { quoteBookingServices, seatTakenError } from '../services/booking-services.js';
import { insertHeldServices, isSeatTaken, type NewService } from '../services/repo.js';
import { ownTravellerIds, saveTravellers } from '../travellers/repo.js';
import { agencyTimeZone } from './agency-zone-repo.js';
import { checkHoldLimits, type HoldLimits } from './hold-limits.js';
import { passengerProblems } from './passenger-rules.js';
import { presentBooking, utcMinute } from './presenter.js';
import { insertBooking, insertPassengers, insertSegments, loadBookingRecord, recordEvent } from './repo.js';
import { bookingScopeOf } from './scope.js';
import { type HoldPolicy, ticketingDeadline } from './ticketing-deadline.js';

export type BookingDeps = {
  db: Kysely<Database>;
  supplier: FlightSupplier;
  clock: Clock;
  hold: HoldPolicy;
  holdLimits: HoldLimits;
  /** The order saga of a remote supplier's bookings (decision 020); null without one. */
  saga: SupplierSaga | null;
};

/** An Idempotency-Key request: its key and the hash of the request (platform/http/idempotency.ts). */
export type KeyedRequest = { key: string; requestHash: string };

const invalid = (fieldErrors: FieldErrors) =>
  new AppError('validation', Object.values(fieldErrors)[0]?.[0] ?? SERVER.validationFailed, { fieldErrors });

/**
 * POST /api/booking: re-prices the offer, checks the passengers against it, then takes the seats
 * and records the hold in one transaction (docs/api.md, docs/architecture.md §4–5).
 *
 * Pricing reads the inventory before the transaction, so two agents racing for the last seats of a
 * booking class may both get its price; the seats themselves are taken under the inventory's row
 * locks, so a flight is never oversold whatever the race. Before any seat moves, the hold must fit
 * the agency's hold limits (hold-limits.ts), checked under its balance row's lock.
 */
export async function createBooking(
  deps: BookingDeps,
  principal: CompanyPrincipal,
  body: ParsedBookingBody,
  keyed?: KeyedRequest,
): Promise<Booking> {
  const { db, supplier, clock } = deps;
  // A remote booking's saga commits step by step (decision 020), so a retry of a request that died
  // half-way finds its booking here rather than making a second one at the airline; the same key
  // with another request is refused, as the idempotency layer refuses it (422).
  const requestKey = keyed && `${keyed.key}\n${keyed.requestHash}`;
  if (keyed) {
    const made = await bookingOfRequest(
      db,
      principal.companyId,
      keyed.key,
      new Date(clock.now().getTime() - KEY_LIFETIME_MS),
    );
    if (made && made.idempotency_key !== requestKey) {
      throw new AppError('validation', IDEMPOTENCY_MESSAGES.otherRequest, {
        fieldErrors: { [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.otherRequest] },
      });
    }
    const first = made ? await loadBookingRecord(db, bookingScopeOf(principal), made.id) : undefined;
    if (first && first.booking.supplier_state !== 'failed') {
      await deps.saga?.refreshOnOpen(first.booking);
      const record = (await loadBookingRecord(db, bookingScopeOf(principal), first.booking.id)) ?? first;
      return presentBooking(record, { now: clock.now(), permissions: principal.permissions });
    }
  }
  // A remote supplier's offer is priced at the airline: what a keyed request has read so far is
  // committed first, so no transaction stays open over the call (on the embedded store it would
  // hold the only connection, and every other request would wait on the airline; decision 020).
  // A refusal after it (409, 410) is still stored as the key's answer, in a transaction of its own.
  if (supplier.pricesRemotely?.(body.offer_id)) await commitRequestSoFar();
  const answer = await supplier.price(body.offer_id);
  switch (answer.status) {
    case 'invalid':
      throw invalid({ offer_id: [answer.message] });
    case 'expired':
      throw new AppError('gone', answer.message, { data: { expired_at: answer.expiredAt.toISOString() } });
    case 'unavailable':
      throw new AppError('conflict', answer.message);
    case 'soldOut': {
      // Issue 16: the offer's brand is gone on these flights; the brands there are now.
      const soldOut: SoldOutBrand = { alternatives: answer.alternatives };
      throw new AppError('conflict', answer.message, { data: soldOut });
    }
    case 'priced':
      break;
  }
  const { booking: offer, itinerary } = answer;
  const first = offer.segments[0]!;
  const last = offer.segments[offer.segments.length - 1]!;

  const problems = passengerProblems(body.passengers, {
    passengers: offer.passengers,
    firstDate: first.date,
    lastDate: last.date,
  });
  if (Object.keys(problems).length > 0) throw invalid(problems);
  await checkTravellersAreOurs(db, principal.companyId, body);

  // A remote supplier's offer (issue 29): ordered through the saga, holding no sandbox seats.
  const priced = offer.supplier && offer.supplier !== 'sandbox' ? (offer.remote ?? null) : null;
  if (priced && !deps.saga) {
    throw new AppError('unavailable', 'The airline of this fare is not connected right now: search again', {
      retryAfter: 60,
    });
  }
  // Seats and bags checked and priced against the maps and offers as they are now; the seats are
  // taken by their rows in the booking's transaction (a seat taken since answers 409).
  const partyTypes = body.passengers.map((passenger) => passenger.passenger_type);
  // Issue 31: a remote offer's are priced by its supplier and ordered with it, folded into the offer
  // the booking keeps and inside its total: the saga debits, pays and reverses exactly that
  // (remote/services.ts; Duffel holds no order with services, so such a booking is held here only).
  const remoteServices = priced
    ? await quoteRemoteServices(supplier, {
        offer,
        itinerary,
        passengers: partyTypes,
        services: body.services,
      })
    : null;
  const remote = remoteServices?.remote ?? null;
  const services =
    remoteServices ??
    (await quoteBookingServices(supplier, {
      itinerary,
      passengers: partyTypes,
      services: body.services,
      currency: offer.currency,
    }));
  const remoteServicesMinor = remoteServices?.totalMinor ?? 0;
  // Airlines take a phone number in international form only: said before anything is booked.
  if (remote && !internationalPhone(body.contact.phone)) {
    throw invalid({
      'contact.phone': ['The airline needs the phone number in international form: + and the country code'],
    });
  }

  const now = clock.now();
  const policyDeadline = ticketingDeadline(now, first.departsAt, deps.hold);
  // The airline's limit can only shorten it: a fare it will not hold lives as long as the offer.
  const airlineLimit = remote
    ? remote.instantPaymentOnly
      ? new Date(itinerary.offer_expires_at)
      : remote.holdUntil
    : null;
  const deadline =
    policyDeadline && airlineLimit && airlineLimit.getTime() < policyDeadline.getTime()
      ? airlineLimit
      : policyDeadline;
  if (!deadline || deadline.getTime() <= now.getTime()) {
    throw invalid({
      offer_id: [
        `This flight leaves in less than ${formatMinutes(deps.hold.cutoffMinutes)}: too late to book it`,
      ],
    });
  }

  // docs/api.md: a price that rose needs the agent's yes (book the new offer); one that fell is taken.
  if (answer.priceChanged && offer.totalMinor > amountToMinor(answer.previousTotal.Amount)) {
    const change: PriceChange = {
      previous_total: answer.previousTotal,
      new_total: itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare,
      offer_id: itinerary.offer_id,
      offer_expires_at: itinerary.offer_expires_at,
    };
    throw new AppError('conflict', SERVER.priceChanged, { data: change });
  }

  // Issue 33: what the client pays — the fare at the agency's selling price (its markup rules as
  // they are now), the seats and bags at their price. Re-set at issue (issue-booking.ts).
  const sold = sellItinerary(await loadPricer(db, { companyId: principal.companyId }), itinerary, {
    supplier: offer.supplier ?? 'sandbox',
    bookingDate: localDate(now, await agencyTimeZone(db, principal.companyId)),
  });
  const sellingMinor = Math.max(
    0,
    offer.totalMinor + (sold.sellingMinor - sold.netMinor) + services.totalMinor,
  );

  // The booking is the saga's journal: committed before the airline is asked (decision 020).
  if (remote) await commitRequestSoFar();
  const bookingId = await db
    .transaction()
    .execute(async (trx) => {
      // Infants sit on a lap: only adults and children take seats.
      const seats = offer.passengers.adults + offer.passengers.children;
      // First, under the company's balance lock: the agency's holds are bounded (seat hoarding).
      await checkHoldLimits(
        trx,
        deps.holdLimits,
        {
          companyId: principal.companyId,
          // The seats and bags held with it are part of what the hold is worth.
          totalMinor: offer.totalMinor + services.totalMinor,
          currency: offer.currency,
          flights: offer.segments.map((segment) => ({ flight: segment.flight, date: segment.date, seats })),
        },
        now,
      );
      if (!remote) await supplier.bookings.hold(trx, offer, seats);
      // Saving names each passenger's traveller by passport (the travellers' key), so a picked
      // traveller whose passport was renewed is saved as the new passport's traveller.
      const travellerIds = body.save_travellers
        ? await saveTravellers(trx, {
            companyId: principal.companyId,
            userId: principal.userId,
            at: now,
            passengers: body.passengers.map(({ traveller_id: _, ...identity }) => identity),
          })
        : body.passengers.map((passenger) => passenger.traveller_id ?? null);
      const booking = await insertBooking(trx, {
        company_id: principal.companyId,
        status: 'booked',
        trip_type: offer.tripType,
        cabin: offer.cabin,
        validating_carrier: offer.validatingCarrier,
        itinerary: JSON.stringify(itinerary),
        total_minor: offer.totalMinor + remoteServicesMinor,
        selling_minor: sellingMinor,
        markup_rule_id: sold.rule?.id ?? null,
        markup_rule_name: sold.rule?.name ?? null,
        currency: offer.currency,
        contact_email: body.contact.email,
        contact_phone: body.contact.phone,
        ticketing_deadline: deadline,
        first_departure_at: first.departsAt,
        last_departure_date: last.date,
        created_by: principal.userId,
        created_at: now,
        updated_at: now,
        ...(remote
          ? {
              supplier: offer.supplier,
              supplier_state: remote.instantPaymentOnly ? ('local' as const) : ('confirming' as const),
              supplier_state_at: now,
              supplier_offer: JSON.stringify(storedOfferOf(remote)),
              net_minor: remote.netMinor,
              markup_minor: offer.totalMinor + remoteServicesMinor - remote.netMinor,
              idempotency_key: requestKey ?? null,
            }
          : {}),
      });
      // Issue 33: the quote option this booking sells says `booked` with it, or nothing is booked
      // (another agency's option is a 404, a withdrawn or expired quote a 409: all rolled back).
      if (body.quote_option_id) {
        await markQuoteOptionBooked(trx, {
          companyId: principal.companyId,
          optionId: body.quote_option_id,
          bookingId: booking.id,
          at: now,
        });
      }
      await insertPassengers(
        trx,
        booking.id,
        body.passengers.map(({ traveller_id: _, ...passenger }, index) => ({
          ...passenger,
          traveller_id: travellerIds[index] ?? null,
          fare_minor: offer.fares[passenger.passenger_type].base,
          taxes_minor: offer.fares[passenger.passenger_type].taxes,
        })),
      );
      await insertSegments(
        trx,
        booking.id,
        offer.segments.map((segment) => ({
          leg: segment.leg,
          flight: segment.flight,
          departure_date: segment.date,
          cabin: segment.cabin,
          seats,
          departs_at: segment.departsAt,
        })),
      );
      await insertHeldServices(trx, {
        bookingId: booking.id,
        companyId: principal.companyId,
        at: now,
        services: services.rows,
      });
      // The history's deadline reads in the agency's zone (docs/architecture.md §8).
      const zone = await agencyTimeZone(trx, principal.companyId);
      await recordEvent(trx, {
        bookingId: booking.id,
        action: 'booked',
        from: null,
        to: 'booked',
        note: !remote
          ? `Seats held until ${utcMinute(deadline, zone)}; ${describeTotal(offer)}${describeServices(services.rows, offer.currency)}`
          : remote.instantPaymentOnly
            ? `Held here only until ${utcMinute(deadline, zone)}: the airline sells this fare paid at once; ${describeTotal(offer)}`
            : `The airline is asked to hold the seats until ${utcMinute(deadline, zone)}; ${describeTotal(offer)}`,
        actorUserId: principal.userId,
        at: now,
      });
      return booking.id;
    })
    .catch(async (error: unknown) => {
      // Another agent's booking took one of the seats since they were checked: the unique index
      // refused this one, so nothing of it was kept.
      if (!isSeatTaken(error)) throw error;
      throw await seatTakenError(db, supplier, {
        itinerary,
        passengers: partyTypes,
        seats: services.rows.filter((row) => row.type === 'seat'),
      });
    });
  if (remote && !remote.instantPaymentOnly) await deps.saga!.hold(bookingId);

  const record = await loadBookingRecord(db, bookingScopeOf(principal), bookingId);
  if (!record) throw new Error(`Booking ${bookingId} vanished after it was made`);
  return presentBooking(record, { now, permissions: principal.permissions });
}

/** A passenger picked from saved travellers must be one of the company's (docs/architecture.md §6: 404). */
async function checkTravellersAreOurs(db: Kysely<Database>, companyId: string, body: ParsedBookingBody) {
  const named = body.passengers.flatMap((passenger) =>
    passenger.traveller_id ? [passenger.traveller_id] : [],
  );
  const ours = await ownTravellerIds(db, companyId, named);
  const errors: FieldErrors = {};
  body.passengers.forEach((passenger, index) => {
    if (passenger.traveller_id && !ours.has(passenger.traveller_id)) {
      errors[`passengers.${index}.traveller_id`] = ['No such saved traveller'];
    }
  });
  if (Object.keys(errors).length > 0) {
    throw new AppError('not_found', 'Traveller not found', { fieldErrors: errors });
  }
}

/** '; seats 23C, 23D; 1 extra bag; services 50.00 USD' for the history (nothing without any). */
function describeServices(rows: readonly NewService[], currency: string): string {
  if (rows.length === 0) return '';
  const seats = rows.flatMap((row) => (row.type === 'seat' && row.designator ? [row.designator] : []));
  const bags = rows.reduce((sum, row) => sum + (row.type === 'bag' ? (row.quantity ?? 0) : 0), 0);
  const total = rows.reduce((sum, row) => sum + row.amount_minor, 0);
  const parts = [
    ...(seats.length > 0 ? [`seat${seats.length === 1 ? '' : 's'} ${seats.join(', ')}`] : []),
    ...(bags > 0 ? [`${bags} extra bag${bags === 1 ? '' : 's'}`] : []),
  ];
  return `; ${parts.join(', ')} (${minorToAmount(total).toFixed(2)} ${currency}, paid at issue)`;
}

const describeTotal = (offer: OfferBooking) =>
  `total ${minorToAmount(offer.totalMinor).toFixed(2)} ${offer.currency}`;

function formatMinutes(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
