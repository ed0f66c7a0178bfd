import {
  CABINS,
  type Cabin,
  FARE_BRANDS,
  type FareBrand,
  TRIP_TYPES,
  type TripType,
} from '@skydesk/contract';
import { paths } from '../../shared/routing/paths';
import type { SearchDraft } from './search-draft-slice';
import { draftFromSearch, toSearchBody } from './search-form';

/**
 * Issue 16: the search lives in the results' URL, so a results page opened from a link, a
 * bookmark or a new tab runs the same search again, and back/forward walk the agent's choices:
 *
 *   /dashboard/flight-results?trip=Return&leg=LHR.JFK.2026-12-22&leg=JFK.LHR.2026-12-29
 *     &adults=1&children=0&infants=0&cabin=Economy&pick=<outbound id>&pick=<inbound id>&brand=Flex
 *
 * One `leg` per flown leg as the search body has them (origin.destination.date), then the grouped
 * answer's chosen option ids, leg by leg, and the brand chosen for the whole trip.
 */

/** What the agent has chosen so far on a grouped answer: option ids in leg order, then a brand. */
export type TripChoice = { picks: string[]; brand: FareBrand | null };

export const noChoice: TripChoice = { picks: [], brand: null };

const LEG = /^([A-Z]{3})\.([A-Z]{3})\.(\d{4}-\d{2}-\d{2})$/;

const count = (params: URLSearchParams, name: string, fallback: number): number => {
  const value = params.get(name);
  return value !== null && /^\d{1,2}$/.test(value) ? Number(value) : fallback;
};

/** The search a results URL names, or null when it names none (a bare /dashboard/flight-results). */
export function draftFromParams(params: URLSearchParams): SearchDraft | null {
  const trip = params.get('trip');
  if (!trip || !(TRIP_TYPES as readonly string[]).includes(trip)) return null;
  const legs = params.getAll('leg').map((leg) => LEG.exec(leg.toUpperCase()));
  if (legs.length === 0 || legs.some((leg) => leg === null)) return null;
  const cabin = params.get('cabin');
  return draftFromSearch({
    trip_type: trip as TripType,
    origin_destinations: legs.map((leg) => ({
      origin_location_code: leg?.[1] ?? '',
      destination_location_code: leg?.[2] ?? '',
      departure_date_time: leg?.[3] ?? '',
    })),
    adult_quantity: count(params, 'adults', 1),
    child_quantity: count(params, 'children', 0),
    infant_quantity: count(params, 'infants', 0),
    cabin: cabin && (CABINS as readonly string[]).includes(cabin) ? (cabin as Cabin) : 'Economy',
  });
}

export function choiceFromParams(params: URLSearchParams): TripChoice {
  const brand = params.get('brand');
  return {
    picks: params.getAll('pick').filter((pick) => pick.length > 0),
    brand: brand && (FARE_BRANDS as readonly string[]).includes(brand) ? (brand as FareBrand) : null,
  };
}

/** The query string of a search and what has been chosen on its answer. */
export function searchParamsOf(draft: SearchDraft, choice: TripChoice = noChoice): URLSearchParams {
  const body = toSearchBody(draft);
  const params = new URLSearchParams({ trip: body.trip_type });
  for (const leg of body.origin_destinations)
    params.append(
      'leg',
      `${leg.origin_location_code}.${leg.destination_location_code}.${leg.departure_date_time}`,
    );
  params.set('adults', String(body.adult_quantity));
  params.set('children', String(body.child_quantity ?? 0));
  params.set('infants', String(body.infant_quantity ?? 0));
  params.set('cabin', body.cabin ?? 'Economy');
  for (const pick of choice.picks) params.append('pick', pick);
  if (choice.brand) params.set('brand', choice.brand);
  return params;
}

/** The results page of a search: what the search form, the history and the fare strip open. */
export const resultsUrl = (draft: SearchDraft, choice: TripChoice = noChoice): string =>
  `${paths.dashboard.flightResults}?${searchParamsOf(draft, choice).toString()}`;
