import { randomUUID } from 'node:crypto';
import type { PassengerType } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { Party } from './market.js';
import {
  addYears,
  between,
  code,
  DAY_MS,
  isoDate,
  type Plan,
  type PlannedBooking,
  pick,
  type Random,
  type Traveller,
} from './plan.js';
import { insertRows } from './rows.js';

/** Who travels with the demo agency: its regular travellers (saved) and the one-off ones. */

const GIVEN = {
  M: 'James Daniel Wei Arjun Luis Omar Kenji Michael David Ethan Noah Samuel Hiroshi Carlos Thomas Ravi Ahmed Lucas Ben Jonah'.split(
    ' ',
  ),
  F: 'Emily Sofia Mei Ananya Olivia Fatima Yuki Sarah Laura Chloe Aisha Grace Isabel Hannah Nora Leila Maria Zoe Julia Ruth'.split(
    ' ',
  ),
};
const SURNAMES =
  'Nguyen Garcia Chen Patel Johnson Kim Williams Hernandez Tanaka Brown Singh Lopez Okafor Miller Haddad Wilson Park Martin Cohen Rossi Davis Khan Silva Murphy Schmidt Ali Anderson Yamamoto Clarke Fischer'.split(
    ' ',
  );
const NATIONALITIES = 'US US US US US US GB CA IN MX JP DE KR'.split(' ');

/**
 * The agency's travellers: 36 regulars, made first, and the one-off ones made as bookings need them
 * (`partyFor`), each with a passport number of their own.
 */
export function createTravellers(random: Random, now: Date) {
  const usedPassports = new Set<string>();
  const passport = () => {
    let number: string;
    do number = code(random, 'ABCDEFGHJKLMNPRSTUVWXYZ', 1) + code(random, '0123456789', 8);
    while (usedPassports.has(number));
    usedPassports.add(number);
    return number;
  };
  const person = (
    type: PassengerType,
    lastName: string | null,
    saved: boolean,
    travelDate: Date,
  ): Traveller => {
    const gender = random() < 0.5 ? 'M' : 'F';
    const age =
      type === 'adult'
        ? between(random, 24, 68)
        : type === 'child'
          ? between(random, 3, 11)
          : between(random, 0.3, 1.6);
    const born = isoDate(new Date(travelDate.getTime() - age * 365.25 * DAY_MS));
    const title =
      type === 'adult'
        ? gender === 'M'
          ? 'MR'
          : random() < 0.5
            ? 'MRS'
            : 'MS'
        : gender === 'M'
          ? 'MSTR'
          : 'MISS';
    return {
      id: randomUUID(),
      passenger_type: type,
      title,
      first_name: pick(random, GIVEN[gender]),
      last_name: lastName ?? pick(random, SURNAMES),
      gender,
      date_of_birth: born,
      nationality: pick(random, NATIONALITIES),
      passport_number: passport(),
      passport_expiry: addYears(isoDate(travelDate), 2 + Math.floor(random() * 7)),
      saved,
    };
  };
  const regulars: Traveller[] = Array.from({ length: 36 }, () =>
    person('adult', null, true, new Date(now.getTime() + 400 * DAY_MS)),
  );
  const travellers: Traveller[] = [...regulars];

  const partyFor = (party: Party, travelDate: Date): Traveller[] => {
    const lead =
      party.adults === 1 && party.children + party.infants === 0 && random() < 0.7
        ? pick(random, regulars)
        : person('adult', null, random() < 0.3, travelDate);
    const family = lead.last_name;
    const people = [lead];
    for (let i = 1; i < party.adults; i++)
      people.push(person('adult', random() < 0.6 ? family : null, false, travelDate));
    for (let i = 0; i < party.children; i++) people.push(person('child', family, false, travelDate));
    for (let i = 0; i < party.infants; i++) people.push(person('infant', family, false, travelDate));
    for (const one of people) if (!travellers.includes(one)) travellers.push(one);
    return people;
  };
  return { travellers, partyFor };
}

/** Saved travellers: the regulars, saved when they first flew with the agency, by who booked them. */
export async function writeSavedTravellers(
  trx: Transaction<Database>,
  plan: Plan,
  companyId: string,
): Promise<Set<string>> {
  const firstUse = new Map<Traveller, PlannedBooking>();
  for (const booking of plan.bookings) {
    for (const passenger of booking.passengers) {
      if (!firstUse.has(passenger.traveller)) firstUse.set(passenger.traveller, booking);
    }
  }
  const saved = plan.travellers.filter((traveller) => traveller.saved && firstUse.has(traveller));
  await insertRows(
    trx,
    'travellers',
    saved.map((traveller) => ({
      id: traveller.id,
      company_id: companyId,
      passenger_type: traveller.passenger_type,
      title: traveller.title,
      first_name: traveller.first_name,
      last_name: traveller.last_name,
      gender: traveller.gender,
      date_of_birth: traveller.date_of_birth,
      nationality: traveller.nationality,
      passport_number: traveller.passport_number,
      passport_expiry: traveller.passport_expiry,
      created_by: firstUse.get(traveller)!.createdBy,
      created_at: firstUse.get(traveller)!.createdAt,
      updated_at: firstUse.get(traveller)!.createdAt,
    })),
  );
  return new Set(saved.map((traveller) => traveller.id));
}
