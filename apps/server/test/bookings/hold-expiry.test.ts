import type { Booking } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdExpirySweeper, sweepExpiredHolds } from '../../src/modules/bookings/booking/hold-expiry.js';
import { sandboxBookings } from '../../src/supplier/sandbox/index.js';
import { createTestApp, testConfig } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  flightOf,
  searchOffer,
  seatsSold,
  signInAgain,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

const HOUR_MS = 3_600_000;

describe.each(storeKinds())('holds past their ticketing deadline on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
  });
  afterAll(async () => t?.close());

  /** `count` one-adult holds on one flight, and that flight's key. */
  async function holds(count: number, date: string) {
    const offer = await searchOffer(t, agent, { date });
    const key = flightOf(offer);
    const before = await seatsSold(t.store.db, key);
    const booked: Booking[] = [];
    for (let i = 0; i < count; i++) booked.push(await bookOk(t, agent, bookingBody(offer)));
    expect(await seatsSold(t.store.db, key)).toBe(before + count);
    return { booked, key, before };
  }

  /** Moves the clock to just past the holds' deadline, with a session that still works then. */
  async function passDeadline(booked: Booking[]) {
    const latest = Math.max(...booked.map((booking) => Date.parse(booking.ticketing_deadline)));
    t.clock.set(new Date(latest + 1_000));
    agent = await signInAgain(t, agent);
  }

  const statusOf = async (booking: Booking) =>
    (
      await t.store.db
        .selectFrom('bookings')
        .select('status')
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow()
    ).status;

  it('expires due holds, gives their seats back and records it as the system', async () => {
    const { booked, key, before } = await holds(2, '2026-12-20');
    const notDue = Date.parse(booked[0]!.ticketing_deadline) - 1;
    expect(await sweepExpiredHolds(t.store.db, sandboxBookings, new Date(notDue))).toBe(0);

    await passDeadline(booked);
    expect(await sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now())).toBe(2);
    expect(await seatsSold(t.store.db, key)).toBe(before);
    const details = await get(t, `/api/booking/${booked[0]!.id}`, { token: agent.token });
    expect(details.json().data).toMatchObject({ status: 'expired', allowed_actions: [] });
    expect(details.json().data.history.at(-1)).toMatchObject({
      action: 'expired',
      from_status: 'booked',
      to_status: 'expired',
      actor: null,
      note: 'Not ticketed by the ticketing deadline; the seats were released',
      created_at: t.clock.now().toISOString(),
    });
    // Nothing is left to expire, and nothing expires twice.
    expect(await sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now())).toBe(0);
    expect(await seatsSold(t.store.db, key)).toBe(before);
  });

  it('is safe when two sweeps run at once: each hold expires once, its seats return once', async () => {
    const { booked, key, before } = await holds(6, '2026-12-21');
    await passDeadline(booked);
    const [first, second] = await Promise.all([
      sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now()),
      sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now()),
    ]);
    expect(first + second).toBe(6);
    expect(await seatsSold(t.store.db, key)).toBe(before);
    const events = await t.store.db
      .selectFrom('booking_events')
      .select('booking_id')
      .where('action', '=', 'expired')
      .where(
        'booking_id',
        'in',
        booked.map((booking) => booking.id),
      )
      .execute();
    expect(events).toHaveLength(6);
  });

  it('shows a due hold as expired when it is read before any sweep, everywhere', async () => {
    const { booked, key, before } = await holds(3, '2026-12-22');
    const [listed, fetched, viewed] = booked;
    await passDeadline(booked);
    const list = await get(t, `/api/booking/company/${agent.companyId}?status=booked`, {
      token: agent.token,
    });
    expect(list.json().data.map((booking: Booking) => booking.id)).not.toContain(listed!.id);
    expect(await statusOf(listed!)).toBe('expired');
    const byPnr = await post(t, '/api/booking-pnr', { pnr: fetched!.pnr }, { token: agent.token });
    expect(byPnr.json().data.status).toBe('expired');
    const details = await get(t, `/api/booking/${viewed!.id}`, { token: agent.token });
    expect(details.json().data.status).toBe('expired');
    expect(await seatsSold(t.store.db, key)).toBe(before);
    const credits = await get(t, '/api/booking-credits', { token: agent.token });
    expect(credits.json().data.reserved).toBe(0);
  });

  it('runs the sweep on a timer while the server listens, until it closes', async () => {
    const { booked, key, before } = await holds(1, '2026-12-23');
    await passDeadline(booked);
    const sweeper = holdExpirySweeper({
      db: t.store.db,
      supplier: sandboxBookings,
      clock: t.clock,
      log: t.app.log,
      intervalSeconds: 0.05,
      exclusively: t.store.exclusively,
    });
    await sweeper.start();
    try {
      const until = Date.now() + 5_000;
      while ((await statusOf(booked[0]!)) !== 'expired' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await sweeper.stop();
    }
    expect(await statusOf(booked[0]!)).toBe('expired');
    expect(await seatsSold(t.store.db, key)).toBe(before);
  });

  it('holds for the configured time', async () => {
    const short = await createTestApp(kind, { config: testConfig({ bookingHoldMinutes: 90 }) });
    try {
      const someone = await bookingAgent(short, { creditsMinor: 1_000_000 });
      const booking = await bookOk(short, someone, bookingBody(await searchOffer(short, someone)));
      expect(Date.parse(booking.ticketing_deadline) - Date.parse(booking.created_at)).toBe(1.5 * HOUR_MS);
    } finally {
      await short.close();
    }
  });
});
