import { type FareFamily, type Money, minorToAmount } from '@skydesk/contract';
import { type Clock, systemClock } from '../../platform/clock.js';
import { EMPTY_INVENTORY, recordingReads, type SeatInventory } from '../inventory.js';
import type {
  FlightSearchAnswer,
  FlightSearchRequest,
  FlightShopping,
  OfferBooking,
  PriceAnswer,
  PriceSelection,
  RoutesAnswer,
  SelectionAnswer,
  SoldOutAnswer,
} from '../port.js';
import { brandOfClass, cabinBrands } from './brands.js';
import { buildTimetable, DEFAULT_NETWORK_SEED } from './build-timetable.js';
import { BOOKING_CLASSES, type FareRules } from './fares.js';
import { equipmentAt } from './fleet.js';
import { searchGrouped } from './grouped-search.js';
import { createOfferSigner, OFFER_TTL_MS, type Offer, type OfferedLeg } from './offers.js';
import { createOptionIdSigner, searchKeyOf } from './option-ids.js';
import { type PresentedLegs, presentItinerary, presentPricing } from './present-itinerary.js';
import { routeMap } from './route-map.js';
import { JourneyPlanner, MAX_LAYOVER_MINUTES, minimumConnectionMinutes } from './routing.js';
import {
  createSandboxScheduleChanges,
  type SandboxScheduleChanges,
  withScheduleChanges,
} from './schedule-changes/airline-changes.js';
import { dateOfEpochDay, epochDayOf, localDate, MINUTES_PER_DAY } from './time-zones.js';
import type { Timetable } from './timetable.js';
import {
  type LegOption,
  legInBrand,
  type PricedLeg,
  priceLegs,
  segmentDate,
  tripTotals,
} from './trip-pricing.js';
import { cheapestTrip, legsInSequence, searchTrips, validateTripSearch } from './trip-search.js';

/**
 * The embedded sandbox GDS's shopping (docs/architecture.md §4): a deterministic network of real airports
 * and airlines, searched with range RAPTOR, priced from booking classes that close as seats sell,
 * sold through signed offers that re-price exactly. Its bookings are bookings.ts.
 */

export type SandboxSupplierOptions = {
  /** HMAC key for offer ids (a server secret). */
  offerKey: string | Uint8Array;
  clock?: Clock;
  /** Seats sold per flight, date and cabin; none by default, the database inventory later. */
  inventory?: SeatInventory;
  seed?: number;
  /** ISO 4217 code fares are quoted in (docs/architecture.md §7 CURRENCY). */
  currency?: string;
  /** A timetable built already (tests build one per file and share it). */
  timetable?: Timetable;
};

export type SandboxSupplier = FlightShopping & {
  readonly timetable: Timetable;
  /** Issue 32: its airlines' schedule changes; searches show moved flights and sell no cancelled one. */
  readonly scheduleChanges: SandboxScheduleChanges;
  /** `search` as of `now` (a worker thread searches with the time of the request it serves). */
  searchAt(request: FlightSearchRequest, now: Date): Promise<FlightSearchAnswer>;
  lowestFare(request: FlightSearchRequest): Promise<Money | null>;
  lowestFareAt(request: FlightSearchRequest, now: Date): Promise<Money | null>;
  priceSelection(selection: PriceSelection): Promise<SelectionAnswer>;
};

