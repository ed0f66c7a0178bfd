import {
  type AirItineraryPricingInfo,
  type Cabin,
  type FareBrand,
  type FareFamily,
  type FareInfo,
  type FlightSegment,
  type GroupedSegment,
  type LegBrand,
  type LegOption,
  type Money,
  minorToAmount,
  type OriginDestinationOption,
  type PassengerType,
  type PricedItinerary,
  type PTC_FareBreakdown,
  type Ticketing,
  type TripType,
} from '@skydesk/contract';
import type { OfferSegment } from '../port.js';
import type { PartyCounts, RemotePrice, RemoteTrip } from '../remote-pricing.js';
import type { CabinClass, FlightsConditions, Offer, OfferSliceSegment } from './types.js';

/**
 * Duffel's offers in the portal's shapes (issue 29): the flat PricedItinerary with its fare
 * families, and the grouped answer's options (decision 016). Pure: prices come converted and
 * marked up (remote-pricing.ts), ids sealed (offer-ids.ts); shopping.ts makes the calls.
 *
 * - **Journeys.** Duffel sells whole trips: each offer is the same flights on every slice in one
 *   fare brand, and the offers of one journey (same owner, same flights and times) are its brands.
 *   A journey is one flat itinerary: its cheapest offer the main price, the others its
 *   `FareFamilies`, cheapest first.
 * - **Brands.** The contract's brand table is Basic, Standard, Flex; airlines name theirs freely
 *   ("Light", "Classic"). A journey's brands, cheapest first, map onto it by rank and conditions
 *   (`assignBrands`), and the airline's own name travels as `BrandLabel`.
 * - **Baggage** is the checked bags Duffel lists for the first adult on each segment (per passenger
 *   per segment, as Duffel states it); Duffel gives no weight: `WeightKg` 0 means "not stated".
 * - **Conditions**: `refund_before_departure` makes the fare refundable, its penalty the cancel
 *   penalty; `change_before_departure` the change penalty. A refusal is the whole adult base fare,
 *   as the portal's rule for a non-refundable fare (docs/api.md).
 * - **Seats**: Duffel does not say how many are left; `SeatsRemaining` shows 9, the most one booking
 *   takes, and Duffel's own order answer decides.
 */

/** What an offer costs the agency, with how it was worked out. */
export type PricedOffer = {
  offer: Offer;
  price: RemotePrice;
  /** Platform units per supplier unit used. */
  rate: number;
  party: PartyCounts;
};

export const SEATS_SHOWN = 9;

export const CABIN_OF: Record<CabinClass, Cabin> = {
  economy: 'Economy',
  premium_economy: 'PremiumEconomy',
  business: 'Business',
  first: 'First',
};
export const DUFFEL_CABIN: Record<Cabin, CabinClass> = {
  Economy: 'economy',
  PremiumEconomy: 'premium_economy',
  Business: 'business',
  First: 'first',
};
const CABIN_LETTER: Record<Cabin, string> = { Economy: 'Y', PremiumEconomy: 'W', Business: 'J', First: 'F' };

export const ticketingOf = (offer: Offer): Ticketing =>
  offer.payment_requirements.requires_instant_payment ? 'instant' : 'hold';

