import { z } from 'zod';
import { CalendarDate } from './calendar-date.js';
import { defineEndpoint } from './endpoint.js';
import { Cabin, TRIP_TYPES, TripType } from './enums.js';
import { MAX_PAGE, Money } from './envelope.js';
import { FALLBACK } from './messages.js';
import { PRINTABLE_TOKEN } from './text.js';

/** docs/api.md#flights: one search result, in the OTA naming travel systems use. */

const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'airport-local YYYY-MM-DDTHH:mm:ss');
const UtcOffset = z.string().regex(/^[+-]\d{2}:\d{2}$/, '+HH:MM or -HH:MM');
const Airline = z.object({ Code: z.string().regex(/^[A-Z0-9]{2}$/), Name: z.string() });
const AirportRef = z.object({
  LocationCode: z.string().regex(/^[A-Z]{3}$/),
  Terminal: z.string().nullable(),
});

export const FlightSegment = z.object({
  DepartureAirport: AirportRef,
  ArrivalAirport: AirportRef,
  DepartureDateTime: LocalDateTime,
  ArrivalDateTime: LocalDateTime,
  DepartureUTCOffset: UtcOffset,
  ArrivalUTCOffset: UtcOffset,
  FlightNumber: z.string().regex(/^\d{1,4}$/),
  MarketingAirline: Airline,
  OperatingAirline: Airline,
  Equipment: z.object({ AirEquipType: z.string() }),
  /** Booking class (bucket) the segment is sold in. */
  ResBookDesigCode: z.string().length(1),
  CabinClass: Cabin,
  /** Block time, minutes. */
  ElapsedTime: z.number().int().positive(),
  /** Intermediate (technical) stops of the flight itself; connections are separate segments. */
  StopQuantity: z.number().int().min(0),
  /** Exactly the seats still for sale in the segment's cabin (capacity − sold), not capped. */
  SeatsRemaining: z.number().int().min(0),
});
export type FlightSegment = z.infer<typeof FlightSegment>;

export const OriginDestinationOption = z.object({
  /** Minutes from the first departure to the last arrival. */
  ElapsedTime: z.number().int().positive(),
  FlightSegment: z.array(FlightSegment).min(1).max(3),
});
export type OriginDestinationOption = z.infer<typeof OriginDestinationOption>;

const PassengerFare = z.object({ BaseFare: Money, Taxes: Money, TotalFare: Money });

export const PTC_FareBreakdown = z.object({
  PassengerTypeQuantity: z.object({ Code: z.enum(['ADT', 'CNN', 'INF']), Quantity: z.number().int().min(1) }),
  /** Per passenger of this type. */
  PassengerFare,
});
export type PTC_FareBreakdown = z.infer<typeof PTC_FareBreakdown>;

/** Fare families (brands): what a fare includes, cheapest first. */
export const FARE_BRANDS = ['Basic', 'Standard', 'Flex'] as const;
export const FareBrand = z.enum(FARE_BRANDS);
export type FareBrand = z.infer<typeof FareBrand>;

export const FareInfo = z.object({
  FareBasisCode: z.string(),
  BrandName: FareBrand,
  Baggage: z.object({ Pieces: z.number().int().min(0), WeightKg: z.number().int().min(0) }),
  /** 1-based position of the segment in the itinerary, counting across all legs. */
  SegmentRef: z.number().int().min(1),
  /**
   * Issue 29: the airline's own name for the brand, when a remote supplier's airline sells it
   * under another name than `BrandName` (Duffel: "Light" sold as Basic). Absent otherwise.
   */
  BrandLabel: z.string().optional(),
});
export type FareInfo = z.infer<typeof FareInfo>;

export const AirItineraryPricingInfo = z.object({
  ItinTotalFare: z.object({ BaseFare: Money, Taxes: z.object({ Total: Money }), TotalFare: Money }),
  PTC_FareBreakdowns: z.object({ PTC_FareBreakdown: z.array(PTC_FareBreakdown).min(1) }),
  FareInfos: z.array(FareInfo).min(1),
  Refundable: z.boolean(),
  /** Per adult ticket; a non-refundable fare's cancel penalty is its whole base fare. */
  Penalties: z.object({ Cancel: Money, Change: Money }),
});
export type AirItineraryPricingInfo = z.infer<typeof AirItineraryPricingInfo>;

/**
 * Issue 29: how an offer is sold. `hold`: it can be booked and held unpaid until its ticketing
 * deadline, then issued; `instant`: the airline takes no hold, so the booking is made and paid at
 * once when the agent issues it (the SPA says so before the agent starts). Absent: `hold` (the
 * sandbox holds every offer).
 */
