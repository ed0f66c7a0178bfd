import type { Booking, HoldLimitExceeded, PricedItinerary } from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  addCredits,
  book,
  bookingAgent,
  bookingBody,
  bookOk,
  flightOf,
  issueOk,
  type Mix,
  ONE_ADULT,
  searchOffer,
  seatsSold,
  signInAgain,
  totalOf,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Seat hoarding (docs/architecture.md §5, hold-limits.ts): an agency's live holds are bounded — their total
 * value by its available credits times HOLD_VALUE_RATIO, and the seats it holds on one flight by
 * MAX_HELD_SEATS_PER_FLIGHT — and a hold past either answers 409 saying which, moving nothing.
 */

const minorOf = (amount: number) => Math.round(amount * 100);
const usd = (minor: number) => `${(minor / 100).toFixed(2)} USD`;
const money = (minor: number) => ({ Amount: minor / 100, CurrencyCode: 'USD' });
const TWO_ADULTS: Mix = { adults: 2, children: 0, infants: 0 };
/** An adult with a lap infant: the infant takes no seat. */
const ADULT_AND_INFANT: Mix = { adults: 1, children: 0, infants: 1 };

const cancel = (t: TestApp, agent: Agent, booking: Booking) =>
  post(
    t,
    '/api/request-cancel-booking',
    { booking_id: booking.id, reason: 'Customer changed plans' },
    { token: agent.token },
  );

const bookingCount = async (t: TestApp, agent: Agent) =>
  (await t.store.db.selectFrom('bookings').select('id').where('company_id', '=', agent.companyId).execute())
    .length;

/** Expects a hold-limit 409 with exactly this message and data. */
function expectRefused(res: Response, message: string, data: HoldLimitExceeded) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toEqual({ status: false, message, data });
}

describe.each(storeKinds())('hold limits by default on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** An agency whose credits cover `holds` holds of the offer searched on `date`, and that offer. */
  async function agencyCovering(holds: number, date: string) {
    const agent = await bookingAgent(t);
    const offer = await searchOffer(t, agent, { date });
    const priceMinor = minorOf(totalOf(offer));
    const creditsMinor = Math.floor(priceMinor * holds);
    await addCredits(t.store.db, agent.companyId, creditsMinor);
    return { agent, offer, priceMinor, creditsMinor };
  }

  it('refuses a hold the available credits cannot cover (409 naming the limit), moving nothing', async () => {
    const { agent, offer, priceMinor, creditsMinor } = await agencyCovering(1.5, '2027-01-11');
    const first = await bookOk(t, agent, bookingBody(offer));
    expect(minorOf(first.total.Amount)).toBe(priceMinor);
    const key = flightOf(offer);
    const sold = await seatsSold(t.store.db, key);
    const count = await bookingCount(t, agent);

    const res = await book(t, agent, bookingBody(offer));
    expectRefused(
      res,
      `Your live holds would exceed your available credits: ${usd(priceMinor)} held already plus ${usd(priceMinor)} for this booking is more than the ${usd(creditsMinor)} they allow. Issue or cancel a hold first.`,
      {
        limit: 'hold_value',
        held: money(priceMinor),
        booking_total: money(priceMinor),
        allowed: money(creditsMinor),
      },
    );
    expect(await seatsSold(t.store.db, key)).toBe(sold);
    expect(await bookingCount(t, agent)).toBe(count);

    // Cancelling the first hold gives its value back: the second fits now.
    expect((await cancel(t, agent, first)).statusCode).toBe(200);
    await bookOk(t, agent, bookingBody(offer));
  });

  it('counts what issuing spends instead of what it held: a deposit makes room again', async () => {
    const { agent, offer, priceMinor, creditsMinor } = await agencyCovering(1.5, '2027-01-12');
    const first = await bookOk(t, agent, bookingBody(offer));
    await issueOk(t, agent, first.pnr);

    // The hold is paid: nothing is held, but what is left (half a booking) can't hold another.
    const leftMinor = creditsMinor - priceMinor;
    expectRefused(
      await book(t, agent, bookingBody(offer)),
      `This booking (${usd(priceMinor)}) is more than your available credits allow in live holds (${usd(leftMinor)}). Add credits first.`,
      { limit: 'hold_value', held: money(0), booking_total: money(priceMinor), allowed: money(leftMinor) },
    );
    await addCredits(t.store.db, agent.companyId, priceMinor);
    await bookOk(t, agent, bookingBody(offer));
  });

  it('lets through exactly the holds the credits cover when they arrive at once', async () => {
    const { agent, offer } = await agencyCovering(3.5, '2027-01-13');
    const key = flightOf(offer);
    const sold = await seatsSold(t.store.db, key);

    const answers = await Promise.all(Array.from({ length: 20 }, () => book(t, agent, bookingBody(offer))));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused.every((res) => res.statusCode === 409 && res.json().data.limit === 'hold_value')).toBe(
      true,
    );
    expect(await seatsSold(t.store.db, key)).toBe(sold + 3);
  });

  it('does not count a hold past its deadline, even before the sweep expires it', async () => {
    let { agent, offer } = await agencyCovering(1, '2027-01-20');
    const first = await bookOk(t, agent, bookingBody(offer));
    expect((await book(t, agent, bookingBody(offer))).statusCode).toBe(409);

    t.clock.set(new Date(Date.parse(first.ticketing_deadline) + 1_000));
    agent = await signInAgain(t, agent);
    offer = await searchOffer(t, agent, { date: '2027-01-20' });
    await bookOk(t, agent, bookingBody(offer));
    const row = await t.store.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('booked');
  });
});