// ── time ────────────────────────────────────────────────────────────────────────────────────

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC in `zone` at `instant`. */
function offsetMinutes(zone: string, instant: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** A local 'YYYY-MM-DDTHH:mm:ss' in `zone` as its instant and UTC offset ('+01:00'). */
export function localInstant(local: string, zone: string | null | undefined): { at: number; offset: string } {
  const asUtc = Date.parse(`${local.slice(0, 19)}Z`);
  let offset = 0;
  try {
    if (zone) {
      // Twice: the offset at the guessed instant can differ across a clock change.
      offset = offsetMinutes(zone, asUtc - offsetMinutes(zone, asUtc) * 60_000);
    }
  } catch {
    offset = 0; // an unknown zone: shown as UTC rather than dropping the flight
  }
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return {
    at: asUtc - offset * 60_000,
    offset: `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`,
  };
}

// ── what an offer must have to be shown ─────────────────────────────────────────────────────

/**
 * Whether the portal can show and book this offer: IATA codes on every airport and carrier,
 * flight numbers of 1–4 digits, 1–3 flights per slice (the contract's shapes). Others are left out.
 */
export function presentable(offer: Offer, legs: number): boolean {
  if (!offer.owner?.iata_code || offer.slices.length !== legs) return false;
  return offer.slices.every(
    (slice) =>
      slice.segments.length >= 1 &&
      slice.segments.length <= 3 &&
      slice.segments.every(
        (segment) =>
          /^[A-Z]{3}$/.test(segment.origin?.iata_code ?? '') &&
          /^[A-Z]{3}$/.test(segment.destination?.iata_code ?? '') &&
          /^[A-Z0-9]{2}$/.test(segment.marketing_carrier?.iata_code ?? '') &&
          /^\d{1,4}$/.test(segment.marketing_carrier_flight_number ?? ''),
      ),
  );
}

/** The same flights at the same times, by the same airline: the key two suppliers are compared on. */
export function journeyKey(offer: Offer): string {
  return offer.slices
    .map((slice) =>
      slice.segments
        .map(
          (s) =>
            `${s.marketing_carrier.iata_code}${s.marketing_carrier_flight_number}@${s.departing_at.slice(0, 16)}`,
        )
        .join('_'),
    )
    .join('|');
}

export const designatorOf = (segment: OfferSliceSegment) =>
  `${segment.marketing_carrier.iata_code}${segment.marketing_carrier_flight_number}`;

// ── brands ──────────────────────────────────────────────────────────────────────────────────

const refundFree = (conditions: FlightsConditions | undefined) =>
  conditions?.refund_before_departure?.allowed === true &&
  Number(conditions.refund_before_departure.penalty_amount ?? '0') === 0;

/**
 * One brand of the portal's table per offer of a journey (offers cheapest first): the cheapest is
 * Basic and the dearest Flex when there are three or more (the middle ones Standard); of two, the
 * dearer is Flex when it refunds without a penalty, Standard otherwise; one alone is Flex,
 * Standard or Basic by its conditions. A brand given twice keeps its cheaper offer (null: left out).
 */
export function assignBrands(offers: readonly Offer[]): (FareBrand | null)[] {
  const n = offers.length;
  const brands: FareBrand[] = offers.map((offer, index) => {
    if (n === 1) {
      if (refundFree(offer.conditions)) return 'Flex';
      return offer.conditions?.refund_before_departure?.allowed ? 'Standard' : 'Basic';
    }
    if (index === 0) return 'Basic';
    if (n === 2) return refundFree(offer.conditions) ? 'Flex' : 'Standard';
    return index === n - 1 ? 'Flex' : 'Standard';
  });
  const seen = new Set<FareBrand>();
  return brands.map((brand) => {
    if (seen.has(brand)) return null;
    seen.add(brand);
    return brand;
  });
}

/** The airline's own name for the brand, when it is not the portal's. */
export function brandLabel(offer: Offer, brand: FareBrand): string | undefined {
  const name = offer.slices[0]?.fare_brand_name;
  return name && name !== brand ? name : undefined;
}

// ── pricing info ────────────────────────────────────────────────────────────────────────────

const moneyOf =
  (currency: string) =>
  (minor: number): Money => ({ Amount: minorToAmount(minor), CurrencyCode: currency });

function firstAdultId(offer: Offer): string | undefined {
  return (offer.passengers.find((p) => passengerTypeOf(p) === 'adult') ?? offer.passengers[0])?.id;
}

function checkedBags(segment: OfferSliceSegment, passengerId: string | undefined): number {
  const passenger = segment.passengers.find((p) => p.passenger_id === passengerId) ?? segment.passengers[0];
  return (
    passenger?.baggages.filter((bag) => bag.type === 'checked').reduce((sum, bag) => sum + bag.quantity, 0) ??
    0
  );
}

function fareBasis(segment: OfferSliceSegment, passengerId: string | undefined): string {
  const passenger = segment.passengers.find((p) => p.passenger_id === passengerId) ?? segment.passengers[0];
  return passenger?.fare_basis_code ?? '';
}

/** A penalty in platform minor units; null when the change is not allowed or cannot be converted. */
function penaltyMinor(
  condition: FlightsConditions['refund_before_departure'] | undefined,
  priced: PricedOffer,
): number | null {
  if (!condition?.allowed) return null;
  if (condition.penalty_amount === null || condition.penalty_amount === undefined) return 0;
  // The penalty in another currency than the total has no rate here: treated as not allowed.
  if (condition.penalty_currency && condition.penalty_currency !== priced.offer.total_currency) return null;
  const amount = Number(condition.penalty_amount);
  return Number.isFinite(amount) ? Math.round(amount * priced.rate * 100) : null;
}

export function pricingInfo(
  priced: PricedOffer,
  brand: FareBrand,
  currency: string,
): AirItineraryPricingInfo {
  const money = moneyOf(currency);
  const { price, party, offer } = priced;
  const adult = firstAdultId(offer);
  const label = brandLabel(offer, brand);
  const fareInfos: FareInfo[] = [];
  for (const slice of offer.slices) {
    for (const segment of slice.segments) {
      fareInfos.push({
        FareBasisCode: fareBasis(segment, adult),
        BrandName: brand,
        Baggage: { Pieces: checkedBags(segment, adult), WeightKg: 0 },
        SegmentRef: fareInfos.length + 1,
        ...(label ? { BrandLabel: label } : {}),
      });
    }
  }
  const breakdowns: PTC_FareBreakdown[] = [];
  const add = (
    code: PTC_FareBreakdown['PassengerTypeQuantity']['Code'],
    type: PassengerType,
    quantity: number,
  ) => {
    if (quantity === 0) return;
    const fare = price.fares[type];
    breakdowns.push({
      PassengerTypeQuantity: { Code: code, Quantity: quantity },
      PassengerFare: {
        BaseFare: money(fare.base),
        Taxes: money(fare.taxes),
        TotalFare: money(fare.base + fare.taxes),
      },
    });
  };
  add('ADT', 'adult', party.adults);
  add('CNN', 'child', party.children);
  add('INF', 'infant', party.infants);

  const terms = fareTerms(priced);
  return {
    ItinTotalFare: {
      BaseFare: money(price.totalMinor - price.taxesMinor),
      Taxes: { Total: money(price.taxesMinor) },
      TotalFare: money(price.totalMinor),
    },
    PTC_FareBreakdowns: { PTC_FareBreakdown: breakdowns },
    FareInfos: fareInfos,
    Refundable: terms.refundable,
    Penalties: { Cancel: money(terms.cancelMinor), Change: money(terms.changeMinor) },
  };
}

/** Refundability and the penalties per adult ticket, in platform minor units. */
export function fareTerms(priced: PricedOffer): {
  refundable: boolean;
  cancelMinor: number;
  changeMinor: number;
} {
  const adultBase = priced.price.fares.adult.base;
  const cancel = penaltyMinor(priced.offer.conditions?.refund_before_departure, priced);
  const change = penaltyMinor(priced.offer.conditions?.change_before_departure, priced);
  return { refundable: cancel !== null, cancelMinor: cancel ?? adultBase, changeMinor: change ?? adultBase };
}

// ── the flat itinerary ──────────────────────────────────────────────────────────────────────

export function cabinOf(offer: Offer, fallback: Cabin): Cabin {
  const cabin = offer.slices[0]?.segments[0]?.passengers[0]?.cabin_class;
  return (cabin && CABIN_OF[cabin]) ?? fallback;
}

function presentSegment(segment: OfferSliceSegment, cabin: Cabin, adult: string | undefined): FlightSegment {
  const departure = localInstant(segment.departing_at, segment.origin.time_zone);
  const arrival = localInstant(segment.arriving_at, segment.destination.time_zone);
  const basis = fareBasis(segment, adult);
  return {
    DepartureAirport: { LocationCode: segment.origin.iata_code!, Terminal: segment.origin_terminal ?? null },
    ArrivalAirport: {
      LocationCode: segment.destination.iata_code!,
      Terminal: segment.destination_terminal ?? null,
    },
    DepartureDateTime: segment.departing_at.slice(0, 19),
    ArrivalDateTime: segment.arriving_at.slice(0, 19),
    DepartureUTCOffset: departure.offset,
    ArrivalUTCOffset: arrival.offset,
    FlightNumber: segment.marketing_carrier_flight_number,
    MarketingAirline: { Code: segment.marketing_carrier.iata_code!, Name: segment.marketing_carrier.name },
    OperatingAirline: {
      Code: /^[A-Z0-9]{2}$/.test(segment.operating_carrier?.iata_code ?? '')
        ? segment.operating_carrier.iata_code!
        : segment.marketing_carrier.iata_code!,
      Name: segment.operating_carrier?.name ?? segment.marketing_carrier.name,
    },
    Equipment: { AirEquipType: segment.aircraft?.iata_code ?? '' },
    // Duffel gives no booking class in an offer; a fare basis starts with it by convention.
    ResBookDesigCode: /^[A-Z]/.test(basis) ? basis[0]! : CABIN_LETTER[cabin],
    CabinClass: cabin,
    ElapsedTime: Math.max(1, Math.round((arrival.at - departure.at) / 60_000)),
    StopQuantity: segment.stops?.length ?? 0,
    SeatsRemaining: SEATS_SHOWN,
  };
}

export function presentOptions(offer: Offer, cabin: Cabin): OriginDestinationOption[] {
  const adult = firstAdultId(offer);
  return offer.slices.map((slice) => {
    const segments = slice.segments.map((segment) => presentSegment(segment, cabin, adult));
    const first = slice.segments[0]!;
    const last = slice.segments[slice.segments.length - 1]!;
    const start = localInstant(first.departing_at, first.origin.time_zone).at;
    const end = localInstant(last.arriving_at, last.destination.time_zone).at;
    return { ElapsedTime: Math.max(1, Math.round((end - start) / 60_000)), FlightSegment: segments };
  });
}

export function presentItinerary(input: {
  main: { priced: PricedOffer; brand: FareBrand; offerId: string };
  families: { priced: PricedOffer; brand: FareBrand; offerId: string }[];
  tripType: TripType;
  cabin: Cabin;
  currency: string;
  sequenceNumber: number;
}): PricedItinerary {
  const { main } = input;
  const ticketing = ticketingOf(main.priced.offer);
  const families: FareFamily[] = input.families.map((family) => {
    const familyTicketing = ticketingOf(family.priced.offer);
    return {
      BrandName: family.brand,
      SoldOut: false,
      offer_id: family.offerId,
      SeatsRemaining: SEATS_SHOWN,
      AirItineraryPricingInfo: pricingInfo(family.priced, family.brand, input.currency),
      ...(familyTicketing === 'instant' ? { ticketing: familyTicketing } : {}),
    };
  });
  return {
    SequenceNumber: input.sequenceNumber,
    offer_id: main.offerId,
    offer_expires_at: new Date(main.priced.offer.expires_at).toISOString(),
    ValidatingCarrier: main.priced.offer.owner.iata_code!,
    AirItinerary: {
      DirectionInd: input.tripType,
      OriginDestinationOptions: { OriginDestinationOption: presentOptions(main.priced.offer, input.cabin) },
    },
    AirItineraryPricingInfo: pricingInfo(main.priced, main.brand, input.currency),
    FareFamilies: families,
    // Written only when it says something: an answer without remote offers is unchanged.
    ...(ticketing === 'instant' ? { ticketing } : {}),
  };
}

// ── the grouped answer's options ────────────────────────────────────────────────────────────

/** `total` in `parts` shares, the remainder on the first: the shares add up to it exactly. */
export function evenShares(total: number, parts: number): number[] {
  const share = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => (i === 0 ? total - share * (parts - 1) : share));
}

