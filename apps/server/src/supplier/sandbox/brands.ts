import type { Cabin } from '@skydesk/contract';
import { BOOKING_CLASSES, type FareBrand } from './fares.js';

/**
 * Fare families (issue 16): the brands a cabin sells, each a run of its booking classes
 * (BOOKING_CLASSES lists them cheapest first, a brand's classes next to each other). A leg sells a
 * brand in the brand's cheapest class open on every flight of the leg (married segments: the most
 * expensive of the flights' cheapest open classes within the brand); the brand is sold out on the
 * leg when some flight has none of its classes open.
 */

export type BrandClasses = {
  brand: FareBrand;
  /** Indexes into BOOKING_CLASSES[cabin], first ≤ last. */
  first: number;
  last: number;
};

const BRANDS_OF: Readonly<Record<Cabin, readonly BrandClasses[]>> = Object.fromEntries(
  Object.entries(BOOKING_CLASSES).map(([cabin, classes]) => {
    const runs: BrandClasses[] = [];
    classes.forEach((bookingClass, index) => {
      const run = runs[runs.length - 1];
      if (run && run.brand === bookingClass.brand) run.last = index;
      else runs.push({ brand: bookingClass.brand, first: index, last: index });
    });
    return [cabin, runs];
  }),
) as unknown as Record<Cabin, readonly BrandClasses[]>;

/** The cabin's brands, cheapest first (Economy: Basic, Standard, Flex; First: Flex alone). */
export function cabinBrands(cabin: Cabin): readonly BrandClasses[] {
  return BRANDS_OF[cabin];
}

/** The brand a booking class (by index) belongs to; undefined for no such class. */
export function brandOfClass(cabin: Cabin, classIndex: number): BrandClasses | undefined {
  return BRANDS_OF[cabin].find((brand) => classIndex >= brand.first && classIndex <= brand.last);
}

/**
 * The class a leg sells `brand` in, given each flight's cheapest open class (lowestOpenClass; all
 * ≥ 0) and, when re-pricing an offer, the class it was sold in (kept unless it has closed). Null
 * when the brand is sold out on some flight. Classes are nested — a class open means every dearer
 * one is — so the most expensive of the flights' cheapest open classes is open on all of them.
 */
export function brandClassIndex(
  brand: BrandClasses,
  openPerFlight: readonly number[],
  atLeast = 0,
): number | null {
  let index = Math.max(brand.first, atLeast);
  for (const open of openPerFlight) index = Math.max(index, open);
  return index <= brand.last ? index : null;
}

/** Seats still sold in a class on one flight: its nested limit less the seats sold. */
export function seatsLeftInClass(cabin: Cabin, classIndex: number, capacity: number, sold: number): number {
  const share = BOOKING_CLASSES[cabin][classIndex]!.share;
  return Math.max(0, Math.floor(capacity * share) - sold);
}
