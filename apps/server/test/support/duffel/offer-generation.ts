import { type Brand, CABIN_NAMES, CABIN_PRICE_FACTOR, CARRIERS, type Carrier, HUBS } from './carriers.js';
import type {
  Aircraft,
  Airport,
  CabinClass,
  FlightsCondition,
  FlightsConditions,
  ListedOffer,
  OfferAvailableServiceBaggage,
  OfferPassenger,
  OfferSlice,
  OfferSliceSegment,
  PassengerType,
  Place,
} from './duffel-types.js';
import { hash32, type IdFactory } from './ids.js';
import { formatAmount, fromGbp } from './money.js';
import { airportByCode, distanceKm, instantOfLocal, localDateTime } from './places.js';

/**
 * Offers for any search, made up deterministically: the same search on the same seed gives the
 * same flights, times and prices (ids are new each time, as Duffel's are per offer request). Each
 * carrier flies one to three itineraries per slice (directs and, for Duffel Airways, one
 * connection through a hub), each sold in every brand of the carrier.
 */
export type SearchSlice = { origin: Place; from: Airport; destination: Place; to: Airport; date: string };
export type SearchPassenger = { id: string; type: PassengerType; age: number | null };
export type Search = {
  slices: SearchSlice[];
  passengers: SearchPassenger[];
  cabinClass: CabinClass;
  maxConnections: number;
};

export type PricingContext = {
  seed: number;
  now: Date;
  currency: string;
  ids: IdFactory;
  offerLifetimeMs: number;
  holdLifetimeMs: number;
};

/** An offer with what the server keeps beside it. */
export type GeneratedOffer = {
  offer: ListedOffer;
  carrier: Carrier;
  brand: Brand;
  services: OfferAvailableServiceBaggage[];
  firstDepartureAt: Date;
};

type Leg = {
  from: Airport;
  to: Airport;
  departAt: Date;
  arriveAt: Date;
  flightNumber: string;
  aircraft: Aircraft;
  km: number;
};

const SHORT_HAUL: Aircraft = { id: 'arc_00009UhD4ongolulWd91Ky', name: 'Airbus A320', iata_code: '320' };
const LONG_HAUL: Aircraft = { id: 'arc_00009UhD4ongolulWd9789', name: 'Boeing 787-9', iata_code: '789' };
const LONG_HAUL_KM = 3_500;
const CONNECTION_MINUTES = 95;