export function groupedSegment(segment: OfferSliceSegment): GroupedSegment {
  const departure = localInstant(segment.departing_at, segment.origin.time_zone);
  const arrival = localInstant(segment.arriving_at, segment.destination.time_zone);
  return {
    flight_number: segment.marketing_carrier_flight_number,
    marketing: segment.marketing_carrier.iata_code!,
    operating: /^[A-Z0-9]{2}$/.test(segment.operating_carrier?.iata_code ?? '')
      ? segment.operating_carrier.iata_code!
      : segment.marketing_carrier.iata_code!,
    equipment: segment.aircraft?.iata_code ?? '',
    departure: {
      airport: segment.origin.iata_code!,
      terminal: segment.origin_terminal ?? null,
      at: segment.departing_at.slice(0, 19),
      utc_offset: departure.offset,
    },
    arrival: {
      airport: segment.destination.iata_code!,
      terminal: segment.destination_terminal ?? null,
      at: segment.arriving_at.slice(0, 19),
      utc_offset: arrival.offset,
    },
    elapsed_time: Math.max(1, Math.round((arrival.at - departure.at) / 60_000)),
    stops: segment.stops?.length ?? 0,
    seats_remaining: SEATS_SHOWN,
  };
}

/**
 * One leg's option of a journey: its segments, and each brand with the leg's even share of the
 * journey's total and penalties in that brand (so the SPA's sum over the legs is the journey's).
 */
