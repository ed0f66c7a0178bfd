import { randomUUID } from 'node:crypto';
import {
  type Booking,
  BookingServices,
  MAX_EXTRA_BAGS,
  PERMISSIONS,
  type Permission,
  ServiceCatalog,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  searchOffer,
  segmentsOf,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 31: extra bags on sale before booking (GET /api/services?offer_id=), a booking's services
 * (GET /api/booking/{id}/services), and seats and bags added after issue, charged at once from the
 * credits (POST /api/booking/{id}/services).
 */
describe.each(storeKinds())('services on %s (issue 31)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let stranger: Agent;
  let theirs: Booking;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    stranger = await bookingAgent(t, { creditsMinor: 1_000_000 });
    theirs = await bookOk(t, stranger, bookingBody(await searchOffer(t, stranger)));
  });
  afterAll(async () => t?.close());

  it('offers bags per passenger and flight before booking: the allowance included, none for an infant', async () => {
    const offer = await searchOffer(t, agent, { mix: FAMILY, maxStops: 1 });
    const res = await get(t, `/api/services?offer_id=${encodeURIComponent(offer.offer_id)}`, {
      token: agent.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const catalog = ServiceCatalog.parse(res.json().data);
    expect(catalog).toMatchObject({ can_add: true, closed_reason: null });
    const segments = segmentsOf(offer);
    // Two adults and a child check bags; the infant (passenger 3) does not.
    expect(catalog.bags).toHaveLength(3 * segments.length);
    expect(catalog.bags.some((bag) => bag.passenger_index === 3)).toBe(false);
    for (const bag of catalog.bags) {
      const info = offer.AirItineraryPricingInfo.FareInfos.find(
        (entry) => entry.SegmentRef === bag.segment_index + 1,
      )!;
      expect(bag.included).toEqual({ pieces: info.Baggage.Pieces, weight_kg: info.Baggage.WeightKg });
      expect(bag.weight_kg).toBe(23);
      expect(bag.price.Amount).toBeGreaterThan(0);
      expect(Number.isInteger(bag.price.Amount)).toBe(true);
      expect(bag.max_quantity).toBe(MAX_EXTRA_BAGS);
    }
  });

  it('refuses an offer id that is not ours', async () => {
    const res = await get(t, '/api/services?offer_id=o1.nothing.at.all', { token: agent.token });
    expect(res.statusCode, res.body).toBe(422);
  });

  it('lists a held booking’s services, closed until it is ticketed', async () => {
    const booking = await bookOk(t, agent, bookingBody(await searchOffer(t, agent)));
    const res = await get(t, `/api/booking/${booking.id}/services`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    const data = BookingServices.parse(res.json().data);
    expect(data).toMatchObject({
      services: [],
      can_add: false,
      closed_reason: 'Seats and bags can be added here once the booking is ticketed',
    });
    expect(data.bags.every((bag) => bag.max_quantity === 0)).toBe(true);
  });

  it('answers 404 for another agency’s booking, exactly as for a missing one', async () => {
    for (const id of [theirs.id, randomUUID()]) {
      const res = await get(t, `/api/booking/${id}/services`, { token: agent.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: 'Booking not found' });
    }
  });

  const calls: [string, Permission, (who: Agent) => ReturnType<typeof get>][] = [
    [
      'GET /api/services',
      'bookings.create',
      async (who) =>
        get(t, `/api/services?offer_id=${encodeURIComponent((await searchOffer(t, agent)).offer_id)}`, {
          token: who.token,
        }),
    ],
    [
      'GET /api/booking/{id}/services',
      'bookings.view',
      (who) => get(t, `/api/booking/${theirs.id}/services`, { token: who.token }),
    ],
  ];
  it.each(calls)('%s needs %s', async (_call, permission, call) => {
    const limited = await agentWithPermissions(
      t,
      PERMISSIONS.filter((p) => p !== permission),
    );
    const res = await call(limited);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toContain(permission);
  });
});
