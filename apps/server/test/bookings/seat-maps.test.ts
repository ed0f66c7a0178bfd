import { randomUUID } from 'node:crypto';
import { type Booking, isSeat, PERMISSIONS, type Permission, type Seat, SeatMap } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  flightOf,
  searchOffer,
  segmentsOf,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

const seatsOf = (map: SeatMap): Seat[] =>
  map.cabins
    .filter((cabin) => cabin.bookable)
    .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)));

describe.each(storeKinds())('seat maps on %s (issue 31)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let stranger: Agent;
  let theirs: Booking;
  let ours: Booking;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
    stranger = await bookingAgent(t, { creditsMinor: 1_000_000 });
    theirs = await bookOk(t, stranger, bookingBody(await searchOffer(t, stranger)));
    ours = await bookOk(t, agent, bookingBody(await searchOffer(t, agent)));
  });
  afterAll(async () => t?.close());

  it('draws an offer’s map per flight: its aircraft, the fare’s cabin bookable, as many seats taken as sold', async () => {
    const offer = await searchOffer(t, agent, { mix: { adults: 1, children: 1, infants: 1 } });
    const res = await get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offer.offer_id)}`, {
      token: agent.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const maps = res.json().data.map((map: unknown) => SeatMap.parse(map)) as SeatMap[];
    const segments = segmentsOf(offer);
    expect(maps.map((map) => map.segment_index)).toEqual(segments.map((_, index) => index));
    expect(maps[0]!.aircraft.code).toBe(segments[0]!.Equipment.AirEquipType);
    const seats = seatsOf(maps[0]!);
    const flight = flightOf(offer);
    expect(seats.filter((seat) => seat.available)).toHaveLength(flight.seatsRemaining);
    const exit = seats.find((seat) => seat.available && seat.characteristics.includes('exit_row'));
    expect(exit?.restriction).toMatchObject({ code: 'exit_row', applies_to: ['child', 'adult_with_infant'] });
  });

  it('answers the same map twice, and a fuller one once seats are sold', async () => {
    const offer = await searchOffer(t, agent);
    const url = `/api/seat-maps?offer_id=${encodeURIComponent(offer.offer_id)}`;
    const first = (await get(t, url, { token: agent.token })).json().data;
    expect((await get(t, url, { token: agent.token })).json().data).toEqual(first);
    await bookOk(t, stranger, bookingBody(offer));
    const after = (await get(t, url, { token: agent.token })).json().data as SeatMap[];
    const free = (maps: SeatMap[]) => seatsOf(maps[0]!).filter((seat) => seat.available).length;
    expect(free(after)).toBe(free(first) - 1);
  });

  it('refuses an offer id that is not ours', async () => {
    const res = await get(t, '/api/seat-maps?offer_id=o1.nothing.at.all', { token: agent.token });
    expect(res.statusCode, res.body).toBe(422);
  });

  it('draws a booking’s maps for its agency', async () => {
    const res = await get(t, `/api/booking/${ours.id}/seat-maps`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(ours.segments.length);
  });

  it('answers 404 for another agency’s booking, exactly as for a missing one', async () => {
    for (const id of [theirs.id, randomUUID()]) {
      const res = await get(t, `/api/booking/${id}/seat-maps`, { token: agent.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: 'Booking not found' });
    }
  });

  const calls: [string, Permission, (who: Agent) => ReturnType<typeof get>][] = [
    [
      'GET /api/seat-maps',
      'bookings.create',
      async (who) =>
        get(t, `/api/seat-maps?offer_id=${encodeURIComponent((await searchOffer(t, agent)).offer_id)}`, {
          token: who.token,
        }),
    ],
    [
      'GET /api/booking/{id}/seat-maps',
      'bookings.view',
      (who) => get(t, `/api/booking/${ours.id}/seat-maps`, { token: who.token }),
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
