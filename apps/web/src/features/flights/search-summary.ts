import { CABIN_LABELS, type SearchHistoryEntry } from '@skydesk/contract';
import { formatDay } from '../../shared/format/date-time';

type SearchLike = Pick<
  SearchHistoryEntry,
  'trip_type' | 'origin_destinations' | 'adult_quantity' | 'child_quantity' | 'infant_quantity' | 'cabin'
>;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "LHR → JFK", "LHR ⇄ JFK" (return), "LHR → DXB → BKK" (multi-city, joined where legs meet). */
export function routeSummary(search: Pick<SearchLike, 'trip_type' | 'origin_destinations'>): string {
  const legs = search.origin_destinations;
  const first = legs[0];
  if (!first) return '';
  if (search.trip_type === 'Return')
    return `${first.origin_location_code} ⇄ ${first.destination_location_code}`;
  const stops = [first.origin_location_code];
  for (const leg of legs) {
    if (stops[stops.length - 1] !== leg.origin_location_code) stops.push(`… ${leg.origin_location_code}`);
    stops.push(leg.destination_location_code);
  }
  return stops.join(' → ');
}

/** "Tue 22 Dec – Sun 27 Dec" */
export const datesSummary = (search: Pick<SearchLike, 'origin_destinations'>): string =>
  search.origin_destinations.map((leg) => formatDay(leg.departure_date_time.slice(0, 10))).join(' – ');

/** "2 adults, 1 child, 1 infant" */
export function passengersSummary(
  search: Pick<SearchLike, 'adult_quantity' | 'child_quantity' | 'infant_quantity'>,
) {
  return [
    plural(search.adult_quantity, 'adult', 'adults'),
    search.child_quantity > 0 ? plural(search.child_quantity, 'child', 'children') : null,
    search.infant_quantity > 0 ? plural(search.infant_quantity, 'infant', 'infants') : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export const cabinLabel = (search: Pick<SearchLike, 'cabin'>) => CABIN_LABELS[search.cabin];
