import { useMemo } from 'react';
import { type AirportEntry, indexAirports } from './airports';
import { airportsApi } from './airports-api';

export type AirportDirectory = {
  entries: AirportEntry[];
  byCode: Map<string, AirportEntry>;
  loaded: boolean;
};

/**
 * The active airports (docs/api.md `POST /api/booking-all-active-routes`), indexed once. The call's
 * errors are suppressed (docs/product-spec.md §7): without it, codes are shown and can be typed.
 */
export function useAirports(): AirportDirectory {
  const { data: routes } = airportsApi.useActiveRoutesQuery();
  return useMemo(() => {
    const entries = indexAirports(routes?.Airports ?? []);
    return {
      entries,
      byCode: new Map(entries.map((entry) => [entry.code, entry])),
      loaded: routes !== undefined,
    };
  }, [routes]);
}

/** "London (LHR)" when the airport is known, the code otherwise. */
export const cityOf = (airports: AirportDirectory, code: string): string => {
  const airport = airports.byCode.get(code);
  return airport ? airport.city : code;
};
