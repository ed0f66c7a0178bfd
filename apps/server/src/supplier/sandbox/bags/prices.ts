import type { Cabin, FareBrand } from '@skydesk/contract';
import { unitHash } from '../random.js';

/**
 * What one extra checked bag costs and weighs on the sandbox (issue 31), the rules chosen here since
 * the spec leaves them open:
 *
 * - Weight: each extra bag is 23 kg in Economy and Premium Economy, 32 kg in Business and First, as
 *   the cabins' own allowances are (fares.ts).
 * - Price, in whole currency units: 30 on a flight of up to 1.5 h, growing with the route's length
 *   (block time), 20 % more in the premium cabins; the brand lowers it (Standard 10 % off, Flex 25 %
 *   off: the flexible fare is the one sold to those who travel heavy). A small variation per flight
 *   stays the same from one day to the next (an airline prices its route, not the day), and every
 *   extra bag on a flight costs the same (the contract has one price per bag).
 * - An infant on a lap has no allowance and buys none.
 */

const BASE_UNITS = 30;

/** Longer flights charge more: up to 1.5 h, 3 h, 6 h, 10 h, beyond. */
const lengthFactor = (minutes: number) =>
  minutes <= 90 ? 1 : minutes <= 180 ? 1.3 : minutes <= 360 ? 1.7 : minutes <= 600 ? 2.2 : 2.8;

const CABIN_FACTOR: Readonly<Record<Cabin, number>> = {
  Economy: 1,
  PremiumEconomy: 1.2,
  Business: 1.2,
  First: 1.2,
};

const BRAND_FACTOR: Readonly<Record<FareBrand, number>> = { Basic: 1, Standard: 0.9, Flex: 0.75 };

/** The allowance of each extra bag, in kilograms. */
export function extraBagWeightKg(cabin: Cabin): number {
  return cabin === 'Business' || cabin === 'First' ? 32 : 23;
}

/** One extra bag's price for one passenger on one flight, in minor units: whole units, never 0. */
export function bagPriceMinor(input: {
  cabin: Cabin;
  brand: FareBrand;
  blockMinutes: number;
  flight: string;
}): number {
  const variation = 0.95 + 0.1 * unitHash(5, input.flight);
  const units =
    BASE_UNITS *
    lengthFactor(input.blockMinutes) *
    CABIN_FACTOR[input.cabin] *
    BRAND_FACTOR[input.brand] *
    variation;
  return Math.max(1, Math.round(units)) * 100;
}
