import type { Booking, Order, Permission } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalance } from '../../src/modules/payments/ledger-repo.js';
import { createTestApp } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  issue,
  issueOk,
  searchOffer,
} from '../support/bookings.js';
import { addRole, colleague } from '../support/colleague.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 13: a role whose bookings scope is 'own' reaches only the bookings its user made. Every
 * other booking of the agency answers 404 and is absent from lists, exactly as another agency's;
 * the scope is read live, so a role change applies without signing in again.
 */

const DESK: Permission[] = [
  'flights.search',
  'bookings.view',
  'bookings.create',
  'bookings.issue',
  'bookings.cancel',
  'bookings.refund',
  'history.view',
];
const REASON = 'Travel plans changed';

describe.each(storeKinds())('own bookings only on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let ownRole: string;
  let mine: Agent;
  let theirs: Agent;
  let seesAll: Agent;
  /** Made by `mine`: a hold and a ticketed booking; likewise by `theirs`. */
  let myHold: Booking;
  let myTicketed: Booking;
  let theirHold: Booking;
  let theirTicketed: Booking;

  const bookAndIssue = async (agent: Agent) => {
    const offer = await searchOffer(t, agent);
    const hold = await bookOk(t, agent, bookingBody(offer));
    const ticketed = await issueOk(t, agent, (await bookOk(t, agent, bookingBody(offer))).pnr);
    return { hold, ticketed };
  };
  const listed = async (agent: Agent) => {
    const res = await get(t, `/api/booking/company/${agent.companyId}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Booking[]).map((booking) => booking.pnr).sort();
  };
  const ordersOf = async (agent: Agent) => {
    const res = await get(t, '/api/orders/company', { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return [...new Set((res.json().data as Order[]).map((order) => order.pnr))].sort();
  };
  const pnrs = (...bookings: Booking[]) => bookings.map((booking) => booking.pnr).sort();
  const statusOf = async (booking: Booking) =>
    (
      await t.store.db
        .selectFrom('bookings')
        .select('status')
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t, { creditsMinor: 5_000_000 });
    ownRole = await addRole(t, owner.companyId, DESK, 'own');
    mine = await colleague(t, owner, ownRole);
    theirs = await colleague(t, owner, ownRole);
    seesAll = await colleague(t, owner, await addRole(t, owner.companyId, DESK, 'all'));
    ({ hold: myHold, ticketed: myTicketed } = await bookAndIssue(mine));
    ({ hold: theirHold, ticketed: theirTicketed } = await bookAndIssue(theirs));
  });
  afterAll(async () => t?.close());

  it('lists only the user’s own bookings and orders; an agency-wide role and the owner see them all', async () => {
    expect(await listed(mine)).toEqual(pnrs(myHold, myTicketed));
    expect(await listed(theirs)).toEqual(pnrs(theirHold, theirTicketed));
    expect(await ordersOf(mine)).toEqual(pnrs(myTicketed));
    const everything = pnrs(myHold, myTicketed, theirHold, theirTicketed);
    for (const agent of [seesAll, owner]) {
      expect(await listed(agent)).toEqual(everything);
      expect(await ordersOf(agent)).toEqual(pnrs(myTicketed, theirTicketed));
    }
  });

  it('answers 404 to every read and action on a colleague’s booking, and nothing changes', async () => {
    const token = { token: mine.token };
    const notFound = { status: false, message: 'Booking not found' };
    const balanceBefore = await readBalance(t.store.db, owner.companyId);
    const answers = [
      await get(t, `/api/booking/${theirTicketed.id}`, token),
      await get(t, `/api/booking/${theirTicketed.id}/ticket.pdf`, token),
      await post(t, '/api/booking-pnr', { pnr: theirTicketed.pnr }, token),
      await post(t, '/api/getPenalty', { booking_id: theirTicketed.id }, token),
      await post(t, '/api/request-ticket-refund', { booking_id: theirTicketed.id, reason: REASON }, token),
      await post(t, '/api/request-cancel-booking', { booking_id: theirTicketed.id, reason: REASON }, token),
      await post(t, '/api/request-cancel-booking', { booking_id: theirHold.id, reason: REASON }, token),
      await issue(t, mine, theirHold.pnr),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect(await statusOf(theirHold)).toBe('booked');
    expect(await statusOf(theirTicketed)).toBe('ticketed');
    expect(await readBalance(t.store.db, owner.companyId)).toEqual(balanceBefore);
  });

  it('lets the user read and act on their own bookings', async () => {
    const token = { token: mine.token };
    expect((await get(t, `/api/booking/${myTicketed.id}`, token)).statusCode).toBe(200);
    expect((await get(t, `/api/booking/${myTicketed.id}/ticket.pdf`, token)).statusCode).toBe(200);
    expect((await post(t, '/api/booking-pnr', { pnr: myHold.pnr }, token)).statusCode).toBe(200);
    expect((await post(t, '/api/getPenalty', { booking_id: myTicketed.id }, token)).statusCode).toBe(200);
    const cancelled = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: myHold.id, reason: REASON },
      token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const refund = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: myTicketed.id, reason: REASON },
      token,
    );
    expect(refund.statusCode, refund.body).toBe(200);
  });

  it('reads the scope live: the role turned agency-wide reaches every booking without signing in again', async () => {
    await t.store.db.updateTable('roles').set({ bookings_scope: 'all' }).where('id', '=', ownRole).execute();
    try {
      expect(await listed(mine)).toEqual(pnrs(myHold, myTicketed, theirHold, theirTicketed));
      expect((await get(t, `/api/booking/${theirTicketed.id}`, { token: mine.token })).statusCode).toBe(200);
    } finally {
      await t.store.db
        .updateTable('roles')
        .set({ bookings_scope: 'own' })
        .where('id', '=', ownRole)
        .execute();
    }
    expect((await get(t, `/api/booking/${theirTicketed.id}`, { token: mine.token })).statusCode).toBe(404);
  });
});
