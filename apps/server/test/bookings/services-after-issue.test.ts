import { randomUUID } from 'node:crypto';
import {
  type Booking,
  BookingServices,
  isSeat,
  MAX_EXTRA_BAGS,
  PERMISSIONS,
  type Permission,
  SERVER,
  type Seat,
  SeatMap,
  ServiceCatalog,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { createTestApp } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  addCredits,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  issueOk,
  ONE_ADULT,
  searchOffer,
  segmentsOf,
  signInAgain,
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

const HOUR_MS = 60 * 60 * 1000;
const minor = (amount: number) => Math.round(amount * 100);

const freeSeats = (map: SeatMap): Seat[] =>
  map.cabins
    .filter((cabin) => cabin.bookable)
    .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)))
    .filter((seat) => seat.available && !seat.restriction);

describe.each(storeKinds())('seats and bags after issue on %s (issue 31)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let stranger: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    stranger = await bookingAgent(t, { creditsMinor: 1_000_000 });
  });
  afterAll(async () => t?.close());

  const ticketed = async (who: Agent, date = '2026-12-20', mix = ONE_ADULT) => {
    const booking = await bookOk(t, who, bookingBody(await searchOffer(t, who, { date, mix }), mix));
    return issueOk(t, who, booking.pnr);
  };
  const servicesOf = async (who: Agent, id: string) => {
    const res = await get(t, `/api/booking/${id}/services`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return BookingServices.parse(res.json().data);
  };
  const mapOf = async (who: Agent, id: string, segment = 0) => {
    const res = await get(t, `/api/booking/${id}/seat-maps`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return SeatMap.parse(res.json().data[segment]);
  };
  const add = (who: Agent, id: string, services: unknown[], headers?: Record<string, string>) =>
    post(
      t,
      `/api/booking/${id}/services`,
      { services },
      { token: who.token, ...(headers ? { headers } : {}) },
    );
  const balanceOf = async (who: Agent) => (await readBalance(t.store.db, who.companyId)).balanceMinor;

  it('adds a bag and a seat, then changes the seat, each paid at once with its EMD and a statement line', async () => {
    const booking = await ticketed(agent);
    const before = await servicesOf(agent, booking.id);
    expect(before).toMatchObject({ services: [], can_add: true, closed_reason: null });
    const bag = before.bags.find((offer) => offer.passenger_index === 0 && offer.segment_index === 0)!;
    const [first, second] = freeSeats(await mapOf(agent, booking.id)).filter((seat) => seat.price);
    expect(first && second).toBeTruthy();

    const start = await balanceOf(agent);
    const res = await add(agent, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: first!.designator },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const added = BookingServices.parse(res.json().data);
    const paid = minor(bag.price.Amount) + minor(first!.price!.Amount);
    expect(await balanceOf(agent)).toBe(start - paid);
    // Issue 33: passed on to the client at their price — the selling price moves with the total.
    const after = (await get(t, `/api/booking/${booking.id}`, { token: agent.token })).json().data;
    expect(minor(after.selling.Amount) - minor(after.total.Amount)).toBe(
      minor(booking.selling!.Amount) - minor(booking.total.Amount),
    );
    expect(added.services).toHaveLength(2);
    for (const service of added.services) {
      expect(service.status).toBe('issued');
      expect(service.emd_number).toMatch(/^\d{13}$/);
    }
    expect(added.services.find((service) => service.type === 'seat')).toMatchObject({
      designator: first!.designator,
      amount: first!.price,
    });
    expect(added.services.find((service) => service.type === 'bag')).toMatchObject({
      quantity: 1,
      amount: bag.price,
    });
    // One more bag may be bought than before, less the one bought.
    expect(
      added.bags.find((offer) => offer.passenger_index === 0 && offer.segment_index === 0)?.max_quantity,
    ).toBe(MAX_EXTRA_BAGS - 1);
    const lines = await t.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor', 'note'])
      .where('booking_id', '=', booking.id)
      .orderBy('seq')
      .execute();
    expect(lines.at(-1)).toMatchObject({ kind: 'ticket', amount_minor: -paid });
    expect(lines.at(-1)!.note).toContain(booking.pnr);
    for (const service of added.services) expect(lines.at(-1)!.note).toContain(service.emd_number);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balanceOf(agent));

    // The seat changed: the old one is released (free again on the map), the new one paid in full.
    const change = await add(agent, booking.id, [
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: second!.designator },
    ]);
    expect(change.statusCode, change.body).toBe(200);
    const changed = BookingServices.parse(change.json().data);
    expect(await balanceOf(agent)).toBe(start - paid - minor(second!.price!.Amount));
    expect(
      changed.services.filter((service) => service.type === 'seat').map((s) => [s.designator, s.status]),
    ).toEqual(
      expect.arrayContaining([
        [first!.designator, 'released'],
        [second!.designator, 'issued'],
      ]),
    );
    const other = await ticketed(stranger);
    const theirMap = await mapOf(stranger, other.id);
    const seatOn = (map: SeatMap, designator: string) =>
      map.cabins
        .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)))
        .find((s) => s.designator === designator);
    expect(theirMap.flight).toBe((await mapOf(agent, booking.id)).flight);
    expect(seatOn(theirMap, first!.designator)?.available).toBe(true);
    expect(seatOn(theirMap, second!.designator)?.available).toBe(false);
  });

  it('answers 409 with the map as it is now for a seat another booking took', async () => {
    const mine = await ticketed(agent, '2026-12-21');
    const theirs = await ticketed(stranger, '2026-12-21');
    const [seat] = freeSeats(await mapOf(stranger, theirs.id));
    const took = await add(stranger, theirs.id, [
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: seat!.designator },
    ]);
    expect(took.statusCode, took.body).toBe(200);
    const start = await balanceOf(agent);
    const res = await add(agent, mine.id, [
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: seat!.designator },
    ]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This seat is taken');
    const map = SeatMap.parse(res.json().data.seat_map);
    expect(map.flight).toBe((await mapOf(agent, mine.id)).flight);
    expect(await balanceOf(agent)).toBe(start);
  });

  it('gives a seat two agents ask for at the same moment to one of them; the other gets 409 and the map', async () => {
    const [mine, theirs] = [await ticketed(agent, '2026-12-26'), await ticketed(stranger, '2026-12-26')];
    const [seat] = freeSeats(await mapOf(agent, mine.id));
    const ask = (who: Agent, id: string) =>
      add(who, id, [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat!.designator }]);
    const answers = await Promise.all([ask(agent, mine.id), ask(stranger, theirs.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((res) => res.statusCode === 409)!;
    expect(lost.json().message).toBe('This seat is taken');
    SeatMap.parse(lost.json().data.seat_map);
    const holders = await t.store.db
      .selectFrom('booking_services')
      .select('booking_id')
      .where('designator', '=', seat!.designator)
      .where('status', '=', 'issued')
      .where('booking_id', 'in', [mine.id, theirs.id])
      .execute();
    expect(holders).toHaveLength(1);
  });

  it("refuses a child's exit-row seat after issue with the rule in words (422), charging nothing", async () => {
    const mix = { adults: 1, children: 1, infants: 0 };
    const booking = await ticketed(agent, '2026-12-27', mix);
    const map = await mapOf(agent, booking.id);
    const exit = map.cabins
      .filter((cabin) => cabin.bookable)
      .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)))
      .find((seat) => seat.available && seat.restriction?.code === 'exit_row')!;
    expect(exit).toBeDefined();
    const start = await balanceOf(agent);
    const res = await add(agent, booking.id, [
      { type: 'seat', passenger_index: 1, segment_index: 0, designator: exit.designator },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().data.errors).toEqual({ 'services.0.designator': [exit.restriction!.message] });
    expect(await balanceOf(agent)).toBe(start);
    // The adult may sit there.
    const adult = await add(agent, booking.id, [
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: exit.designator },
    ]);
    expect(adult.statusCode, adult.body).toBe(200);
  });

  it('refuses a bag for an infant and more bags than the airline allows (422), charging nothing', async () => {
    const family = { adults: 1, children: 0, infants: 1 };
    const booking = await ticketed(agent, '2026-12-22', family);
    const start = await balanceOf(agent);
    const infant = await add(agent, booking.id, [
      { type: 'bag', passenger_index: 1, segment_index: 0, quantity: 1 },
    ]);
    expect(infant.statusCode, infant.body).toBe(422);
    expect(infant.json().message).toBe('An infant travels without extra bags');
    const many = await add(agent, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 2 },
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 2 },
    ]);
    expect(many.statusCode, many.body).toBe(422);
    expect(await balanceOf(agent)).toBe(start);
    expect((await servicesOf(agent, booking.id)).services).toEqual([]);
  });

  it("answers 402 'Insufficient credits' when the credits can't cover it, changing nothing", async () => {
    const poor = await bookingAgent(t, { creditsMinor: 5_000_000 });
    const booking = await ticketed(poor, '2026-12-23');
    const balance = await balanceOf(poor);
    await addCredits(t.store.db, poor.companyId, 100 - balance);
    const res = await add(poor, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 3 },
    ]);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().message).toBe(SERVER.insufficientCredits);
    expect(await balanceOf(poor)).toBe(100);
    expect(await ledgerSum(t.store.db, poor.companyId)).toBe(100);
    expect((await servicesOf(poor, booking.id)).services).toEqual([]);
  });

  it('charges once for a replay with the same Idempotency-Key', async () => {
    const booking = await ticketed(agent, '2026-12-24');
    const start = await balanceOf(agent);
    const body = [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 2 }];
    const headers = { 'idempotency-key': randomUUID() };
    const first = await add(agent, booking.id, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await add(agent, booking.id, body, headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const charged = start - (await balanceOf(agent));
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBe(minor(first.json().data.services[0].amount.Amount));
    expect((await servicesOf(agent, booking.id)).services).toHaveLength(1);
  });

  it('answers 404 for another agency’s booking and 403 without bookings.issue', async () => {
    const theirs = await ticketed(stranger, '2026-12-24');
    const body = [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 }];
    for (const id of [theirs.id, randomUUID()]) {
      const res = await add(agent, id, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ status: false, message: 'Booking not found' });
    }
    const limited = await agentWithPermissions(
      t,
      PERMISSIONS.filter((p) => p !== 'bookings.issue'),
    );
    const res = await add(limited, theirs.id, body);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toContain('bookings.issue');
  });

  // Last: it moves the clock to a day before the flight.
  it('closes within 24 hours of departure: 409 with the reason, and the catalog says so', async () => {
    const booking = await ticketed(agent, '2026-12-20');
    const segments = await t.store.db
      .selectFrom('booking_segments')
      .select('departs_at')
      .where('booking_id', '=', booking.id)
      .execute();
    const first = Math.min(...segments.map((segment) => segment.departs_at.getTime()));
    t.clock.set(new Date(first - 23 * HOUR_MS));
    const fresh = await signInAgain(t, agent);
    const start = await balanceOf(fresh);
    const catalog = await servicesOf(fresh, booking.id);
    expect(catalog).toMatchObject({
      can_add: false,
      closed_reason: 'Seats and bags can be added until 24 hours before departure',
    });
    expect(catalog.bags.every((offer) => offer.max_quantity === 0)).toBe(true);
    const res = await add(fresh, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Seats and bags can be added until 24 hours before departure');
    expect(await balanceOf(fresh)).toBe(start);
  });
});