export function journeyLegOption(input: {
  id: string;
  leg: number;
  brands: { priced: PricedOffer; brand: FareBrand }[];
  cabinTotal: number;
  currency: string;
}): LegOption {
  const first = input.brands[0]!.priced.offer;
  const slice = first.slices[input.leg]!;
  const legs = first.slices.length;
  const brands: LegBrand[] = input.brands.map(({ priced, brand }) => {
    const terms = fareTerms(priced);
    const sliceOfBrand = priced.offer.slices[input.leg]!;
    const share = (minor: number) => evenShares(minor, legs)[input.leg]!;
    const ticketing = ticketingOf(priced.offer);
    const label = brandLabel(priced.offer, brand);
    const basis = fareBasis(sliceOfBrand.segments[0]!, firstAdultId(priced.offer));
    return {
      brand,
      sold_out: false,
      booking_class: /^[A-Z]/.test(basis) ? basis[0]! : null,
      fare_basis: basis || null,
      baggage: {
        pieces: Math.min(
          ...sliceOfBrand.segments.map((segment) => checkedBags(segment, firstAdultId(priced.offer))),
        ),
        weight_kg: 0,
      },
      refundable: terms.refundable,
      cancel_penalty: minorToAmount(share(terms.cancelMinor)),
      change_penalty: minorToAmount(share(terms.changeMinor)),
      seats_remaining: SEATS_SHOWN,
      ...(ticketing === 'instant' ? { ticketing } : {}),
      ...(label ? { label } : {}),
      total: minorToAmount(share(priced.price.totalMinor)),
    };
  });
  const start = slice.segments[0]!;
  const end = slice.segments[slice.segments.length - 1]!;
  return {
    id: input.id,
    elapsed_time: Math.max(
      1,
      Math.round(
        (localInstant(end.arriving_at, end.destination.time_zone).at -
          localInstant(start.departing_at, start.origin.time_zone).at) /
          60_000,
      ),
    ),
    segments: slice.segments.map(groupedSegment),
    brands,
    cheapest_total: minorToAmount(input.cabinTotal),
  };
}

