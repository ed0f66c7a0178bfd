import type { Booking, PricedItinerary } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  searchOffers,
  segmentsOf,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';
import { callAs } from './analytics-calls.js';

/**
 * Issue 15, the dashboard's lists: `GET /api/booking/company/{id}` filters by the first
 * departure's date as the itinerary prints it (airport-local: a morning flight out of Sydney
 * leaves on the previous day in UTC) and sorts by ticketing deadline or by departure.
 */

const HOUR_MS = 3_600_000;

describe.each(storeKinds())('the bookings list by departure and deadline on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  /** Held in this order: 12, 10 and 11 days ahead from London, then a Sydney morning 11 days ahead. */
  const held: { booking: Booking; offer: PricedItinerary }[] = [];
  const dayIn = (days: number) =>
    new Date(t.clock.now().getTime() + days * 24 * HOUR_MS).toISOString().slice(0, 10);
  let sydneyDay: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const days = [dayIn(12), dayIn(10), dayIn(11)];
    for (const date of days) {
      const [offer] = await searchOffers(t, agent, { date });
      held.push({ booking: await bookOk(t, agent, bookingBody(offer!)), offer: offer! });
      // Each hold minutes after the one before: their ticketing deadlines are as far apart.
      t.clock.advance(5 * 60_000);
    }
    // A morning out of Sydney (UTC+11 in summer): before 11:00 there it is still the day before in UTC.
    sydneyDay = dayIn(11);
    const offers = await searchOffers(t, agent, {
      origin: 'SYD',
      destination: 'SIN',
      date: sydneyDay,
      maxStops: 1,
    });
    const morning = offers.find(
      (offer) =>
        segmentsOf(offer)[0]!.DepartureUTCOffset === '+11:00' &&
        segmentsOf(offer)[0]!.DepartureDateTime.slice(11, 13) < '11',
    );
    if (!morning) throw new Error('no Sydney morning departure found');
    held.push({ booking: await bookOk(t, agent, bookingBody(morning)), offer: morning });
  }, 120_000);
  afterAll(async () => t?.close());

  async function list(query: string): Promise<Booking[]> {
    const res = await callAs(t, agent, 'GET', `/api/booking/company/${agent.companyId}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  const pnrs = (bookings: Booking[]) => bookings.map((booking) => booking.pnr);
  const pnrOf = (index: number) => held[index]!.booking.pnr;

  it("filters on the first departure's local date, both ends inclusive", async () => {
    expect(pnrs(await list(`departs_from=${dayIn(10)}&departs_to=${dayIn(10)}`))).toEqual([pnrOf(1)]);
    expect(new Set(pnrs(await list(`departs_from=${dayIn(11)}&departs_to=${dayIn(12)}`)))).toEqual(
      new Set([pnrOf(0), pnrOf(2), pnrOf(3)]),
    );
    expect(new Set(pnrs(await list(`departs_from=${dayIn(11)}`)))).toEqual(
      new Set([pnrOf(0), pnrOf(2), pnrOf(3)]),
    );
    expect(pnrs(await list(`departs_to=${dayIn(10)}`))).toEqual([pnrOf(1)]);
    expect(await list(`departs_from=${dayIn(13)}`)).toEqual([]);
  });

  it('takes the date the itinerary prints, not the UTC one', async () => {
    const sydney = held[3]!;
    const first = segmentsOf(sydney.offer)[0]!;
    expect(first.DepartureDateTime.slice(0, 10)).toBe(sydneyDay);
    const utcDay = new Date(`${first.DepartureDateTime}${first.DepartureUTCOffset}`)
      .toISOString()
      .slice(0, 10);
    expect(utcDay < sydneyDay).toBe(true);
    expect(pnrs(await list(`departs_from=${sydneyDay}&departs_to=${sydneyDay}`))).toContain(
      sydney.booking.pnr,
    );
    expect(pnrs(await list(`departs_from=${utcDay}&departs_to=${utcDay}`))).not.toContain(sydney.booking.pnr);
  });

  it('sorts by departure, by deadline, or newest first', async () => {
    const departure = pnrs(await list('sort=departure'));
    const departsAt = (offer: PricedItinerary) => {
      const first = segmentsOf(offer)[0]!;
      return Date.parse(`${first.DepartureDateTime}${first.DepartureUTCOffset}`);
    };
    const byDeparture = [...held]
      .sort((a, b) => departsAt(a.offer) - departsAt(b.offer))
      .map((entry) => entry.booking.pnr);
    expect(departure).toEqual(byDeparture);
    // The holds' deadlines follow the order they were made in (minutes apart, a day long).
    expect(pnrs(await list('status=booked&sort=deadline'))).toEqual([pnrOf(0), pnrOf(1), pnrOf(2), pnrOf(3)]);
    expect(pnrs(await list('sort=created'))).toEqual([pnrOf(3), pnrOf(2), pnrOf(1), pnrOf(0)]);
    expect(pnrs(await list(''))).toEqual([pnrOf(3), pnrOf(2), pnrOf(1), pnrOf(0)]);
  });

  it('refuses a date that is not one, and an unknown order', async () => {
    for (const query of ['departs_from=2026-02-30', 'departs_to=tomorrow', 'sort=price']) {
      const res = await callAs(t, agent, 'GET', `/api/booking/company/${agent.companyId}?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });
});
