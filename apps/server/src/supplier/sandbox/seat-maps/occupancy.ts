import { unitHash } from '../random.js';
import type { CabinPlan, SeatPlan } from './layouts.js';

/**
 * Which seats of a cabin are taken on one flight (issue 31): the seats SkyDesk's own bookings chose,
 * plus a reproducible fill standing for the other seats sold — as many as the inventory says were
 * sold, less those chosen. The fill ranks the cabin's seats once per flight (a hash of the flight,
 * date and seat, people choosing the front, windows and aisles first), so a fuller flight shows a
 * fuller map, and the same flight the same map until a seat is chosen.
 */

export type Occupant = { withInfant: boolean };

/** How much travellers prefer a seat, 0–1: the front of the cabin, windows and aisles. */
const preference = (seat: SeatPlan, rank: number, rows: number) => {
  const position = seat.characteristics.includes('middle') ? 0 : 0.5;
  return position + 0.5 * (1 - rank / Math.max(1, rows));
};

/** One infant in about 40 filled seats, as airlines see them. */
const INFANT_SHARE = 0.025;

export function occupancy(input: {
  plan: CabinPlan;
  flight: string;
  date: string;
  /** Seats sold in the cabin, as the inventory counts them (chosen ones included). */
  sold: number;
  /** Seats SkyDesk's bookings chose, by designator. */
  chosen: ReadonlyMap<string, Occupant>;
}): Map<string, Occupant> {
  const { plan, flight, date, chosen } = input;
  const taken = new Map<string, Occupant>();
  for (const seat of plan.seats) {
    const occupant = chosen.get(seat.designator);
    if (occupant) taken.set(seat.designator, occupant);
  }
  let fill = Math.min(input.sold, plan.seats.length) - taken.size;
  if (fill <= 0) return taken;
  const ranked = rankingOf(plan, flight, date);
  const sectionsWithInfant = new Set<string>();
  for (const occupant of taken) {
    const seat = plan.seats.find((candidate) => candidate.designator === occupant[0]);
    if (seat && occupant[1].withInfant) sectionsWithInfant.add(sectionOf(seat));
  }
  for (const seat of ranked) {
    if (fill === 0) break;
    if (taken.has(seat.designator)) continue;
    const section = sectionOf(seat);
    const withInfant =
      !seat.exitRow &&
      !sectionsWithInfant.has(section) &&
      unitHash(1, flight, date, seat.designator) < INFANT_SHARE;
    if (withInfant) sectionsWithInfant.add(section);
    taken.set(seat.designator, { withInfant });
    fill--;
  }
  return taken;
}

/**
 * The cabin's seats in the order the fill takes them on one flight. Kept for the flights asked
 * about lately: a map is drawn again each time an agent opens it, and hashing 300 seats and sorting
 * them is most of drawing it.
 */
const RANKINGS_KEPT = 512;
const rankings = new Map<string, readonly SeatPlan[]>();

function rankingOf(plan: CabinPlan, flight: string, date: string): readonly SeatPlan[] {
  const key = `${flight}/${date}/${plan.cabin}/${plan.seats.length}/${plan.seats[0]?.designator}`;
  const kept = rankings.get(key);
  if (kept) return kept;
  const rows = plan.seats.length === 0 ? 1 : plan.seats[plan.seats.length - 1]!.row - plan.seats[0]!.row + 1;
  const first = plan.seats[0]?.row ?? 1;
  const ranked = plan.seats
    .map((seat) => ({
      seat,
      score:
        0.65 * unitHash(0, flight, date, seat.designator) + 0.35 * preference(seat, seat.row - first, rows),
    }))
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.seat);
  if (rankings.size >= RANKINGS_KEPT) rankings.delete(rankings.keys().next().value!);
  rankings.set(key, ranked);
  return ranked;
}

/** A row section: the seats of one row between two aisles (or an aisle and the window). */
export const sectionOf = (seat: Pick<SeatPlan, 'row' | 'block'>): string => `${seat.row}/${seat.block}`;
