import { type Booking, instantTextWithZone, type NotificationKind } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyTimeZone } from '../../src/modules/bookings/booking/agency-zone-repo.js';
import { sweepExpiredHolds } from '../../src/modules/bookings/booking/hold-expiry.js';
import { HOLD_WARNING_MS, warnExpiringHolds } from '../../src/modules/bookings/booking/hold-notices.js';
import { sandboxBookings } from '../../src/supplier/sandbox/index.js';
import { notificationsOf } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  addCredits,
  bookingAgent,
  bookingBody,
  bookOk,
  issue,
  issueOk,
  searchOffer,
} from '../support/bookings.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 14: the bookings' notifications, each written in the transaction of the change it reports
 * and exactly once — tickets issued (to the agency, read already by the issuer), a hold about to
 * expire (2 hours before its deadline, by the hold sweep) and a hold expired (whichever path
 * expires it), these two to the user who made the hold while they can sign in, else the agency.
 */

describe.each(storeKinds())('the bookings notifications on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const detailsLink = (booking: Booking) => `/dashboard/booking-details?id=${booking.id}`;

  /** The notifications of one booking, by kind: who they are for, as stored. */
  const noticesOf = (booking: Booking, notificationKind: NotificationKind) =>
    t.store.db
      .selectFrom('notifications')
      .select(['id', 'company_id', 'user_id', 'title', 'body', 'created_at'])
      .where('link', '=', detailsLink(booking))
      .where('kind', '=', notificationKind)
      .execute();

  async function hold(agent: Agent, date = '2026-12-20') {
    const offer = await searchOffer(t, agent, { date });
    return bookOk(t, agent, bookingBody(offer));
  }

  const deadlineOf = (booking: Booking) => Date.parse(booking.ticketing_deadline);

  it('tells the agency once when tickets are issued, read already by whoever issued them', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const colleague = await staffSession(t, await staffMember(t, agent.companyId, ['bookings.view']));
    const held = await hold(agent);
    expect(await noticesOf(held, 'booking_ticketed')).toEqual([]);

    const ticketed = await issueOk(t, agent, held.pnr);
    const notices = await noticesOf(held, 'booking_ticketed');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      company_id: agent.companyId,
      user_id: null,
      title: `Booking ${held.pnr} ticketed`,
    });
    expect(notices[0]!.body).toContain(`${ticketed.tickets.length} ticket`);

    const issuers = (await notificationsOf(t, agent)).find((notice) => notice.id === notices[0]!.id);
    expect(issuers).toMatchObject({ kind: 'booking_ticketed', link: detailsLink(held) });
    expect(issuers?.read_at).not.toBeNull();
    const colleagues = (await notificationsOf(t, colleague)).find((notice) => notice.id === notices[0]!.id);
    expect(colleagues?.read_at).toBeNull();

    // A second issue is refused (409) and tells nobody again.
    expect((await issue(t, agent, held.pnr)).statusCode).toBe(409);
    expect(await noticesOf(held, 'booking_ticketed')).toHaveLength(1);
  });

  it('tells nobody of tickets that were not issued', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const held = await hold(agent);
    // The credits are spent elsewhere meanwhile: the tickets can't be paid.
    await addCredits(t.store.db, agent.companyId, -9_999_900);
    const refused = await issue(t, agent, held.pnr);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(await noticesOf(held, 'booking_ticketed')).toEqual([]);
  });

  it('warns of a hold 2 hours before its deadline, once, to the user who made it', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const held = await hold(agent);
    const deadline = deadlineOf(held);

    // Earlier than 2 hours before: nothing yet.
    await warnExpiringHolds(t.store.db, new Date(deadline - HOLD_WARNING_MS - 60_000));
    expect(await noticesOf(held, 'hold_expiring')).toEqual([]);

    const at = new Date(deadline - HOLD_WARNING_MS + 60_000);
    await Promise.all([warnExpiringHolds(t.store.db, at), warnExpiringHolds(t.store.db, at)]);
    const warned = await noticesOf(held, 'hold_expiring');
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({
      company_id: agent.companyId,
      user_id: agent.user.id,
      title: `Hold on booking ${held.pnr} expires in 1h 59m`,
      // The deadline in the agency's zone, named, as docs/architecture.md §8 writes a moment.
      body: `Booking ${held.pnr} is held until ${instantTextWithZone(new Date(deadline), await agencyTimeZone(t.store.db, agent.companyId))}. Issue its tickets before then, or the seats are released.`,
    });
    const row = await t.store.db
      .selectFrom('bookings')
      .select('expiry_warned_at')
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(row.expiry_warned_at?.toISOString()).toBe(at.toISOString());

    // Later runs, up to the deadline, say nothing more.
    await warnExpiringHolds(t.store.db, new Date(deadline - 60_000));
    expect(await noticesOf(held, 'hold_expiring')).toHaveLength(1);
  });

  it('warns of no hold that is ticketed, and of none already past its deadline', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const ticketed = await hold(agent);
    await issueOk(t, agent, ticketed.pnr);
    const late = await hold(agent, '2026-12-21');
    await warnExpiringHolds(t.store.db, new Date(deadlineOf(late) + 1_000));
    expect(await noticesOf(late, 'hold_expiring')).toEqual([]);
    await warnExpiringHolds(t.store.db, new Date(deadlineOf(ticketed) - 60_000));
    expect(await noticesOf(ticketed, 'hold_expiring')).toEqual([]);
  });

  it('tells the user who made a hold that it expired, once, whether the sweep or a read expires it', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const swept = await hold(agent);
    const read = await hold(agent, '2026-12-21');
    const past = Math.max(deadlineOf(swept), deadlineOf(read)) + 1_000;

    // A read past the deadline expires it before answering.
    t.clock.set(new Date(past));
    const session = await staffSession(t, agent.user);
    const details = await get(t, `/api/booking/${read.id}`, { token: session.token });
    expect(details.json().data.status).toBe('expired');
    await get(t, `/api/booking/${read.id}`, { token: session.token });
    const readNotices = await noticesOf(read, 'hold_expired');
    expect(readNotices).toHaveLength(1);
    expect(readNotices[0]).toMatchObject({
      user_id: agent.user.id,
      title: `Hold on booking ${read.pnr} expired`,
    });

    await Promise.all([
      sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now()),
      sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now()),
    ]);
    await sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now());
    expect(await noticesOf(swept, 'hold_expired')).toHaveLength(1);
    expect(await noticesOf(read, 'hold_expired')).toHaveLength(1);
  });

  it('tells the whole agency of a hold whose maker can no longer sign in', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const maker = await staffMember(t, agent.companyId, [
      'flights.search',
      'bookings.create',
      'bookings.view',
    ]);
    const makerSession = await staffSession(t, maker);
    const offer = await searchOffer(t, { ...agent, token: makerSession.token });
    const held = await bookOk(t, { ...agent, token: makerSession.token }, bookingBody(offer));
    await t.store.db.updateTable('users').set({ is_active: false }).where('id', '=', maker.id).execute();

    await warnExpiringHolds(t.store.db, new Date(deadlineOf(held) - 60_000));
    expect(await noticesOf(held, 'hold_expiring')).toMatchObject([{ user_id: null }]);
    await sweepExpiredHolds(t.store.db, sandboxBookings, new Date(deadlineOf(held) + 1_000));
    expect(await noticesOf(held, 'hold_expired')).toMatchObject([{ user_id: null }]);
  });
});
