import type { PassengerType, SeatParty, SeatRestriction } from '@skydesk/contract';
import type { SeatPlan } from './layouts.js';
import type { Occupant } from './occupancy.js';
import { sectionOf } from './occupancy.js';

/**
 * The rules airlines apply to who sits where (issue 31):
 * - no infant, child or passenger travelling with an infant in an exit row (they could not help
 *   open it);
 * - one infant per row section: each section has one spare oxygen mask;
 * - a seat belongs to one passenger per flight.
 */

export const SEAT_RULES = {
  exitRow: 'Exit rows are not for children or passengers travelling with an infant',
  infantInSection: 'One infant per row section: another infant already travels in this part of the row',
  taken: 'This seat is taken',
  chosenTwice: 'Two passengers cannot have the same seat',
  onePerPassenger: 'A passenger has one seat per flight',
  otherCabin: 'This seat is in another cabin than the fare',
  noSuchSeat: 'This aircraft has no such seat',
  infantNoSeat: "An infant travels on an adult's lap and has no seat of its own",
} as const;

/**
 * Who each passenger is to the seat rules, in the booking's order: infants ride on the first adults'
 * laps (one infant per adult), so those adults travel "with an infant"; infants take no seat (null).
 */
export function seatParties(passengers: readonly PassengerType[]): (SeatParty | null)[] {
  let infants = passengers.filter((type) => type === 'infant').length;
  return passengers.map((type) => {
    if (type === 'infant') return null;
    if (type === 'child') return 'child';
    if (infants > 0) {
      infants--;
      return 'adult_with_infant';
    }
    return 'adult';
  });
}

/** The rule that keeps some passengers out of a free seat, if any. */
export function seatRestriction(
  seat: Pick<SeatPlan, 'exitRow' | 'row' | 'block'>,
  sectionsWithInfant: ReadonlySet<string>,
): SeatRestriction | undefined {
  if (seat.exitRow) {
    return { code: 'exit_row', message: SEAT_RULES.exitRow, applies_to: ['child', 'adult_with_infant'] };
  }
  if (sectionsWithInfant.has(sectionOf(seat))) {
    return {
      code: 'infant_in_section',
      message: SEAT_RULES.infantInSection,
      applies_to: ['adult_with_infant'],
    };
  }
  return undefined;
}

export type SeatChoice = { passengerIndex: number; designator: string };
export type SeatRefusal = { passengerIndex: number; designator: string; message: string };

/**
 * Checks a party's seat choices on one flight against the seats taken by others and the rules,
 * answering every choice refused with why (none: all may be taken together).
 */
export function checkSeatChoices(input: {
  seats: ReadonlyMap<string, SeatPlan>;
  taken: ReadonlyMap<string, Occupant>;
  parties: readonly (SeatParty | null)[];
  choices: readonly SeatChoice[];
}): SeatRefusal[] {
  const refusals: SeatRefusal[] = [];
  const sectionsWithInfant = new Set<string>();
  for (const [designator, occupant] of input.taken) {
    const seat = input.seats.get(designator);
    if (seat && occupant.withInfant) sectionsWithInfant.add(sectionOf(seat));
  }
  const chosen = new Set<string>();
  const choosing = new Set<number>();
  for (const choice of input.choices) {
    const refuse = (message: string) => refusals.push({ ...choice, message });
    const party = input.parties[choice.passengerIndex];
    const seat = input.seats.get(choice.designator);
    if (party === null || party === undefined) refuse(SEAT_RULES.infantNoSeat);
    else if (!seat) refuse(SEAT_RULES.noSuchSeat);
    else if (input.taken.has(choice.designator)) refuse(SEAT_RULES.taken);
    else if (chosen.has(choice.designator)) refuse(SEAT_RULES.chosenTwice);
    else if (choosing.has(choice.passengerIndex)) refuse(SEAT_RULES.onePerPassenger);
    else {
      const restriction = seatRestriction(seat, sectionsWithInfant);
      if (restriction?.applies_to.includes(party)) refuse(restriction.message);
      else {
        chosen.add(choice.designator);
        choosing.add(choice.passengerIndex);
        if (party === 'adult_with_infant') sectionsWithInfant.add(sectionOf(seat));
      }
    }
  }
  return refusals;
}