export const TICKETING_MODES = ['hold', 'instant'] as const;
export const Ticketing = z.enum(TICKETING_MODES);
export type Ticketing = z.infer<typeof Ticketing>;

/**
 * Issue 16: another brand of the same flights (docs/api.md's OTA style). Each is priced on its own — its
 * fare per passenger type, baggage, refundability and penalties — with its own offer; a brand whose
 * classes are sold out on a flight of the itinerary is listed as sold out (no offer, no price).
 */
export const FareFamily = z.object({
  BrandName: FareBrand,
  SoldOut: z.boolean(),
  offer_id: z.string().min(1).nullable(),
  /** The fewest seats left in the brand's cheapest open class over the itinerary's segments. */
  SeatsRemaining: z.number().int().min(0),
  AirItineraryPricingInfo: AirItineraryPricingInfo.nullable(),
  /** Issue 29: `instant` when this brand's offer cannot be held; absent means `hold`. */
  ticketing: Ticketing.optional(),
  /** Issue 33: what the agency pays for the whole party (its TotalFare); null when sold out. */
  net: Money.nullable().optional(),
  /** Issue 33: what its client pays under the agency's markup rules; null when sold out. */
  selling: Money.nullable().optional(),
});
export type FareFamily = z.infer<typeof FareFamily>;

export const PricedItinerary = z.object({
  SequenceNumber: z.number().int().min(1),
  offer_id: z.string().min(1),
  /** UTC instant, ISO-8601 with Z: 30 minutes after the quote. */
  offer_expires_at: z.iso.datetime(),
  ValidatingCarrier: z.string().regex(/^[A-Z0-9]{2}$/),
  AirItinerary: z.object({
    /** The trip type: one option per leg, in order. */
    DirectionInd: z.enum(TRIP_TYPES),
    OriginDestinationOptions: z.object({
      OriginDestinationOption: z.array(OriginDestinationOption).min(1).max(6),
    }),
  }),
  /** The itinerary in its cheapest open brand. */
  AirItineraryPricingInfo,
  /**
   * The cabin's other brands on the same flights, cheapest first (issue 16). A priced offer (a
   * booking's, `POST /api/search/price`) is one brand and lists none.
   */
  FareFamilies: z.array(FareFamily),
  /** Issue 29: `instant` when the offer cannot be held (issue it at once); absent means `hold`. */
  ticketing: Ticketing.optional(),
  /**
   * Issue 33: what the agency pays for the whole party — the fare total above, which keeps its
   * meaning — and what its client pays under the agency's markup rules, with the rule that applied
   * (null: sold at net). Optional for readers of the older shape; the server always sends them.
   */
  net: Money.optional(),
  selling: Money.optional(),
  markup_rule: z.object({ id: z.uuid(), name: z.string() }).nullable().optional(),
});
export type PricedItinerary = z.infer<typeof PricedItinerary>;

// ── search request ──────────────────────────────────────────────────────────────────────────

/** docs/api.md: legs per trip type. */
export const LEGS_PER_TRIP: Record<TripType, { min: number; max: number }> = {
  OneWay: { min: 1, max: 1 },
  Return: { min: 2, max: 2 },
  MultiCity: { min: 2, max: 6 },
};

const AirportCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Choose an airport');

/**
 * How far ahead a search may go, as airlines sell: from the origin's today to this many days on.
 * The server holds searches to it (it owns the clock); the contract only knows real dates.
 */
export const SEARCH_DAYS_AHEAD = 361;

export const SearchLeg = z.strictObject({
  /** The local departure date at the origin; a time part, if sent, is ignored. */
  departure_date_time: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'Choose a date')
    .transform((value) => value.slice(0, 10))
    .pipe(CalendarDate()),
  origin_location_code: AirportCode,
  destination_location_code: AirportCode,
});
export type SearchLeg = z.infer<typeof SearchLeg>;

