import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  book,
  bookingAgent,
  bookingBody,
  bookOk,
  flightOf,
  issue,
  searchOffer,
  seatsSold,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

describe.each(storeKinds())('retried booking writes on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
  });
  afterAll(async () => t?.close());

  const bookingsOf = async () =>
    t.store.db.selectFrom('bookings').select('id').where('company_id', '=', agent.companyId).execute();

  it('books once for a retried POST /api/booking with the same Idempotency-Key', async () => {
    const offer = await searchOffer(t, agent, { date: '2026-12-20' });
    const key = flightOf(offer);
    const before = { seats: await seatsSold(t.store.db, key), bookings: (await bookingsOf()).length };
    const body = bookingBody(offer);
    const headers = { 'idempotency-key': randomUUID() };
    const first = await book(t, agent, body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await book(t, agent, body, headers);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await seatsSold(t.store.db, key)).toBe(before.seats + 1);
    expect(await bookingsOf()).toHaveLength(before.bookings + 1);
  });

  it('books once when the same key arrives twice at the same time', async () => {
    const offer = await searchOffer(t, agent, { date: '2026-12-21' });
    const key = flightOf(offer);
    const before = { seats: await seatsSold(t.store.db, key), bookings: (await bookingsOf()).length };
    const body = bookingBody(offer);
    const headers = { 'idempotency-key': randomUUID() };
    const answers = await Promise.all([book(t, agent, body, headers), book(t, agent, body, headers)]);
    expect(answers.map((res) => res.statusCode)).toContain(201);
    for (const res of answers) expect([201, 409]).toContain(res.statusCode);
    expect(await seatsSold(t.store.db, key)).toBe(before.seats + 1);
    expect(await bookingsOf()).toHaveLength(before.bookings + 1);
  });

  it('debits and tickets once for a retried POST /api/booking-issue with the same Idempotency-Key', async () => {
    const booking = await bookOk(t, agent, bookingBody(await searchOffer(t, agent, { date: '2026-12-22' })));
    const balance = (await readBalance(t.store.db, agent.companyId)).balanceMinor;
    const headers = { 'idempotency-key': randomUUID() };
    const first = await issue(t, agent, booking.pnr, headers);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await issue(t, agent, booking.pnr, headers);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());

    const total = Math.round(booking.total.Amount * 100);
    expect((await readBalance(t.store.db, agent.companyId)).balanceMinor).toBe(balance - total);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(balance - total);
    const tickets = await t.store.db
      .selectFrom('tickets')
      .select('ticket_number')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(tickets).toHaveLength(1);
    const orders = await t.store.db
      .selectFrom('orders')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(orders).toHaveLength(1);
  });
});