describe.each(storeKinds())('configured hold limits on %s', (kind) => {
  const MAX_SEATS = 3;
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      config: testConfig({ holdValueRatio: 2, maxHeldSeatsPerFlight: MAX_SEATS }),
    });
    off = await createTestApp(kind, { config: testConfig({ holdValueRatio: 0 }) });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  /** Offers of the same flight for each mix. */
  async function sameFlight(agent: Agent, date: string, mixes: Mix[]): Promise<PricedItinerary[]> {
    const offers = await Promise.all(mixes.map((mix) => searchOffer(t, agent, { date, mix })));
    for (const offer of offers) expect(flightOf(offer).flight).toBe(flightOf(offers[0]!).flight);
    return offers;
  }

  it('holds at most HOLD_VALUE_RATIO times the available credits', async () => {
    const agent = await bookingAgent(t);
    const offer = await searchOffer(t, agent, { date: '2027-01-14' });
    const priceMinor = minorOf(totalOf(offer));
    await addCredits(t.store.db, agent.companyId, priceMinor);

    // Ratio 2: credits for one ticket hold two bookings, not three.
    const first = await bookOk(t, agent, bookingBody(offer));
    await bookOk(t, agent, bookingBody(offer));
    expectRefused(
      await book(t, agent, bookingBody(offer)),
      `Your live holds would exceed your available credits: ${usd(2 * priceMinor)} held already plus ${usd(priceMinor)} for this booking is more than the ${usd(2 * priceMinor)} they allow. Issue or cancel a hold first.`,
      {
        limit: 'hold_value',
        held: money(2 * priceMinor),
        booking_total: money(priceMinor),
        allowed: money(2 * priceMinor),
      },
    );
    expect((await cancel(t, agent, first)).statusCode).toBe(200);
    await bookOk(t, agent, bookingBody(offer));
  });

  it('turns the value bound off with HOLD_VALUE_RATIO=0', async () => {
    const agent = await bookingAgent(off);
    const offer = await searchOffer(off, agent, { date: '2027-01-14' });
    await bookOk(off, agent, bookingBody(offer));
    await bookOk(off, agent, bookingBody(offer));
  });

  it('holds at most MAX_HELD_SEATS_PER_FLIGHT unticketed seats on one flight per agency', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 100_000_000 });
    const date = '2027-01-15';
    const [pair, single, withInfant] = await sameFlight(agent, date, [
      TWO_ADULTS,
      ONE_ADULT,
      ADULT_AND_INFANT,
    ]);
    const key = flightOf(pair!);

    const two = await bookOk(t, agent, bookingBody(pair!, TWO_ADULTS));
    // The infant sits on a lap: 3 seats held.
    await bookOk(t, agent, bookingBody(withInfant!, ADULT_AND_INFANT));
    const sold = await seatsSold(t.store.db, key);
    expectRefused(
      await book(t, agent, bookingBody(single!)),
      `Your agency already holds 3 seats on flight ${key.flight} on ${date}; at most ${MAX_SEATS} unticketed seats per flight. Issue or cancel a hold first.`,
      {
        limit: 'held_seats_per_flight',
        flight: key.flight,
        date,
        held_seats: 3,
        booking_seats: 1,
        max_seats: MAX_SEATS,
      },
    );
    expect(await seatsSold(t.store.db, key)).toBe(sold);

    // Another agency, or another day of the flight, has room of its own.
    const other = await bookingAgent(t, { creditsMinor: 100_000_000 });
    await bookOk(t, other, bookingBody(await searchOffer(t, other, { date })));
    await bookOk(t, agent, bookingBody(await searchOffer(t, agent, { date: '2027-01-16' })));

    // Ticketed seats are no longer held: issuing the pair makes room for two more.
    await issueOk(t, agent, two.pnr);
    await bookOk(t, agent, bookingBody(single!));
    await bookOk(t, agent, bookingBody(single!));
    expect((await book(t, agent, bookingBody(single!))).statusCode).toBe(409);
  });

  it('refuses a single booking of more seats than the cap', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 100_000_000 });
    const date = '2027-01-17';
    const mix: Mix = { adults: 4, children: 0, infants: 0 };
    const offer = await searchOffer(t, agent, { date, mix });
    const key = flightOf(offer);
    expectRefused(
      await book(t, agent, bookingBody(offer, mix)),
      `This booking's 4 seats on flight ${key.flight} on ${date} are more than the ${MAX_SEATS} unticketed seats an agency may hold on one flight.`,
      {
        limit: 'held_seats_per_flight',
        flight: key.flight,
        date,
        held_seats: 0,
        booking_seats: 4,
        max_seats: MAX_SEATS,
      },
    );
  });

  it('lets through exactly the seats the cap allows when holds arrive at once', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 100_000_000 });
    const offer = await searchOffer(t, agent, { date: '2027-01-18' });
    const key = flightOf(offer);
    const sold = await seatsSold(t.store.db, key);

    const answers = await Promise.all(Array.from({ length: 20 }, () => book(t, agent, bookingBody(offer))));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(MAX_SEATS);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(
      refused.every((res) => res.statusCode === 409 && res.json().data.limit === 'held_seats_per_flight'),
    ).toBe(true);
    expect(await seatsSold(t.store.db, key)).toBe(sold + MAX_SEATS);
  });
});
