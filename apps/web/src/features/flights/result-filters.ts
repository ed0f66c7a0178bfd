import type { PricedItinerary } from '@skydesk/contract';
import { airlineName, firstSegment, lastSegment, legsOf, stopsOf } from '../../entities/itinerary/itinerary';

/**
 * The facts filters and sorts read, worked out once per result: a whole itinerary of the flat
 * answer, or one leg's option of the grouped answer (issue 16).
 */
export type ResultFacts = {
  /** Names the result in the list. */
  key: string;
  total: number;
  currency: string;
  /** Minutes, every leg together. */
  duration: number;
  /** The most stops of any leg. */
  stops: number;
  carrier: string;
  carrierName: string;
  /** Outbound departure and arrival, minutes after local midnight. */
  departMinutes: number;
  arriveMinutes: number;
  /** Outbound departure, local 'YYYY-MM-DDTHH:mm:ss' (sortable as text on one search's day). */
  departAt: string;
  /** A refundable fare can be had (in any brand still on sale). */
  refundable: boolean;
};

export type ItinerarySummary = ResultFacts & { itinerary: PricedItinerary };

export const minutesOfDay = (local: string): number =>
  Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

export function summarise(itinerary: PricedItinerary): ItinerarySummary {
  const legs = legsOf(itinerary);
  const outbound = legs[0] as (typeof legs)[number];
  const pricing = itinerary.AirItineraryPricingInfo;
  return {
    itinerary,
    key: itinerary.offer_id,
    // Issue 33: sorted and filtered by the price the cards show first, the client's selling price.
    total: itinerary.selling?.Amount ?? pricing.ItinTotalFare.TotalFare.Amount,
    currency: pricing.ItinTotalFare.TotalFare.CurrencyCode,
    duration: legs.reduce((sum, leg) => sum + leg.ElapsedTime, 0),
    stops: Math.max(...legs.map(stopsOf)),
    carrier: itinerary.ValidatingCarrier,
    carrierName: airlineName(itinerary, itinerary.ValidatingCarrier),
    departMinutes: minutesOfDay(firstSegment(outbound).DepartureDateTime),
    arriveMinutes: minutesOfDay(lastSegment(outbound).ArrivalDateTime),
    departAt: firstSegment(outbound).DepartureDateTime,
    refundable:
      pricing.Refundable ||
      itinerary.FareFamilies.some((family) => !family.SoldOut && family.AirItineraryPricingInfo?.Refundable),
  };
}

/** Stops choices: nonstop, 1 stop, 2 stops or more. */
export const STOP_OPTIONS = [
  { value: 0, label: 'Nonstop' },
  { value: 1, label: '1 stop' },
  { value: 2, label: '2+ stops' },
] as const;
export type StopOption = (typeof STOP_OPTIONS)[number]['value'];
const stopBucket = (stops: number): StopOption => (stops >= 2 ? 2 : (stops as 0 | 1));

/** Times of day, local at the airport. */
export const TIME_WINDOWS = [
  { id: 'night', label: 'Night', range: '00:00–05:59', from: 0, to: 360 },
  { id: 'morning', label: 'Morning', range: '06:00–11:59', from: 360, to: 720 },
  { id: 'afternoon', label: 'Afternoon', range: '12:00–17:59', from: 720, to: 1080 },
  { id: 'evening', label: 'Evening', range: '18:00–23:59', from: 1080, to: 1440 },
] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number]['id'];
const windowOf = (minutes: number): TimeWindow =>
  (TIME_WINDOWS.find((w) => minutes >= w.from && minutes < w.to) ?? TIME_WINDOWS[0]).id;

export type ResultFilters = {
  /** Empty = any. */
  stops: StopOption[];
  airlines: string[];
  departure: TimeWindow[];
  arrival: TimeWindow[];
  /** Highest total price shown; null = no limit. */
  maxPrice: number | null;
  refundableOnly: boolean;
};