// ── passengers and the booking ──────────────────────────────────────────────────────────────

/** A Duffel passenger as the portal's type: by its type, else by its age (under 2, under 12). */
export function passengerTypeOf(passenger: Offer['passengers'][number]): PassengerType {
  if (passenger.type === 'adult') return 'adult';
  if (passenger.type === 'child') return 'child';
  if (passenger.type === 'infant_without_seat') return 'infant';
  const age = passenger.age ?? 18;
  if (age < 2) return 'infant';
  return age < 12 ? 'child' : 'adult';
}

export function partyOf(offer: Offer): PartyCounts {
  const counts = { adults: 0, children: 0, infants: 0 };
  for (const passenger of offer.passengers) {
    const type = passengerTypeOf(passenger);
    if (type === 'adult') counts.adults += 1;
    else if (type === 'child') counts.children += 1;
    else counts.infants += 1;
  }
  return counts;
}

/** Duffel's passenger ids in the order the portal lists passengers: adults, children, infants. */
export function passengersInOrder(offer: Offer): { id: string; type: PassengerType }[] {
  const order: Record<PassengerType, number> = { adult: 0, child: 1, infant: 2 };
  return offer.passengers
    .map((passenger) => ({ id: passenger.id, type: passengerTypeOf(passenger) }))
    .sort((a, b) => order[a.type] - order[b.type]);
}

export function tripTypeOf(offer: Offer): TripType {
  if (offer.slices.length === 1) return 'OneWay';
  const [first, second] = offer.slices;
  const origin = first!.segments[0]!.origin.iata_code;
  const back = second!.segments[second!.segments.length - 1]!.destination.iata_code;
  return offer.slices.length === 2 && origin === back ? 'Return' : 'MultiCity';
}

/** Every flight in order across legs, as the booking records them (no seat inventory for Duffel). */
export function offerSegments(offer: Offer, cabin: Cabin): OfferSegment[] {
  return offer.slices.flatMap((slice, leg) =>
    slice.segments.map((segment) => ({
      leg,
      flight: designatorOf(segment),
      date: segment.departing_at.slice(0, 10),
      cabin,
      // Duffel keeps its own seats: the portal's inventory is not asked (capacity unused).
      capacity: 0,
      departsAt: new Date(localInstant(segment.departing_at, segment.origin.time_zone).at),
    })),
  );
}

/**
 * The trip as the platform's rules see it: the owner's airline, the first slice's airports and
 * day, its cabin. No brand: a Duffel offer's brand is given by its price among its journey's
 * (assignBrands), after the rules priced it, so a platform rule naming a brand never matches one.
 */
export function remoteTripOf(offer: Offer, bookingDate: string, currency: string): RemoteTrip {
  const first = offer.slices[0]!;
  return {
    supplier: 'duffel',
    validatingCarrier: offer.owner.iata_code ?? '',
    origin: first.segments[0]!.origin.iata_code ?? '',
    destination: first.segments[first.segments.length - 1]!.destination.iata_code ?? '',
    tripType: tripTypeOf(offer),
    cabin: cabinOf(offer, 'Economy'),
    brand: null,
    departureDate: first.segments[0]!.departing_at.slice(0, 10),
    bookingDate,
    currency,
  };
}
