import { randomUUID } from 'node:crypto';
import { NOTIFICATION_LIST_LIMIT, type Notification } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/modules/notices/notify.js';
import { ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, onboardedOwner, type SignedIn, type TestApp } from '../support/auth-flow.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';

/** docs/api.md#support-notices-analytics: an agency's notifications, to the whole company or one user. */

describe.each(storeKinds())('notifications on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const list = (user: SignedIn) => ok<Notification[]>(get(t, '/api/notification', { token: user.token }));
  const read = (user: Pick<SignedIn, 'token'>, id: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/notification/${id}/read`,
      headers: { authorization: `Bearer ${user.token}` },
    });
  const tell = async (companyId: string, userId: string | null, title: string) => {
    t.clock.advance(1_000);
    await notify(t.store.db, {
      companyId,
      userId,
      kind: 'credits_adjusted',
      title,
      body: `${title}, in detail`,
      link: null,
      at: t.clock.now(),
    });
  };

  it("shows a user the company's notifications and their own, newest first, to any agency user", async () => {
    // Not approved yet (e-mail verified): notifications are for every agency, whatever its state.
    const owner = await onboardedOwner(t);
    const stranger = await onboardedOwner(t);
    const colleague = await t.store.db
      .insertInto('users')
      .values({
        company_id: owner.user.company_id,
        role_id: (
          await t.store.db
            .selectFrom('users')
            .select('role_id')
            .where('id', '=', owner.user.id)
            .executeTakeFirstOrThrow()
        ).role_id,
        name: 'Colleague',
        email: `colleague.${randomUUID()}@agency.test`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tell(owner.user.company_id, null, 'To everyone');
    await tell(owner.user.company_id, owner.user.id, 'To the owner');
    await tell(owner.user.company_id, colleague.id, 'To the colleague');
    await tell(stranger.user.company_id, null, 'To another agency');

    const seen = await list(owner);
    expect(seen.map((notice) => notice.title)).toEqual(['To the owner', 'To everyone']);
    expect(seen[0]).toEqual({
      id: expect.any(String),
      kind: 'credits_adjusted',
      title: 'To the owner',
      body: 'To the owner, in detail',
      link: null,
      read_at: null,
      created_at: new Date(t.clock.now().getTime() - 2_000).toISOString(),
    });

    // Marked read once; the first reading counts.
    const mine = seen[0]!;
    expect(await ok(read(owner, mine.id))).toEqual({ id: mine.id });
    const readAt = t.clock.now().toISOString();
    t.clock.advance(5_000);
    await ok(read(owner, mine.id));
    expect((await list(owner))[0]?.read_at).toBe(readAt);

    // Someone else's, another agency's or none at all: as missing.
    const theirs = await t.store.db
      .selectFrom('notifications')
      .select(['id', 'title'])
      .where('title', 'in', ['To the colleague', 'To another agency'])
      .execute();
    for (const notice of theirs) expect((await read(owner, notice.id)).statusCode, notice.title).toBe(404);
    expect((await read(owner, randomUUID())).statusCode).toBe(404);
    expect((await read(owner, 'nope')).statusCode).toBe(422);
    expect((await read(stranger, mine.id)).statusCode).toBe(404);
  });

  it(`answers the newest ${NOTIFICATION_LIST_LIMIT} at most`, async () => {
    const owner = await onboardedOwner(t);
    for (let index = 0; index < NOTIFICATION_LIST_LIMIT + 3; index++) {
      await tell(owner.user.company_id, null, `Notice ${index}`);
    }
    const seen = await list(owner);
    expect(seen).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(seen[0]?.title).toBe(`Notice ${NOTIFICATION_LIST_LIMIT + 2}`);
  });
  describe('read per user', () => {
    const summary = (user: { token: string }) =>
      ok<{ unread: number }>(get(t, '/api/notification/summary', { token: user.token }));
    const readAll = (user: { token: string }) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notification/read-all',
        headers: { authorization: `Bearer ${user.token}` },
      });
    const listOf = (user: { token: string }, query = '') =>
      ok<Notification[]>(get(t, `/api/notification${query}`, { token: user.token }));

    it("a colleague's reading doesn't read it for me; the summary counts my unread ones", async () => {
      const owner = await onboardedOwner(t);
      const companyId = owner.user.company_id;
      const colleague = await staffMember(t, companyId, ['payments.view']);
      const colleagueSession = await staffSession(t, colleague);
      await tell(companyId, null, 'To everyone');
      await tell(companyId, owner.user.id, 'To the owner');
      expect(await summary(owner)).toEqual({ unread: 2 });
      expect(await summary(colleagueSession)).toEqual({ unread: 1 });

      const [everyone] = await listOf(colleagueSession);
      await ok(read(colleagueSession, everyone!.id));
      expect((await listOf(colleagueSession))[0]?.read_at).not.toBeNull();
      expect(await summary(colleagueSession)).toEqual({ unread: 0 });
      // The owner has not read it.
      const mine = await listOf(owner);
      expect(mine.find((notice) => notice.id === everyone!.id)?.read_at).toBeNull();
      expect(await summary(owner)).toEqual({ unread: 2 });
    });

    it('marks all read up to the newest, for me only; a later one is unread again', async () => {
      const owner = await onboardedOwner(t);
      const companyId = owner.user.company_id;
      const colleague = await staffSession(t, await staffMember(t, companyId, ['payments.view']));
      await tell(companyId, null, 'First');
      await tell(companyId, owner.user.id, 'Second');
      const first = await listOf(owner);
      await ok(read(owner, first[1]!.id));
      const readFirstAt = (await listOf(owner))[1]!.read_at;

      t.clock.advance(10_000);
      expect(await ok(readAll(owner))).toEqual({ unread: 0 });
      const after = await listOf(owner);
      expect(after.every((notice) => notice.read_at !== null)).toBe(true);
      // One read before keeps the time it was read.
      expect(after[1]!.read_at).toBe(readFirstAt);
      expect(await summary(colleague)).toEqual({ unread: 1 });

      await tell(companyId, null, 'Third');
      expect(await summary(owner)).toEqual({ unread: 1 });
      expect((await listOf(owner, '?unread=true')).map((notice) => notice.title)).toEqual(['Third']);
      // Nothing to read: the answer says so and changes nothing.
      expect(await ok(readAll(colleague))).toEqual({ unread: 0 });
      expect(await ok(readAll(colleague))).toEqual({ unread: 0 });
    });

    it('filters by unread and by category, and pages with a cursor', async () => {
      const owner = await onboardedOwner(t);
      const companyId = owner.user.company_id;
      const kinds = [
        'deposit_approved',
        'booking_ticketed',
        'announcement',
        'low_balance',
        'hold_expired',
      ] as const;
      for (const [index, kind] of kinds.entries()) {
        t.clock.advance(1_000);
        await notify(t.store.db, {
          companyId,
          userId: null,
          kind,
          title: `Notice ${index}`,
          body: 'Body',
          link: null,
          at: t.clock.now(),
        });
      }
      const titles = (notices: Notification[]) => notices.map((notice) => notice.title);
      expect(titles(await listOf(owner, '?category=money'))).toEqual(['Notice 3', 'Notice 0']);
      expect(titles(await listOf(owner, '?category=bookings'))).toEqual(['Notice 4', 'Notice 1']);
      expect(titles(await listOf(owner, '?category=news'))).toEqual(['Notice 2']);
      expect(await listOf(owner, '?category=support')).toEqual([]);

      const all = await listOf(owner);
      await ok(read(owner, all[0]!.id));
      expect(titles(await listOf(owner, '?unread=true&category=bookings'))).toEqual(['Notice 1']);
      expect(titles(await listOf(owner, '?unread=1'))).toHaveLength(4);
      expect(titles(await listOf(owner, '?unread=false'))).toHaveLength(5);

      // Pages of two, each after the last of the one before.
      const page1 = await listOf(owner, '?limit=2');
      const page2 = await listOf(owner, `?limit=2&before=${page1[1]!.id}`);
      const page3 = await listOf(owner, `?limit=2&before=${page2[1]!.id}`);
      expect([...titles(page1), ...titles(page2), ...titles(page3)]).toEqual(titles(all));
      expect(page3).toHaveLength(1);
      // The cursor with a filter: unread money ones older than the newest.
      expect(titles(await listOf(owner, `?category=money&before=${all[0]!.id}`))).toEqual([
        'Notice 3',
        'Notice 0',
      ]);

      // Notifications with one instant page by id, none lost nor repeated.
      const sameInstant = await onboardedOwner(t);
      for (let index = 0; index < 5; index++) {
        await notify(t.store.db, {
          companyId: sameInstant.user.company_id,
          userId: null,
          kind: 'credits_adjusted',
          title: `Same ${index}`,
          body: 'Body',
          link: null,
          at: t.clock.now(),
        });
      }
      const seen: string[] = [];
      let before = '';
      for (let page = 0; page < 5; page++) {
        const rows = await listOf(sameInstant, `?limit=2${before}`);
        seen.push(...rows.map((row) => row.id));
        if (rows.length < 2) break;
        before = `&before=${rows.at(-1)!.id}`;
      }
      expect(new Set(seen).size).toBe(5);
      expect(seen).toHaveLength(5);
    });

    it("answers 404 for a cursor not the user's and 422 for a bad query", async () => {
      const owner = await onboardedOwner(t);
      const stranger = await onboardedOwner(t);
      await tell(stranger.user.company_id, null, 'Theirs');
      const [theirs] = await listOf(stranger);
      for (const cursor of [theirs!.id, randomUUID()]) {
        const res = await get(t, `/api/notification?before=${cursor}`, { token: owner.token });
        expect(res.statusCode, res.body).toBe(404);
      }
      for (const query of [
        '?category=gossip',
        '?limit=0',
        '?limit=101',
        '?unread=maybe',
        '?before=nope',
        '?extra=1',
      ]) {
        const res = await get(t, `/api/notification${query}`, { token: owner.token });
        expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
      }
    });
  });
});