/** docs/product-spec.md §3 and docs/api.md: the search body, checked the same way in the form and on the server. */
export const SearchBody = z
  .strictObject({
    trip_type: TripType,
    origin_destinations: z.array(SearchLeg).min(1).max(6),
    adult_quantity: z.number().int().min(1, 'At least one adult').max(9, 'At most 9 adults'),
    child_quantity: z.number().int().min(0).max(8, 'At most 8 children').default(0),
    infant_quantity: z.number().int().min(0).default(0),
    cabin: Cabin.default('Economy'),
    max_stops: z.number().int().min(0).max(2).default(2),
    /**
     * `flat` (the default): docs/api.md's PricedItineraries, one per whole trip. `itineraries`: the
     * grouped answer of issue 16 — each leg's options once, reference maps, brands per option and
     * whole-trip prices per combination; an offer for a chosen combination comes from
     * `POST /api/search/price`.
     */
    view: z.enum(['flat', 'itineraries']).default('flat'),
    preferred_airlines: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9]{2}$/, 'A 2-character airline code'),
      )
      .max(10)
      .default([]),
  })
  .superRefine((body, ctx) => {
    const legs = LEGS_PER_TRIP[body.trip_type];
    if (body.origin_destinations.length < legs.min || body.origin_destinations.length > legs.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['origin_destinations'],
        message:
          legs.min === legs.max
            ? `A ${body.trip_type} trip has ${legs.min} leg${legs.min > 1 ? 's' : ''}`
            : `A ${body.trip_type} trip has ${legs.min} to ${legs.max} legs`,
      });
    }
    if (body.adult_quantity + body.child_quantity > 9) {
      ctx.addIssue({ code: 'custom', path: ['child_quantity'], message: 'At most 9 seated passengers' });
    }
    if (body.infant_quantity > body.adult_quantity) {
      ctx.addIssue({
        code: 'custom',
        path: ['infant_quantity'],
        message: 'Each infant travels on an adult’s lap: no more infants than adults',
      });
    }
    body.origin_destinations.forEach((leg, index) => {
      if (leg.origin_location_code === leg.destination_location_code) {
        ctx.addIssue({
          code: 'custom',
          path: ['origin_destinations', index, 'destination_location_code'],
          message: 'Destination must differ from origin',
        });
      }
      const previous = body.origin_destinations[index - 1];
      if (previous && leg.departure_date_time < previous.departure_date_time) {
        ctx.addIssue({
          code: 'custom',
          path: ['origin_destinations', index, 'departure_date_time'],
          message: 'A later leg cannot depart before an earlier one',
        });
      }
    });
  });
export type SearchBody = z.input<typeof SearchBody>;
export type ParsedSearchBody = z.output<typeof SearchBody>;

/**
 * Issue 29: the suppliers that did not answer this search in time (failed, too slow, or paused
 * after repeated failures), by code ('duffel'); empty when every supplier answered. The answer
 * holds the others' flights: searching again may include the missing ones.
 */
const MissingSuppliers = z.array(z.string());

/**
 * Issue 29: `data` of the 404 'No Flight Found!' when a supplier did not answer. Nothing was on sale
 * among the suppliers that answered, but the missing ones may sell this search: the agent is told
 * that searching again may find flights. With every supplier answering, the 404 is the spec's bare
 * failure (`{ status: false, message }`).
 */
export const NoFlightsFound = z.object({ missing_suppliers: MissingSuppliers });
export type NoFlightsFound = z.infer<typeof NoFlightsFound>;

export const SearchResult = z.object({
  search_id: z.uuid(),
  PricedItineraries: z.object({ PricedItinerary: z.array(PricedItinerary) }),
  missing_suppliers: MissingSuppliers,
});
export type SearchResult = z.infer<typeof SearchResult>;

// ── the grouped answer (issue 16: `view: "itineraries"`) ───────────────────────────────────

const Point = z.object({
  airport: z.string().regex(/^[A-Z]{3}$/),
  terminal: z.string().nullable(),
  /** Airport-local date-time, as a FlightSegment's. */
  at: LocalDateTime,
  utc_offset: UtcOffset,
});

export const GroupedSegment = z.object({
  flight_number: z.string(),
  marketing: z.string().regex(/^[A-Z0-9]{2}$/),
  operating: z.string().regex(/^[A-Z0-9]{2}$/),
  /** A key of `reference.equipment`. */
  equipment: z.string(),
  departure: Point,
  arrival: Point,
  elapsed_time: z.number().int().positive(),
  stops: z.number().int().min(0),
  /** Seats left in the cabin (capacity − sold). */
  seats_remaining: z.number().int().min(0),
});
export type GroupedSegment = z.infer<typeof GroupedSegment>;

/** One brand of one leg option, for the searched passengers. */
export const LegBrand = z.object({
  brand: FareBrand,
  sold_out: z.boolean(),
  /** null when sold out. */
  booking_class: z.string().length(1).nullable(),
  fare_basis: z.string().nullable(),
  baggage: z.object({ pieces: z.number().int(), weight_kg: z.number().int() }),
  refundable: z.boolean(),
  /** Per adult ticket. */
  cancel_penalty: z.number(),
  change_penalty: z.number(),
  seats_remaining: z.number().int().min(0),
  /** Issue 29: `instant` when the trip in this brand cannot be held; absent means `hold`. */
  ticketing: Ticketing.optional(),
  /** Issue 29: the airline's own name for the brand, when it differs from `brand`. */
  label: z.string().optional(),
  /**
   * This leg's share of the trip in this brand: the whole party's fares and taxes (a return's legs
   * priced at the round-trip share); null when sold out.
   */
  total: z.number().nullable(),
  /**
   * Issue 33: the same share at the client's selling price under the agency's markup rules (null
   * when sold out). The sum over a trip's legs is what `POST /api/search/price` says as `selling`.
   */
  selling_total: z.number().nullable().optional(),
});
export type LegBrand = z.infer<typeof LegBrand>;