export const noFilters: ResultFilters = {
  stops: [],
  airlines: [],
  departure: [],
  arrival: [],
  maxPrice: null,
  refundableOnly: false,
};

export const activeFilterCount = (filters: ResultFilters): number =>
  (filters.stops.length > 0 ? 1 : 0) +
  (filters.airlines.length > 0 ? 1 : 0) +
  (filters.departure.length > 0 ? 1 : 0) +
  (filters.arrival.length > 0 ? 1 : 0) +
  (filters.maxPrice !== null ? 1 : 0) +
  (filters.refundableOnly ? 1 : 0);

export function applyFilters<S extends ResultFacts>(summaries: S[], filters: ResultFilters): S[] {
  return summaries.filter(
    (s) =>
      (filters.stops.length === 0 || filters.stops.includes(stopBucket(s.stops))) &&
      (filters.airlines.length === 0 || filters.airlines.includes(s.carrier)) &&
      (filters.departure.length === 0 || filters.departure.includes(windowOf(s.departMinutes))) &&
      (filters.arrival.length === 0 || filters.arrival.includes(windowOf(s.arriveMinutes))) &&
      (filters.maxPrice === null || s.total <= filters.maxPrice) &&
      (!filters.refundableOnly || s.refundable),
  );
}

export type SortKey = 'best' | 'cheapest' | 'fastest' | 'earliest';
export const SORT_OPTIONS: { value: SortKey; label: string; hint: string }[] = [
  { value: 'best', label: 'Best', hint: 'Price and duration together' },
  { value: 'cheapest', label: 'Cheapest', hint: 'Lowest total price first' },
  { value: 'fastest', label: 'Fastest', hint: 'Shortest total travel time first' },
  { value: 'earliest', label: 'Earliest', hint: 'Earliest outbound departure first' },
];

/** Best: 60 % price, 40 % duration, each scaled 0–1 over the results shown. */
const BEST_WEIGHTS = { price: 0.6, duration: 0.4 };

export function sortSummaries<S extends ResultFacts>(summaries: S[], key: SortKey): S[] {
  const sorted = [...summaries];
  const byPrice = (a: ResultFacts, b: ResultFacts) => a.total - b.total || a.duration - b.duration;
  switch (key) {
    case 'cheapest':
      return sorted.sort(byPrice);
    case 'fastest':
      return sorted.sort((a, b) => a.duration - b.duration || a.total - b.total);
    case 'earliest':
      return sorted.sort((a, b) => a.departAt.localeCompare(b.departAt) || a.total - b.total);
    case 'best': {
      const scale = (values: number[]) => {
        const min = Math.min(...values);
        const span = Math.max(...values) - min || 1;
        return (value: number) => (value - min) / span;
      };
      const price = scale(summaries.map((s) => s.total));
      const duration = scale(summaries.map((s) => s.duration));
      const score = (s: ResultFacts) =>
        BEST_WEIGHTS.price * price(s.total) + BEST_WEIGHTS.duration * duration(s.duration);
      return sorted.sort((a, b) => score(a) - score(b) || byPrice(a, b));
    }
  }
}

/** Airlines of the results with how many itineraries each validates, most first. */
export function airlineCounts(summaries: ResultFacts[]): { code: string; name: string; count: number }[] {
  const counts = new Map<string, { code: string; name: string; count: number }>();
  for (const s of summaries) {
    const entry = counts.get(s.carrier) ?? { code: s.carrier, name: s.carrierName, count: 0 };
    entry.count += 1;
    counts.set(s.carrier, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** The price span of the results, for the price slider. */
export function priceBounds(summaries: ResultFacts[]): { min: number; max: number } | null {
  if (summaries.length === 0) return null;
  const totals = summaries.map((s) => s.total);
  return { min: Math.floor(Math.min(...totals)), max: Math.ceil(Math.max(...totals)) };
}
