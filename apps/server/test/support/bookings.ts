import { randomBytes } from 'node:crypto';
import type {
  Booking,
  Cabin,
  PassengerInput,
  PassengerType,
  Permission,
  PricedItinerary,
  SearchBody,
} from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { postLedgerEntry } from '../../src/modules/payments/ledger.js';
import type { Database } from '../../src/platform/db/schema.js';
import {
  makeApprovedCompany,
  onboardedOwner,
  post,
  type SignedIn,
  signIn,
  type TestApp,
} from './auth-flow.js';

/**
 * What booking tests need over `app.inject()`: an approved agency signed in with credits, a
 * searched offer, passengers that fit a mix, and the seat inventory set straight in the database.
 * The test clock starts at 2026-11-22T12:00Z; the default flight (LHR→JFK nonstop) leaves on
 * 2026-12-20.
 */

type Db = Kysely<Database>;

export type Mix = { adults: number; children: number; infants: number };
export const ONE_ADULT: Mix = { adults: 1, children: 0, infants: 0 };
export const FAMILY: Mix = { adults: 2, children: 1, infants: 1 };

export type Agent = SignedIn & { companyId: string };

/** Credits the company through one `adjustment` entry (the back office does it in production). */
export async function addCredits(db: Db, companyId: string, amountMinor: number) {
  await db
    .transaction()
    .execute((trx) =>
      postLedgerEntry(trx, { companyId, kind: 'adjustment', amountMinor, note: 'test credits' }),
    );
}

/** A signed-in owner of an approved agency, with credits when asked. */
export async function bookingAgent(t: TestApp, options: { creditsMinor?: number } = {}): Promise<Agent> {
  const owner = await onboardedOwner(t);
  await makeApprovedCompany(t.store.db, owner.user.company_id);
  if (options.creditsMinor) await addCredits(t.store.db, owner.user.company_id, options.creditsMinor);
  return { ...owner, companyId: owner.user.company_id };
}

/**
 * A fresh session for the same user, for tests that move the clock past the access token's 30
 * minutes. Only ever move the clock forward after it: TOTP never accepts a step twice.
 */
export async function signInAgain(t: TestApp, agent: Agent): Promise<Agent> {
  return { ...(await signIn(t, agent)), companyId: agent.companyId };
}

/** A signed-in user of an approved agency (with credits when asked) whose role holds only these permissions. */
export async function agentWithPermissions(
  t: TestApp,
  permissions: Permission[],
  options: { creditsMinor?: number } = {},
): Promise<Agent> {
  const owner = await bookingAgent(t, options);
  const role = await t.store.db
    .insertInto('roles')
    .values({ company_id: owner.companyId, name: `Only ${permissions.join(' ') || 'nothing'}`, permissions })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.store.db.updateTable('users').set({ role_id: role.id }).where('id', '=', owner.user.id).execute();
  // Tokens carry the permissions of sign-in time (docs/api.md): sign in again.
  const again = await signIn(t, owner);
  return { ...again, companyId: owner.companyId };
}

export type OfferSearch = {
  origin?: string;
  destination?: string;
  date?: string;
  returnDate?: string;
  mix?: Mix;
  cabin?: Cabin;
  maxStops?: number;
};

export function searchBody(options: OfferSearch = {}): SearchBody {
  const { origin = 'LHR', destination = 'JFK', date = '2026-12-20', mix = ONE_ADULT } = options;
  const legs = [
    { departure_date_time: date, origin_location_code: origin, destination_location_code: destination },
  ];
  if (options.returnDate) {
    legs.push({
      departure_date_time: options.returnDate,
      origin_location_code: destination,
      destination_location_code: origin,
    });
  }
  return {
    trip_type: options.returnDate ? 'Return' : 'OneWay',
    origin_destinations: legs,
    adult_quantity: mix.adults,
    child_quantity: mix.children,
    infant_quantity: mix.infants,
    cabin: options.cabin ?? 'Economy',
    max_stops: options.maxStops ?? 0,
  };
}

