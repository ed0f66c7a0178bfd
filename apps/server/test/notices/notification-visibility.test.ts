import type { AddressInfo } from 'node:net';
import {
  LIVE_PATH,
  NOTIFICATION_KINDS,
  NOTIFICATION_PERMISSION,
  type Notification,
  type NotificationKind,
  type Permission,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/modules/notices/notify.js';
import { ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, bookingBody, bookOk, searchOffer } from '../support/bookings.js';
import { addRole, addUser } from '../support/colleague.js';
import { LiveTestClient } from '../support/live-client.js';
import { staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';

/**
 * A notification tells what its screen would — a ticketed booking's PNR and amount, a deposit — so
 * it reaches only the users who may open that screen: for every kind, a user whose role lacks the
 * kind's permission (NOTIFICATION_PERMISSION) neither lists it, counts it on the bell, nor receives
 * it live; a role limited to its own bookings sees a booking's notifications only for the bookings
 * its user made. Generated over every kind, so a new kind is covered the day it is added.
 */

/** The kinds written about one booking (the bookings' and refunds' notify calls pass it). */
const BOOKING_KINDS: NotificationKind[] = [
  'booking_ticketed',
  'hold_expiring',
  'hold_expired',
  'refund_approved',
  'refund_rejected',
];

const GATES = [...new Set(Object.values(NOTIFICATION_PERMISSION).filter((gate) => gate !== null))];

type Reader = { name: string; token: string; permissions: Permission[] | 'owner'; ownOnly?: boolean };

describe.each(storeKinds())('who sees which notification on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let readers: Reader[];
  /** A booking the owner made, and one the own-bookings user made. */
  let ownersBooking: string;
  let theirBooking: string;
  let ownOnlyUserId: string;
  const sockets: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await bookingAgent(t, { creditsMinor: 1_000_000 });
    const reader = async (name: string, permissions: Permission[], ownOnly = false) => {
      const role = await addRole(t, owner.companyId, permissions, ownOnly ? 'own' : 'all');
      const user = await addUser(t, owner.companyId, role);
      return { user, reader: { name, token: (await staffSession(t, user)).token, permissions, ownOnly } };
    };
    const ownOnly = await reader('own bookings only', ['bookings.view'], true);
    ownOnlyUserId = ownOnly.user.id;
    readers = [
      { name: 'owner', token: owner.token, permissions: 'owner' },
      (await reader('no permission', [])).reader,
      ...(await Promise.all(GATES.map(async (gate) => (await reader(`only ${gate}`, [gate])).reader))),
      ownOnly.reader,
    ];
    const made = await Promise.all(
      [0, 1].map(async () => bookOk(t, owner, bookingBody(await searchOffer(t, owner)))),
    );
    ownersBooking = made[0]!.id;
    theirBooking = made[1]!.id;
    await t.store.db
      .updateTable('bookings')
      .set({ created_by: ownOnlyUserId })
      .where('id', '=', theirBooking)
      .execute();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate();
    await t?.close();
  });

  /** One notification of every kind to the whole agency, a booking's kinds about each booking. */
  async function tellEveryKind(round: string) {
    const written: { kind: NotificationKind; title: string; bookingId?: string }[] = [];
    for (const notificationKind of NOTIFICATION_KINDS) {
      const about = BOOKING_KINDS.includes(notificationKind) ? [ownersBooking, theirBooking] : [undefined];
      for (const bookingId of about) {
        const title = `${round} ${notificationKind} ${bookingId === theirBooking ? 'theirs' : 'owners'}`;
        t.clock.advance(1_000);
        await notify(t.store.db, {
          companyId: owner.companyId,
          userId: null,
          kind: notificationKind,
          title,
          body: title,
          link: null,
          ...(bookingId ? { bookingId } : {}),
          at: t.clock.now(),
        });
        written.push({ kind: notificationKind, title, ...(bookingId ? { bookingId } : {}) });
      }
    }
    return written;
  }

  const mayRead = (reader: Reader, notice: { kind: NotificationKind; bookingId?: string }) => {
    if (reader.permissions === 'owner') return true;
    const gate = NOTIFICATION_PERMISSION[notice.kind];
    if (gate && !reader.permissions.includes(gate)) return false;
    return !reader.ownOnly || !notice.bookingId || notice.bookingId === theirBooking;
  };

  it('lists and counts for each user only the kinds their role may see', async () => {
    const written = await tellEveryKind('listed');
    for (const reader of readers) {
      const seen = await ok<Notification[]>(get(t, '/api/notification?limit=100', { token: reader.token }));
      const expected = written.filter((notice) => mayRead(reader, notice)).map((notice) => notice.title);
      expect(seen.map((notice) => notice.title).sort(), reader.name).toEqual(expected.sort());
      const summary = await ok<{ unread: number }>(
        get(t, '/api/notification/summary', { token: reader.token }),
      );
      expect(summary.unread, reader.name).toBe(expected.length);
    }
    // The gate is not vacuous: someone is kept from something, and someone sees each kind.
    expect(readers.some((reader) => written.some((notice) => !mayRead(reader, notice)))).toBe(true);
  });

  it('pushes each kind live only to the sockets that may see it', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const open = await Promise.all(
      readers.map(async (reader) => {
        const client = await LiveTestClient.connect(
          `ws://127.0.0.1:${port}${LIVE_PATH}`,
          `http://127.0.0.1:${port}`,
        );
        sockets.push(client);
        await client.signIn(reader.token);
        return { reader, client };
      }),
    );
    const written = await tellEveryKind('live');
    // The owner sees everything: once the last one reached it, every push has been decided.
    const ownerClient = open.find(({ reader }) => reader.permissions === 'owner')!.client;
    await ownerClient.frame('notification', written.length, 5_000);
    for (const { reader, client } of open) {
      const expected = written.filter((notice) => mayRead(reader, notice)).map((notice) => notice.title);
      expect(
        client
          .notifications()
          .map((notice) => notice.title)
          .sort(),
        reader.name,
      ).toEqual(expected.sort());
    }
  });
});
