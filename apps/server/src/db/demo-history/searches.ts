import type { Cabin, TripType } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { dateOfEpochDay, epochDayOf } from '../../supplier/sandbox/index.js';
import { PARTIES, type Party, ROUTES, type Route } from './market.js';
import { between, type Plan, type PlannedSearch, pickWeighted, type Random } from './plan.js';
import { insertRows } from './rows.js';

/** What the agency's staff searched: before each booking, and looking without booking most days. */

/**
 * The search an agent ran before booking: the route, dates and party booked. Their own search
 * allowed connections: the direct flights found and more.
 */
export function searchBeforeBooking(
  random: Random,
  input: { userId: string; route: Route; outDate: string; backDate: string | null; party: Party },
  booked: { tripType: TripType; cabin: Cabin; results: number; at: Date },
): PlannedSearch {
  return {
    userId: input.userId,
    tripType: booked.tripType,
    legs: [
      {
        departure_date_time: input.outDate,
        origin_location_code: input.route.from,
        destination_location_code: input.route.to,
      },
      ...(input.backDate
        ? [
            {
              departure_date_time: input.backDate,
              origin_location_code: input.route.to,
              destination_location_code: input.route.from,
            },
          ]
        : []),
    ],
    adults: input.party.adults,
    children: input.party.children,
    infants: input.party.infants,
    cabin: booked.cabin,
    results: booked.results + Math.floor(random() * (input.backDate ? 240 : 40)),
    at: booked.at,
  };
}

/** Looking without booking: a route the agency sells, some days ahead, by `userId` at `at`. */
export function lookWithoutBooking(
  random: Random,
  at: Date,
  userId: string,
  localDatePlus: (at: Date, days: number) => string,
): PlannedSearch {
  const route = pickWeighted(random, ROUTES);
  const out = localDatePlus(at, 2 + Math.floor(random() ** 2 * 60));
  const back = random() < 0.45 ? dateOfEpochDay(epochDayOf(out) + 2 + Math.floor(random() * 10)) : null;
  const party = pickWeighted(random, PARTIES);
  return {
    userId,
    tripType: back ? 'Return' : 'OneWay',
    legs: [
      { departure_date_time: out, origin_location_code: route.from, destination_location_code: route.to },
      ...(back
        ? [
            {
              departure_date_time: back,
              origin_location_code: route.to,
              destination_location_code: route.from,
            },
          ]
        : []),
    ],
    adults: party.adults,
    children: party.children,
    infants: party.infants,
    cabin: random() < 0.8 ? 'Economy' : 'Business',
    results: random() < 0.04 ? 0 : Math.floor(between(random, 4, back ? 300 : 60)),
    at,
  };
}

/** The searches, in the history of searches. */
export async function writeSearches(trx: Transaction<Database>, plan: Plan, companyId: string) {
  await insertRows(
    trx,
    'search_history',
    plan.searches.map((search) => ({
      company_id: companyId,
      user_id: search.userId,
      trip_type: search.tripType,
      origin_destinations: search.legs,
      adult_quantity: search.adults,
      child_quantity: search.children,
      infant_quantity: search.infants,
      cabin: search.cabin,
      result_count: search.results,
      created_at: search.at,
    })),
  );
}