export async function createSandboxSupplier(options: SandboxSupplierOptions): Promise<SandboxSupplier> {
  const seed = options.seed ?? DEFAULT_NETWORK_SEED;
  const timetable = options.timetable ?? (await buildTimetable({ seed })).timetable;
  const clock = options.clock ?? systemClock;
  const inventory = options.inventory ?? EMPTY_INVENTORY;
  const currency = options.currency ?? 'USD';
  const rules: FareRules = { seed };
  const planner = new JourneyPlanner(timetable);
  const signer = createOfferSigner(options.offerKey);
  const optionIds = createOptionIdSigner(options.offerKey);
  let routes: RoutesAnswer | null = null;
  const scheduleChanges = createSandboxScheduleChanges(timetable, seed);

  const present = (
    legs: readonly PricedLeg[],
    offer: Offer,
    offerId: string,
    sequenceNumber: number,
    presented?: PresentedLegs,
    fareFamilies?: FareFamily[],
  ) =>
    presentItinerary(legs, {
      timetable,
      tripType: offer.tripType,
      cabin: offer.cabin,
      passengers: offer.passengers,
      currency,
      offerId,
      expiresAt: new Date(offer.quotedAt.getTime() + OFFER_TTL_MS),
      sequenceNumber,
      ...(presented ? { legs: presented } : {}),
      ...(fareFamilies ? { fareFamilies } : {}),
    });

  const offeredLeg = (leg: PricedLeg): OfferedLeg => ({
    bookingClass: leg.component.bookingClass,
    segments: leg.segments.map((segment) => ({
      flight: timetable.designator(segment.flight),
      date: segmentDate(timetable, segment),
    })),
  });

  /** `offered` keeps each leg's part of the offer for the search (a leg is in many of its trips). */
  const offerFor = (
    request: Pick<Offer, 'tripType' | 'cabin' | 'passengers' | 'quotedAt'>,
    legs: readonly PricedLeg[],
    offered?: Map<PricedLeg, OfferedLeg>,
  ): Offer => ({
    ...request,
    legs: legs.map((leg) => {
      let part = offered?.get(leg);
      if (!part) {
        part = offeredLeg(leg);
        offered?.set(leg, part);
      }
      return part;
    }),
    total: tripTotals(legs, request.passengers).total,
  });

  /** How a search at `now` prices. Offers carry whole seconds: it quotes at a whole second, so
   * re-pricing sees the same instant. */
  const pricingAt = (now: Date, seats: SeatInventory) => ({
    timetable,
    rules,
    inventory: seats,
    quotedAt: new Date(Math.floor(now.getTime() / 1000) * 1000),
    scheduleChanges,
  });

  /**
   * The same flights in each brand of the cabin, cheapest first (issue 16): sold out where a leg
   * has none of the brand's classes open, else priced with an offer of its own. `main`, when given,
   * is the itinerary as priced (its cheapest open classes) and is left out when it is one of them.
   */
  const fareFamilies = (
    request: Pick<Offer, 'tripType' | 'cabin' | 'passengers' | 'quotedAt'>,
    legs: readonly PricedLeg[],
    main: readonly PricedLeg[] | null,
    offered?: Map<PricedLeg, OfferedLeg>,
  ): FareFamily[] => {
    const families: FareFamily[] = [];
    for (const { brand } of cabinBrands(request.cabin)) {
      const inBrand = legs.map((leg) => legInBrand(leg, brand, rules));
      if (inBrand.some((leg) => leg === null)) {
        families.push({
          BrandName: brand,
          SoldOut: true,
          offer_id: null,
          SeatsRemaining: 0,
          AirItineraryPricingInfo: null,
        });
        continue;
      }
      const sold = inBrand as PricedLeg[];
      if (main && sold.every((leg, index) => leg === main[index])) continue;
      const offer = offerFor(request, sold, offered);
      families.push({
        BrandName: brand,
        SoldOut: false,
        offer_id: signer.encode(offer),
        SeatsRemaining: Math.min(
          ...legs.map((leg) => leg.brands.list().find((entry) => entry.brand === brand)!.seatsLeft),
        ),
        AirItineraryPricingInfo: presentPricing(sold, request.passengers, currency),
      });
    }
    return families;
  };

  const soldOut = (
    request: Pick<Offer, 'tripType' | 'cabin' | 'passengers' | 'quotedAt'>,
    legs: readonly PricedLeg[] | null,
    message: string,
  ): SoldOutAnswer => ({
    status: 'soldOut',
    message,
    // A flight that cannot seat the party at all: every brand is sold out.
    alternatives: legs
      ? fareFamilies(request, legs, null)
      : cabinBrands(request.cabin).map(({ brand }) => ({
          BrandName: brand,
          SoldOut: true,
          offer_id: null,
          SeatsRemaining: 0,
          AirItineraryPricingInfo: null,
        })),
  });

  async function searchAt(request: FlightSearchRequest, now: Date): Promise<FlightSearchAnswer> {
    const reads = recordingReads(inventory);
    const pricing = pricingAt(now, reads.inventory);
    const { quotedAt } = pricing;
    if (request.view === 'itineraries') {
      const grouped = await searchGrouped(request, { planner, pricing, signer: optionIds, currency });
      return { itineraries: [], grouped, seatsRead: reads.reading };
    }
    const trips = await searchTrips(request, planner, pricing);
    const presented: PresentedLegs = new Map();
    const offered = new Map<PricedLeg, OfferedLeg>();
    const quote = { ...request, quotedAt };
    const itineraries = trips.map((trip, index) => {
      const offer = offerFor(quote, trip.legs, offered);
      const families = fareFamilies(quote, trip.legs, trip.legs, offered);
      return present(trip.legs, offer, signer.encode(offer), index + 1, presented, families);
    });
    return { itineraries, seatsRead: reads.reading };
  }

  async function lowestFareAt(request: FlightSearchRequest, now: Date): Promise<Money | null> {
    const trip = await cheapestTrip(request, planner, pricingAt(now, inventory));
    return trip && { Amount: minorToAmount(trip.total), CurrencyCode: currency };
  }

  return {
    timetable,
    scheduleChanges,

    async routes() {
      routes ??= routeMap(timetable);
      return routes;
    },

    async airlineName(code: string) {
      const index = timetable.airlineIndex(code);
      return index === undefined ? undefined : timetable.airline(index).name;
    },

    search: (request: FlightSearchRequest) => searchAt(request, clock.now()),
    searchAt,
    lowestFare: (request: FlightSearchRequest) => lowestFareAt(request, clock.now()),
    lowestFareAt,

    async price(offerId: string): Promise<PriceAnswer> {
      const check = signer.check(offerId, clock.now());
      if (check.status === 'invalid') return { status: 'invalid', message: 'This offer is not valid.' };
      if (check.status === 'expired') {
        return {
          status: 'expired',
          expiredAt: check.expiresAt,
          message: 'This offer has expired; search again.',
        };
      }
      const { offer } = check;
      const legs = resolveOfferedLegs(offer, timetable, scheduleChanges, clock.now());
      if (!legs) return { status: 'invalid', message: 'This offer does not match the timetable.' };
      const classes = offer.legs.map((leg) =>
        BOOKING_CLASSES[offer.cabin].findIndex((bookingClass) => bookingClass.code === leg.bookingClass),
      );
      if (classes.some((index) => index < 0)) {
        return { status: 'invalid', message: 'This offer does not match the timetable.' };
      }
      const priced = await priceLegs(
        legs.map((leg) => [leg]),
        {
          timetable,
          rules,
          inventory,
          cabin: offer.cabin,
          passengers: offer.passengers,
          tripType: offer.tripType,
          quotedAt: offer.quotedAt,
        },
      );
      if (priced.some((options) => options.length === 0)) {
        return { status: 'unavailable', message: 'The seats on this offer are no longer available.' };
      }
      // Issue 16: an offer sells in its brand — its class kept unless closed, never another brand's.
      const available = priced.map((options) => options[0]!);
      const inBrand = available.map((leg, index) =>
        legInBrand(leg, brandOfClass(offer.cabin, classes[index]!)!.brand, rules, classes[index]!),
      );
      if (inBrand.some((leg) => leg === null)) {
        return soldOut(offer, available, 'This fare is sold out on these flights; choose another brand.');
      }
      const pricedLegs = inBrand as PricedLeg[];
      const current = offerFor(offer, pricedLegs);
      const unchanged =
        current.total === offer.total &&
        current.legs.every((leg, i) => leg.bookingClass === offer.legs[i]!.bookingClass);
      const previousTotal: Money = { Amount: minorToAmount(offer.total), CurrencyCode: currency };
      const itinerary = present(pricedLegs, current, unchanged ? offerId : signer.encode(current), 1);
      return {
        status: 'priced',
        itinerary,
        booking: bookingOf(pricedLegs, current, {
          timetable,
          currency,
          validatingCarrier: itinerary.ValidatingCarrier,
        }),
        priceChanged: current.total !== offer.total,
        previousTotal,
      };
    },

    async priceSelection({ request, optionIds: ids, brand }: PriceSelection): Promise<SelectionAnswer> {
      validateTripSearch(request, timetable);
      if (!cabinBrands(request.cabin).some((candidate) => candidate.brand === brand)) {
        const sold = cabinBrands(request.cabin).map((candidate) => candidate.brand);
        return { status: 'invalid', field: 'brand', message: `${request.cabin} sells ${sold.join(', ')}` };
      }
      if (ids.length !== request.legs.length) {
        return {
          status: 'invalid',
          field: 'option_ids',
          message: `One option per leg: ${request.legs.length} for this search`,
        };
      }
      const searchKey = searchKeyOf(request);
      const now = clock.now();
      const legs: LegOption[] = [];
      let quotedAt: Date | null = null;
      for (const [index, id] of ids.entries()) {
        const field = `option_ids.${index}`;
        const check = optionIds.check(id, searchKey, index, now);
        if (check.status === 'expired') {
          return {
            status: 'expired',
            expiredAt: check.expiresAt,
            message: 'These prices have expired; search again.',
          };
        }
        if (check.status === 'invalid') {
          return { status: 'invalid', field, message: 'Not an option of this search; search again.' };
        }
        if (quotedAt && quotedAt.getTime() !== check.quotedAt.getTime()) {
          return { status: 'invalid', field, message: 'The options come from different searches.' };
        }
        quotedAt = check.quotedAt;
        const date = epochDayOf(request.legs[index]!.departureDate);
        const resolved = resolveOfferedLegs(
          {
            legs: [
              {
                bookingClass: '',
                segments: check.segments.map((segment) => ({
                  flight: segment.designator,
                  date: dateOfEpochDay(date + segment.dayOffset),
                })),
              },
            ],
          },
          timetable,
          scheduleChanges,
          now,
        );
        if (!resolved) {
          return { status: 'invalid', field, message: 'This option does not match the timetable.' };
        }
        legs.push(resolved[0]!);
      }
      if (!legsInSequence(legs, timetable)) {
        return {
          status: 'invalid',
          field: 'option_ids',
          message: 'These options do not connect: a leg leaves before the one before it lands.',
        };
      }
      const quote = { ...request, quotedAt: quotedAt! };
      const priced = await priceLegs(
        legs.map((leg) => [leg]),
        { timetable, rules, inventory, ...quote },
      );
      if (priced.some((options) => options.length === 0)) {
        return soldOut(quote, null, 'These flights are full; search again.');
      }
      const available = priced.map((options) => options[0]!);
      const inBrand = available.map((leg) => legInBrand(leg, brand, rules));
      if (inBrand.some((leg) => leg === null)) {
        return soldOut(quote, available, `${brand} is sold out on these flights; choose another brand.`);
      }
      const sold = inBrand as PricedLeg[];
      const offer = offerFor(quote, sold);
      return { status: 'priced', itinerary: present(sold, offer, signer.encode(offer), 1) };
    },
  };
}