function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${String(hours).padStart(2, '0')}H${String(rest).padStart(2, '0')}M`;
}

function flightMinutes(km: number): number {
  return Math.round((35 + (km / 780) * 60) / 5) * 5;
}

function leg(
  carrier: Carrier,
  from: Airport,
  to: Airport,
  departAt: Date,
  seed: number,
  option: number,
): Leg {
  const km = distanceKm(from, to);
  const numberSalt = hash32(seed, carrier.airline.iata_code ?? '', from.iata_code ?? '', to.iata_code ?? '');
  return {
    from,
    to,
    departAt,
    arriveAt: new Date(departAt.getTime() + flightMinutes(km) * 60_000),
    flightNumber: String(carrier.flightNumberBase + ((numberSalt + option * 7) % 800)),
    aircraft: km > LONG_HAUL_KM ? LONG_HAUL : SHORT_HAUL,
    km,
  };
}

/** The itineraries a carrier flies on a slice's day, each a list of legs. */
function itineraries(carrier: Carrier, slice: SearchSlice, seed: number, maxConnections: number): Leg[][] {
  const code = carrier.airline.iata_code ?? '';
  const minuteOf = (salt: number) =>
    (hash32(seed, code, slice.from.iata_code ?? '', slice.date, salt) % 12) * 5;
  const departure = (hour: number, salt: number) =>
    instantOfLocal(
      `${slice.date}T${String(hour).padStart(2, '0')}:${String(minuteOf(salt)).padStart(2, '0')}:00`,
      slice.from.time_zone,
    );
  const options: Leg[][] = carrier.departureHours.map((hour, i) => [
    leg(carrier, slice.from, slice.to, departure(hour, i), seed, i),
  ]);
  const hub = HUBS.find((code) => code !== slice.from.iata_code && code !== slice.to.iata_code);
  if (carrier.connects && maxConnections >= 1 && hub) {
    const via = airportByCode(hub);
    const first = leg(carrier, slice.from, via, departure(10, 9), seed, 9);
    const onward = new Date(first.arriveAt.getTime() + CONNECTION_MINUTES * 60_000);
    options.push([first, leg(carrier, via, slice.to, onward, seed, 10)]);
  }
  return options;
}

function passengerFactor(type: PassengerType): number {
  if (type === 'infant_without_seat') return 0.1;
  return type === 'child' ? 0.75 : 1;
}

function condition(rule: { penaltyGbp: number } | null, currency: string): FlightsCondition {
  if (!rule) return { allowed: false, penalty_amount: null, penalty_currency: null };
  return {
    allowed: true,
    penalty_amount: formatAmount(fromGbp(rule.penaltyGbp, currency)),
    penalty_currency: currency,
  };
}

export function conditionsOf(brand: Brand, currency: string): FlightsConditions {
  return {
    refund_before_departure: condition(brand.refund, currency),
    change_before_departure: condition(brand.change, currency),
  };
}

function segmentOf(
  carrier: Carrier,
  brand: Brand,
  legOf: Leg,
  search: Search,
  ids: IdFactory,
): OfferSliceSegment {
  const cabinName = CABIN_NAMES[search.cabinClass];
  const code = carrier.airline.iata_code ?? '';
  return {
    id: ids.next('seg'),
    aircraft: legOf.aircraft,
    origin: legOf.from,
    destination: legOf.to,
    origin_terminal: String((hash32(legOf.from.iata_code ?? '', code) % 5) + 1),
    destination_terminal: String((hash32(legOf.to.iata_code ?? '', code) % 5) + 1),
    departing_at: localDateTime(legOf.departAt, legOf.from.time_zone),
    arriving_at: localDateTime(legOf.arriveAt, legOf.to.time_zone),
    duration: isoDuration(Math.round((legOf.arriveAt.getTime() - legOf.departAt.getTime()) / 60_000)),
    distance: legOf.km.toFixed(1),
    marketing_carrier: carrier.airline,
    operating_carrier: carrier.airline,
    marketing_carrier_flight_number: legOf.flightNumber,
    operating_carrier_flight_number: legOf.flightNumber,
    stops: [],
    passengers: search.passengers.map((passenger) => {
      const infant = passenger.type === 'infant_without_seat';
      return {
        passenger_id: passenger.id,
        cabin_class: search.cabinClass,
        cabin_class_marketing_name: cabinName,
        fare_basis_code: `${cabinName[0]}${brand.name.slice(0, 3).toUpperCase()}${code}`,
        baggages: [
          { type: 'checked', quantity: infant ? 0 : brand.checkedBags },
          { type: 'carry_on', quantity: infant ? 0 : 1 },
        ],
        cabin: {
          name: search.cabinClass,
          marketing_name: cabinName,
          amenities: {
            wifi: { available: true, cost: 'paid' },
            seat: { pitch: search.cabinClass === 'economy' ? 'standard' : 'more', type: 'standard' },
            power: { available: legOf.aircraft === LONG_HAUL },
          },
        },
      };
    }),
  };
}

function sliceOf(
  carrier: Carrier,
  brand: Brand,
  searchSlice: SearchSlice,
  legs: Leg[],
  search: Search,
  ctx: PricingContext,
): OfferSlice {
  const first = legs[0]!;
  const last = legs[legs.length - 1]!;
  const minutes = Math.round((last.arriveAt.getTime() - first.departAt.getTime()) / 60_000);
  return {
    id: ctx.ids.next('sli'),
    origin: searchSlice.origin,
    origin_type: searchSlice.origin.type,
    destination: searchSlice.destination,
    destination_type: searchSlice.destination.type,
    duration: isoDuration(minutes),
    fare_brand_name: brand.name,
    segments: legs.map((legOf) => segmentOf(carrier, brand, legOf, search, ctx.ids)),
    conditions: {
      ...conditionsOf(brand, ctx.currency),
      advance_seat_selection: brand.seatsCharged !== 'all',
      priority_boarding: brand.priority,
      priority_check_in: brand.priority,
    },
    ngs_shelf: brand.shelf,
    comparison_key: legs
      .map((l) => `${carrier.airline.iata_code}${l.flightNumber}@${l.departAt.toISOString()}`)
      .join(','),
  };
}

/** Fare and taxes for the whole party in GBP minor units. */
function priceInGbp(
  carrier: Carrier,
  brand: Brand,
  journey: Leg[][],
  search: Search,
  seed: number,
): { base: number; tax: number } {
  let base = 0;
  let tax = 0;
  for (const legs of journey) {
    const km = legs.reduce((sum, l) => sum + l.km, 0);
    const variation = 0.9 + (hash32(seed, legs[0]!.flightNumber, legs[0]!.departAt.toISOString()) % 21) / 100;
    const connectionDiscount = legs.length > 1 ? 0.9 : 1;
    const adultFare =
      (2_500 + km * 6) *
      CABIN_PRICE_FACTOR[search.cabinClass] *
      brand.priceFactor *
      carrier.priceFactor *
      variation *
      connectionDiscount;
    for (const passenger of search.passengers) {
      const fare = Math.round(adultFare * passengerFactor(passenger.type));
      base += fare;
      tax += passenger.type === 'infant_without_seat' ? 500 : 2_000 + Math.round(fare * 0.1);
    }
  }
  return { base, tax };
}

function bagServices(
  carrier: Carrier,
  brand: Brand,
  slices: OfferSlice[],
  journey: Leg[][],
  search: Search,
  ctx: PricingContext,
): OfferAvailableServiceBaggage[] {
  if (!carrier.sellsServices) return [];
  const services: OfferAvailableServiceBaggage[] = [];
  slices.forEach((slice, i) => {
    const km = (journey[i] ?? []).reduce((sum, l) => sum + l.km, 0);
    for (const passenger of search.passengers) {
      // An infant without a seat has no bag allowance of its own to extend.
      if (passenger.type === 'infant_without_seat') continue;
      services.push({
        id: ctx.ids.next('ase'),
        type: 'baggage',
        // Duffel: a baggage service applies to one passenger, on one slice's segments or all.
        passenger_ids: [passenger.id],
        segment_ids: slice.segments.map((segment) => segment.id),
        maximum_quantity: Math.max(1, 3 - brand.checkedBags),
        total_amount: formatAmount(fromGbp(2_500 + Math.round(km * 2), ctx.currency)),
        total_currency: ctx.currency,
        metadata: {
          type: 'checked',
          maximum_weight_kg: 23,
          maximum_height_cm: 90,
          maximum_length_cm: 75,
          maximum_depth_cm: 43,
        },
      });
    }
  });
  return services;
}

function offerPassengers(search: Search): OfferPassenger[] {
  return search.passengers.map((passenger) => ({
    id: passenger.id,
    type: passenger.type,
    age: passenger.age,
    fare_type: null,
    loyalty_programme_accounts: [],
  }));
}

function paymentRequirements(carrier: Carrier, firstDepartureAt: Date, ctx: PricingContext) {
  // A hold ends at the configured lifetime, and at the latest 3 hours before the first flight.
  const holdEnds = Math.min(
    ctx.now.getTime() + ctx.holdLifetimeMs,
    firstDepartureAt.getTime() - 3 * 3_600_000,
  );
  if (!carrier.holdable || holdEnds <= ctx.now.getTime()) {
    return { requires_instant_payment: true, payment_required_by: null, price_guarantee_expires_at: null };
  }
  const until = new Date(holdEnds).toISOString();
  return { requires_instant_payment: false, payment_required_by: until, price_guarantee_expires_at: until };
}

export function generateOffers(search: Search, ctx: PricingContext): GeneratedOffer[] {
  const generated: GeneratedOffer[] = [];
  for (const carrier of CARRIERS) {
    const perSlice = search.slices.map((slice) =>
      itineraries(carrier, slice, ctx.seed, search.maxConnections),
    );
    const journeys = Math.max(...perSlice.map((options) => options.length));
    for (let j = 0; j < journeys; j += 1) {
      // One itinerary per slice, paired by rank: 1–3 journeys rather than every combination.
      const journey = perSlice.map((options) => options[Math.min(j, options.length - 1)]!);
      const firstDepartureAt = journey[0]![0]!.departAt;
      if (firstDepartureAt.getTime() <= ctx.now.getTime()) continue;
      for (const brand of carrier.brands) {
        const slices = search.slices.map((slice, i) =>
          sliceOf(carrier, brand, slice, journey[i]!, search, ctx),
        );
        const { base, tax } = priceInGbp(carrier, brand, journey, search, ctx.seed);
        const baseAmount = fromGbp(base, ctx.currency);
        const taxAmount = fromGbp(tax, ctx.currency);
        const km = journey.flat().reduce((sum, l) => sum + l.km, 0);
        const seated = search.passengers.filter((p) => p.type !== 'infant_without_seat').length;
        const createdAt = ctx.now.toISOString();
        const expiresAt = Math.min(ctx.now.getTime() + ctx.offerLifetimeMs, firstDepartureAt.getTime());
        const offer: ListedOffer = {
          id: ctx.ids.next('off'),
          live_mode: false,
          created_at: createdAt,
          updated_at: createdAt,
          expires_at: new Date(expiresAt).toISOString(),
          owner: carrier.airline,
          slices,
          passengers: offerPassengers(search),
          conditions: conditionsOf(brand, ctx.currency),
          payment_requirements: paymentRequirements(carrier, firstDepartureAt, ctx),
          base_amount: formatAmount(baseAmount),
          base_currency: ctx.currency,
          tax_amount: formatAmount(taxAmount),
          tax_currency: ctx.currency,
          total_amount: formatAmount(baseAmount + taxAmount),
          total_currency: ctx.currency,
          total_emissions_kg: String(Math.round(km * 0.09 * seated)),
          passenger_identity_documents_required: false,
          supported_passenger_identity_document_types: ['passport'],
          supported_loyalty_programmes: [],
          private_fares: [],
          partial: false,
        };
        const services = bagServices(carrier, brand, slices, journey, search, ctx);
        generated.push({ offer, carrier, brand, services, firstDepartureAt });
      }
    }
  }
  return generated;
}
