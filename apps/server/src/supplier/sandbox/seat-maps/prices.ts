import type { Cabin, FareBrand } from '@skydesk/contract';
import { unitHash } from '../random.js';
import type { SeatPlan } from './layouts.js';

/**
 * What one passenger pays for a seat (issue 31), in minor units; 0 when the fare includes it.
 *
 * By the fare's brand: Basic pays for every seat, Standard for extra legroom and the front of the
 * cabin, Flex for none. Business and First include every seat whatever the brand, as airlines do.
 * By the seat's kind and the route's length (block time), in whole units, with a small variation per
 * flight that stays the same from one day to the next (an airline prices its route, not the day).
 */

/** Whole currency units per kind of seat on a flight of an hour or so. */
const BASE_UNITS = { middle: 6, standard: 9, front: 14, extra_legroom: 22 } as const;

/** Longer flights charge more: up to 1.5 h, 3 h, 6 h, 10 h, beyond. */
const lengthFactor = (minutes: number) =>
  minutes <= 90 ? 1 : minutes <= 180 ? 1.5 : minutes <= 360 ? 2.2 : minutes <= 600 ? 3 : 4;

export function seatPriceMinor(input: {
  seat: Pick<SeatPlan, 'kind' | 'characteristics'>;
  cabin: Cabin;
  brand: FareBrand;
  blockMinutes: number;
  flight: string;
}): number {
  const { seat, cabin, brand } = input;
  if (cabin === 'Business' || cabin === 'First' || brand === 'Flex') return 0;
  if (brand === 'Standard' && seat.kind === 'standard') return 0;
  const base =
    seat.kind === 'standard'
      ? seat.characteristics.includes('middle')
        ? BASE_UNITS.middle
        : BASE_UNITS.standard
      : BASE_UNITS[seat.kind];
  const premium = cabin === 'PremiumEconomy' ? 1.4 : 1;
  const variation = 0.9 + 0.2 * unitHash(2, input.flight);
  return Math.max(1, Math.round(base * premium * lengthFactor(input.blockMinutes) * variation)) * 100;
}