/** Every itinerary of a search, cheapest first. */
export async function searchOffers(t: TestApp, agent: SignedIn, options: OfferSearch = {}) {
  const res = await post(t, '/api/search', searchBody(options), { token: agent.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.PricedItineraries.PricedItinerary as PricedItinerary[];
}

/** The cheapest itinerary of a search. */
export async function searchOffer(t: TestApp, agent: SignedIn, options: OfferSearch = {}) {
  const [first] = await searchOffers(t, agent, options);
  if (!first) throw new Error('the search found nothing');
  return first;
}

export const segmentsOf = (itinerary: PricedItinerary) =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap(
    (option) => option.FlightSegment,
  );

/** The seat-inventory key of an itinerary's n-th flight. */
export function flightOf(itinerary: PricedItinerary, index = 0) {
  const segment = segmentsOf(itinerary)[index]!;
  return {
    flight: `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
    date: segment.DepartureDateTime.slice(0, 10),
    cabin: segment.CabinClass,
    seatsRemaining: segment.SeatsRemaining,
  };
}

export const totalOf = (itinerary: PricedItinerary) =>
  itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount;

/** Seats sold on a flight, date and cabin (none without a row). */
export async function seatsSold(db: Db, key: { flight: string; date: string; cabin: Cabin }) {
  const row = await db
    .selectFrom('seat_inventory')
    .select('seats_sold')
    .where('flight', '=', key.flight)
    .where('departure_date', '=', key.date)
    .where('cabin', '=', key.cabin)
    .executeTakeFirst();
  return row?.seats_sold ?? 0;
}

/** Sets the seats sold, as if other agencies had booked them. */
export async function setSeatsSold(
  db: Db,
  key: { flight: string; date: string; cabin: Cabin },
  sold: number,
) {
  await db
    .insertInto('seat_inventory')
    .values({ flight: key.flight, departure_date: key.date, cabin: key.cabin, seats_sold: sold })
    .onConflict((conflict) =>
      conflict.columns(['flight', 'departure_date', 'cabin']).doUpdateSet({ seats_sold: sold }),
    )
    .execute();
}

const shiftYears = (date: string, years: number, days = 0) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

const NAMES: Record<PassengerType, [string, string][]> = {
  adult: [
    ['AMIRA', 'HADDAD'],
    ['JONAS', 'BERG'],
    ['LEILA', 'KARIMI'],
    ['OWEN', 'PRICE'],
  ],
  child: [
    ['NOOR', 'HADDAD'],
    ['TEO', 'BERG'],
  ],
  infant: [
    ['SAMI', 'HADDAD'],
    ['ELSA', 'BERG'],
  ],
};
const AGES: Record<PassengerType, number> = { adult: 34, child: 7, infant: 1 };
const TITLES = { adult: 'MRS', child: 'MISS', infant: 'MSTR' } as const;

/** One passenger of a type, of a fitting age on `travelDate`, with a passport valid for years. */
export function passenger(type: PassengerType, travelDate: string, index = 0): PassengerInput {
  const [first_name, last_name] = NAMES[type][index % NAMES[type].length]!;
  return {
    passenger_type: type,
    title: TITLES[type],
    first_name,
    last_name,
    gender: type === 'infant' ? 'M' : 'F',
    date_of_birth: shiftYears(travelDate, -AGES[type], -40),
    nationality: 'GB',
    passport_number: `P${randomBytes(4).toString('hex').toUpperCase()}`,
    passport_expiry: shiftYears(travelDate, 5),
  };
}

/** Passengers for a mix, adults first, then children, then infants (the searched order). */
export function passengersFor(mix: Mix, travelDate = '2026-12-20'): PassengerInput[] {
  return [
    ...Array.from({ length: mix.adults }, (_, i) => passenger('adult', travelDate, i)),
    ...Array.from({ length: mix.children }, (_, i) => passenger('child', travelDate, i)),
    ...Array.from({ length: mix.infants }, (_, i) => passenger('infant', travelDate, i)),
  ];
}

/** A valid `POST /api/booking` body for an offer searched with this mix. */
export function bookingBody(
  itinerary: PricedItinerary,
  mix: Mix = ONE_ADULT,
  overrides: Record<string, unknown> = {},
) {
  const travelDate = segmentsOf(itinerary)[0]!.DepartureDateTime.slice(0, 10);
  return {
    offer_id: itinerary.offer_id,
    passengers: passengersFor(mix, travelDate),
    contact: { email: 'desk@agency.test', phone: '+971 4 555 0100' },
    save_travellers: false,
    ...overrides,
  };
}

export const book = (t: TestApp, agent: SignedIn, body: unknown, headers?: Record<string, string>) =>
  post(t, '/api/booking', body, { token: agent.token, ...(headers ? { headers } : {}) });

/** Books and expects 201; the booking answered. */
export async function bookOk(t: TestApp, agent: SignedIn, body: unknown): Promise<Booking> {
  const res = await book(t, agent, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export const issue = (t: TestApp, agent: SignedIn, pnr: string, headers?: Record<string, string>) =>
  post(t, '/api/booking-issue', { pnr }, { token: agent.token, ...(headers ? { headers } : {}) });

export async function issueOk(t: TestApp, agent: SignedIn, pnr: string): Promise<Booking> {
  const res = await issue(t, agent, pnr);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The field paths of a 422 answer. */
export const errorFields = (res: Response) => Object.keys(res.json().data?.errors ?? {});