export const LegOption = z.object({
  /**
   * Names the option in `combinations` and in `POST /api/search/price`: its flights (designator,
   * '-N' when one leaves N days after the leg's date, '~N' N days before — across the date line —
   * '_' between them), the instant the search
   * priced at and a signature — `BA117_AA100-1.t4k9zk.q3Xa9b0cD2e`. Good for this search (same
   * body) and this leg for 30 minutes; opaque to clients.
   *
   * Issue 29: a remote supplier (Duffel) prices whole trips, not legs. Each of its journeys (the
   * same flights on every leg, sold in several brands) is listed as options of its own, one per
   * leg, combined only with each other: `ZZ117.d1.<sealed>`, the flights then an encrypted part.
   * Their brands' `total`s share the journey's total evenly between its legs, so the sum over the
   * legs is exactly what the supplier sells the journey for in that brand.
   */
  id: z.string().min(1),
  elapsed_time: z.number().int().positive(),
  segments: z.array(GroupedSegment).min(1).max(3),
  /** The cabin's brands, cheapest first. */
  brands: z.array(LegBrand).min(1),
  /**
   * The cheapest whole-trip total that flies this option: with the cheapest companions, in the
   * cheapest brand open on every leg of that trip (a trip is sold in one brand).
   */
  cheapest_total: z.number(),
  /** Issue 33: that trip's total at the client's selling price. */
  cheapest_selling_total: z.number().optional(),
});
export type LegOption = z.infer<typeof LegOption>;

export const GroupedSearchResult = z.object({
  search_id: z.uuid(),
  view: z.literal('itineraries'),
  currency: z.string().length(3),
  trip_type: TripType,
  /** The searched cabin: every segment and brand is in it. */
  cabin: Cabin,
  passengers: z.object({ adults: z.number().int(), children: z.number().int(), infants: z.number().int() }),
  reference: z.object({
    airports: z.record(
      z.string(),
      z.object({ name: z.string(), city: z.string(), country_code: z.string(), time_zone: z.string() }),
    ),
    airlines: z.record(z.string(), z.object({ name: z.string() })),
    /** Equipment codes to names ("359" → "Airbus A350-900"). */
    equipment: z.record(z.string(), z.object({ name: z.string() })),
  }),
  /** One per searched leg, in order; each option listed once. */
  legs: z.array(
    z.object({
      origin: z.string(),
      destination: z.string(),
      date: z.string(),
      options: z.array(LegOption),
    }),
  ),
  /**
   * Which options of consecutive legs go together, and the cheapest whole-trip total of each pair
   * (the cheapest brand open on every leg, other legs at their cheapest): `combinations[i][optionId]`
   * lists `[nextOptionId, total]` for leg i+1, cheapest first. A one-way trip has none. A trip's
   * total in a brand is the sum of its options' `LegBrand.total` in that brand, which is what
   * `POST /api/search/price` then sells it for while the seats are unchanged.
   */
  combinations: z.array(z.record(z.string(), z.array(z.tuple([z.string(), z.number()])))),
  missing_suppliers: MissingSuppliers,
});
export type GroupedSearchResult = z.infer<typeof GroupedSearchResult>;

/** Re-prices a chosen combination of options in one brand, exactly as a booking would. */
export const PriceSelectionBody = z.strictObject({
  search: SearchBody,
  /** One option id per leg, in order, from the grouped answer. */
  option_ids: z
    .array(z.string().min(1).max(2_000).regex(PRINTABLE_TOKEN, 'This option id is not one of ours'))
    .min(1)
    .max(6),
  brand: FareBrand,
});
export type PriceSelectionBody = z.input<typeof PriceSelectionBody>;
export type ParsedPriceSelectionBody = z.output<typeof PriceSelectionBody>;

/** Issue 16: the brand chosen is sold out now (409): the same flights' brands as they are now. */
export const SoldOutBrand = z.object({ alternatives: z.array(FareFamily) });
export type SoldOutBrand = z.infer<typeof SoldOutBrand>;