/** The seats and fares a booking of a priced offer takes. */
function bookingOf(
  legs: readonly PricedLeg[],
  offer: Offer,
  context: { timetable: Timetable; currency: string; validatingCarrier: string },
): OfferBooking {
  const { timetable } = context;
  const totals = tripTotals(legs, offer.passengers);
  return {
    tripType: offer.tripType,
    cabin: offer.cabin,
    passengers: offer.passengers,
    fares: { adult: totals.adult, child: totals.child, infant: totals.infant },
    totalMinor: totals.total,
    currency: context.currency,
    validatingCarrier: context.validatingCarrier,
    segments: legs.flatMap((leg, legIndex) =>
      leg.segments.map((segment) => ({
        leg: legIndex,
        flight: timetable.designator(segment.flight),
        date: segmentDate(timetable, segment),
        cabin: offer.cabin,
        capacity: equipmentAt(timetable.flightEquipment[segment.flight]!).seats[offer.cabin],
        departsAt: new Date(segment.departure * 60_000),
      })),
    ),
  };
}

/**
 * The offer's flights back as timetable segments, checked: each flight exists, flies on the
 * date, and connects to the next within the connection rules (times and the carriers' rule). Null
 * when anything is off.
 */
function resolveOfferedLegs(
  offer: Pick<Offer, 'legs'>,
  timetable: Timetable,
  changes?: SandboxScheduleChanges,
  now?: Date,
): LegOption[] | null {
  const legs: LegOption[] = [];
  for (const offered of offer.legs) {
    const segments: LegOption['segments'] = [];
    for (const { flight: designator, date } of offered.segments) {
      const flight = timetable.flightByDesignator(designator);
      if (flight === undefined) return null;
      const departure = departureOnLocalDate(timetable, flight, date);
      if (departure === null) return null;
      const previous = segments[segments.length - 1];
      if (previous) {
        const landed = previous.departure + timetable.flightBlock[previous.flight]!;
        const connection = minimumConnectionMinutes(
          timetable.linkInternational[timetable.flightLink[previous.flight]!] === 1,
          timetable.linkInternational[timetable.flightLink[flight]!] === 1,
        );
        const connects =
          timetable.flightDestination[previous.flight] === timetable.flightOrigin[flight] &&
          departure >= landed + connection &&
          departure <= landed + MAX_LAYOVER_MINUTES &&
          timetable.connects(previous.flight, flight);
        if (!connects) return null;
      }
      segments.push({ flight, departure });
    }
    const first = segments[0];
    const last = segments[segments.length - 1];
    if (!first || !last) return null;
    const leg: LegOption = {
      segments,
      departure: first.departure,
      arrival: last.departure + timetable.flightBlock[last.flight]!,
    };
    // Issue 32: a flight its airline moved since is priced at its new times; one it cancelled, or a
    // connection a move broke, is no longer sold.
    const flown =
      changes && now ? withScheduleChanges(leg, changes, timetable, Math.floor(now.getTime() / 60_000)) : leg;
    if (!flown) return null;
    legs.push(flown);
  }
  return legs;
}

/** The UTC departure instant of a flight whose local departure date is `date`, if it flies then. */
function departureOnLocalDate(timetable: Timetable, flight: number, date: string): number | null {
  const zone = timetable.airport(timetable.flightOrigin[flight]!).timeZone;
  const day = epochDayOf(date);
  for (const utcDay of [day - 1, day, day + 1]) {
    const departure = utcDay * MINUTES_PER_DAY + timetable.flightDeparture[flight]!;
    if (timetable.operatesOn(flight, utcDay) && localDate(zone, departure) === date) return departure;
  }
  return null;
}
