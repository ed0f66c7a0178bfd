import { randomUUID } from 'node:crypto';
import { NOTIFICATION_LIST_LIMIT, type Notification } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/modules/notices/notify.js';
import { ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, onboardedOwner, type SignedIn, type TestApp } from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

/** API.md "Support, notices": an agency's notifications, to the whole company or one user. */

describe.each(storeKinds())('notifications on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const list = (user: SignedIn) => ok<Notification[]>(get(t, '/api/notification', { token: user.token }));
  const read = (user: SignedIn, id: string) =>
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
});