export const ActiveRoutes = z.object({
  Routes: z.array(
    z.object({ origin_location_code: z.string(), destination_location_codes: z.array(z.string()) }),
  ),
  Airports: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      city: z.string(),
      country_code: z.string(),
      time_zone: z.string(),
    }),
  ),
});
export type ActiveRoutes = z.infer<typeof ActiveRoutes>;

export const FareCalendarDay = z.object({ date: z.string(), lowest: Money.nullable() });
export type FareCalendarDay = z.infer<typeof FareCalendarDay>;

export const SearchHistoryEntry = z.object({
  id: z.uuid(),
  trip_type: TripType,
  origin_destinations: z.array(
    z.object({
      departure_date_time: z.string(),
      origin_location_code: z.string(),
      destination_location_code: z.string(),
    }),
  ),
  adult_quantity: z.number().int(),
  child_quantity: z.number().int(),
  infant_quantity: z.number().int(),
  cabin: Cabin,
  result_count: z.number().int(),
  user: z.object({ id: z.uuid(), name: z.string() }),
  created_at: z.string(),
});
export type SearchHistoryEntry = z.infer<typeof SearchHistoryEntry>;

/** Without `view=page`, the wire contract's bare list: this many of the latest searches at most. */
export const SEARCH_HISTORY_LIST_LIMIT = 200;
export const SEARCH_HISTORY_PAGE_SIZE = 20;

/**
 * Issue 30: the history pages on the server, filtered by route and by the day searched. The wire
 * contract (docs/api.md) fixes the answer as a bare list, so the page with its counts is asked for
 * with `view=page`; without it, the list stays as it was (the latest 200, or `limit`).
 */
export const SearchHistoryQuery = z
  .strictObject({
    view: z.literal('page').optional(),
    page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
    limit: z.coerce.number().int().min(1).max(SEARCH_HISTORY_LIST_LIMIT).optional(),
    /** A leg from this airport (IATA code). */
    origin: AirportCode.optional(),
    /** A leg to this airport; with `origin`, one leg from the one to the other. */
    destination: AirportCode.optional(),
    /** Days the searches were made (UTC), inclusive. */
    from: CalendarDate().optional(),
    to: CalendarDate().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end is before the start',
    path: ['to'],
  });
export type SearchHistoryQuery = z.input<typeof SearchHistoryQuery>;

/** `GET /api/searchhistory?view=page`: one page of the searches and how many match in all. */
export const SearchHistoryPage = z.object({
  searches: z.array(SearchHistoryEntry),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type SearchHistoryPage = z.infer<typeof SearchHistoryPage>;

export const flightEndpoints = {
  activeRoutes: defineEndpoint({
    method: 'POST',
    path: '/api/booking-all-active-routes',
    summary: 'Every origin with its destinations, and the airports (for the autocomplete)',
    access: 'company',
    permission: 'flights.search',
    response: ActiveRoutes,
    fallbackMessage: FALLBACK.fetchRoutes,
    // docs/product-spec.md §7: errors of this call are suppressed.
    suppressErrors: true,
  }),
  search: defineEndpoint({
    method: 'POST',
    path: '/api/search',
    summary:
      "Priced itineraries for a one-way, return or multi-city search (404 'No Flight Found!' when nothing is on sale, with `data.missing_suppliers` when a supplier did not answer)",
    access: 'company',
    permission: 'flights.search',
    body: SearchBody,
    response: z.union([SearchResult, GroupedSearchResult]),
  }),
  priceSelection: defineEndpoint({
    method: 'POST',
    path: '/api/search/price',
    summary:
      'An offer for the chosen options of a grouped answer in one brand, priced as a booking re-prices it (409 sold out, with the brands now; 410 when the prices are over 30 minutes old)',
    access: 'company',
    permission: 'flights.search',
    body: PriceSelectionBody,
    response: PricedItinerary,
  }),
  fareCalendar: defineEndpoint({
    method: 'POST',
    path: '/api/search/calendar',
    summary: 'The lowest fare for the outbound date and the 3 days either side',
    access: 'company',
    permission: 'flights.search',
    body: SearchBody,
    response: z.array(FareCalendarDay),
  }),
  searchHistory: defineEndpoint({
    method: 'GET',
    path: '/api/searchhistory',
    summary:
      "The company's searches, newest first: the latest 200 as a list, or with view=page one page of them (route and day filters) with how many there are",
    access: 'company',
    permission: 'history.view',
    query: SearchHistoryQuery,
    response: z.union([z.array(SearchHistoryEntry), SearchHistoryPage]),
    fallbackMessage: FALLBACK.fetchSearchHistory,
  }),
};
