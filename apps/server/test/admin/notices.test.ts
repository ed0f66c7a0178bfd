import { randomUUID } from 'node:crypto';
import type {
  AdminNoticePost,
  AdminNoticePostList,
  NoticePostKind,
  Notification,
  NotificationSummary,
} from '@skydesk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcePublishedPosts } from '../../src/modules/notices/publication.js';
import { asOperator, auditOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import {
  formData,
  get,
  makeApprovedCompany,
  onboardedOwner,
  postForm,
  sampleFiles,
  signIn,
  type TestApp,
} from '../support/auth-flow.js';
import { adminPostsPath, createPost } from '../support/notice-posts.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Announcements and offers in the back office (issue 14): operators write them — a draft,
 * scheduled, or published at once, for every agency or some countries — change and delete them,
 * each change audited in its transaction; a picture is re-encoded to WebP by the server; when a
 * post is published every agency of its audience is told once.
 */

const HOUR = 3_600_000;

describe.each(storeKinds())('announcements and offers in the back office on %s', (kind) => {
  let t: TestApp;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  /** As the operator, with a fresh session: tests move the clock past a token's 30 minutes. */
  const admin = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    // Each change a second after the one before, so "newest first" has one answer.
    if (method !== 'GET') t.clock.advance(1_000);
    operator = await signInAgainAsOperator(t, operator);
    return asOperator(t, operator, method, url, payload);
  };
  const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();
  const create = async (postKind: NoticePostKind, body: Record<string, unknown> = {}) => {
    t.clock.advance(1_000);
    operator = await signInAgainAsOperator(t, operator);
    return createPost(t, operator, postKind, body);
  };

  /** An approved agency of the country. */
  async function agencyIn(country: string) {
    const owner = await onboardedOwner(t, { country });
    await makeApprovedCompany(t.store.db, owner.user.company_id);
    return owner.user.company_id;
  }

  /** The post's notifications, one per agency told. */
  const toldOf = (postId: string) =>
    t.store.db
      .selectFrom('notifications')
      .select(['company_id', 'user_id', 'kind', 'title', 'link'])
      .where('notice_post_id', '=', postId)
      .execute();

  it('writes a draft, schedules it, publishes it and lets it expire, the status following the clock', async () => {
    const draft = await create('announcement', { title: 'Schedule change', countries: ['GB', 'AE', 'GB'] });
    expect(draft).toMatchObject({
      kind: 'announcement',
      status: 'draft',
      publish_at: null,
      countries: ['AE', 'GB'],
      image_url: null,
      created_by: { id: operator.id, name: operator.name },
    });
    const path = `${adminPostsPath('announcement')}/${draft.id}`;
    const scheduled = await ok<AdminNoticePost>(
      admin('PUT', path, { publish_at: inHours(1), expires_at: inHours(48) }),
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', title: 'Schedule change' });
    t.clock.advance(2 * HOUR);
    expect((await ok<AdminNoticePost>(admin('GET', path))).status).toBe('published');
    t.clock.advance(47 * HOUR);
    expect((await ok<AdminNoticePost>(admin('GET', path))).status).toBe('expired');

    // Every change is in the audit log, newest first, with the operator.
    const entries = await auditOf(t, operator, draft.id);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'announcement.update',
      'announcement.create',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { id: operator.id },
      target_type: 'announcement',
      target_id: draft.id,
      before: { status: 'draft', publish_at: null },
      after: { status: 'scheduled', publish_at: scheduled.publish_at },
    });
  });

  it('lists each kind by status, newest first, in pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const draft = await create('offer', { title: `Draft ${tag}` });
    const live = await create('offer', { title: `Live ${tag}`, publish_at: inHours(-1) });
    const later = await create('offer', { title: `Later ${tag}`, publish_at: inHours(5) });
    const ids = (list: AdminNoticePostList) => list.posts.map((post) => post.id);
    const list = (query: string) => ok<AdminNoticePostList>(admin('GET', `/api/admin/offers${query}`));
    expect(ids(await list('?status=draft'))).toContain(draft.id);
    expect(ids(await list('?status=draft'))).not.toContain(live.id);
    expect(ids(await list('?status=published'))).toContain(live.id);
    expect(ids(await list('?status=scheduled'))).toContain(later.id);
    expect(ids(await list('?status=expired'))).not.toContain(live.id);
    const all = await list('?limit=2');
    expect(ids(all)).toEqual([later.id, live.id]);
    expect(all.totalPages).toBe(Math.ceil(all.total / 2));
    // Offers are not announcements.
    const announcements = await ok<AdminNoticePostList>(admin('GET', '/api/admin/announcements?limit=100'));
    expect(ids(announcements)).not.toContain(live.id);
  });

  it('refuses what does not hold together (422 on the field) and answers 404 for what is not there', async () => {
    const base = { title: 'Lisbon fares', body: 'Text', publish_at: null, expires_at: null };
    for (const [body, field] of [
      [{ ...base, publish_at: inHours(2), expires_at: inHours(1) }, 'expires_at'],
      [{ ...base, title: 'x' }, 'title'],
      [{ ...base, body: '' }, 'body'],
      [{ ...base, countries: ['XX'] }, 'countries.0'],
      [{ ...base, publish_at: '0000-01-01T00:00:00Z' }, 'publish_at'],
      [{ ...base, publish_at: 'tomorrow' }, 'publish_at'],
      [{ ...base, html: '<b>' }, 'html'],
    ] as const) {
      const res = await admin('POST', '/api/admin/announcements', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().data.errors), JSON.stringify(body)).toContain(field);
    }
    // A change checked with the times it leaves in place.
    const post = await create('announcement', { publish_at: inHours(10) });
    const path = `/api/admin/announcements/${post.id}`;
    const early = await admin('PUT', path, { expires_at: inHours(5) });
    expect(early.statusCode, early.body).toBe(422);
    expect(Object.keys(early.json().data.errors)).toEqual(['expires_at']);

    for (const [method, url] of [
      ['GET', `/api/admin/announcements/${randomUUID()}`],
      ['PUT', `/api/admin/announcements/${randomUUID()}`],
      ['DELETE', `/api/admin/announcements/${randomUUID()}`],
      // An announcement is not an offer.
      ['GET', `/api/admin/offers/${post.id}`],
      ['PUT', `/api/admin/offers/${post.id}`],
      ['DELETE', `/api/admin/offers/${post.id}`],
      ['DELETE', `/api/admin/offers/${post.id}/image`],
      ['GET', `/api/admin/announcements/${post.id}/image`],
    ] as const) {
      const res = await admin(method, url, method === 'PUT' ? { title: 'Changed' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('tells every approved agency of its audience once when a post is published at once', async () => {
    const emirati = await agencyIn('AE');
    const british = await agencyIn('GB');
    const pending = await onboardedOwner(t, { country: 'AE' });
    const post = await create('announcement', {
      title: 'Dubai stopovers',
      publish_at: inHours(-1),
      countries: ['AE'],
    });
    expect(post.status).toBe('published');
    const told = await toldOf(post.id);
    expect(told.filter((notice) => notice.company_id === emirati)).toEqual([
      {
        company_id: emirati,
        user_id: null,
        kind: 'announcement',
        title: 'New announcement: Dubai stopovers',
        link: '/dashboard/announcement',
      },
    ]);
    expect(told.map((notice) => notice.company_id)).not.toContain(british);
    expect(told.map((notice) => notice.company_id)).not.toContain(pending.user.company_id);

    // Told once: the sweep, a change and the sweep again tell nobody twice.
    await announcePublishedPosts({ db: t.store.db, clock: t.clock });
    await ok(admin('PUT', `/api/admin/announcements/${post.id}`, { title: 'Dubai stopovers, updated' }));
    await announcePublishedPosts({ db: t.store.db, clock: t.clock });
    expect(await toldOf(post.id)).toHaveLength(told.length);
  });

  it('tells the agencies of a scheduled post when its time comes, by the sweep, once; a draft never', async () => {
    const agency = await agencyIn('FR');
    const offer = await create('offer', {
      title: 'Paris weekends',
      publish_at: inHours(3),
      expires_at: inHours(100),
    });
    const draft = await create('offer', { title: 'Unfinished' });
    await announcePublishedPosts({ db: t.store.db, clock: t.clock });
    expect(await toldOf(offer.id)).toEqual([]);

    t.clock.advance(3 * HOUR + 1_000);
    await Promise.all([
      announcePublishedPosts({ db: t.store.db, clock: t.clock }),
      announcePublishedPosts({ db: t.store.db, clock: t.clock }),
    ]);
    const told = await toldOf(offer.id);
    expect(told.filter((notice) => notice.company_id === agency)).toMatchObject([
      { kind: 'offer', title: 'New offer: Paris weekends' },
    ]);
    expect(new Set(told.map((notice) => notice.company_id)).size).toBe(told.length);
    expect(await toldOf(draft.id)).toEqual([]);
  });

  it('tells thousands of agencies in batches, each once', async () => {
    const country = 'NZ';
    const before = await t.store.db
      .selectFrom('companies')
      .select('id')
      .where('country', '=', country)
      .where('verification_status', '=', 'approved')
      .execute();
    const count = 1_250;
    const rows = Array.from({ length: count }, (_, index) => ({
      name: `Kiwi Travel ${index}`,
      contact_name: 'Kim',
      email: `kiwi${index}.${randomUUID()}@agency.test`,
      phone: '+64 9 555 0100',
      country,
      city: 'Auckland',
      address: '1 Queen Street',
      currency: 'USD',
      verification_status: 'approved' as const,
    }));
    for (let index = 0; index < count; index += 500) {
      await t.store.db
        .insertInto('companies')
        .values(rows.slice(index, index + 500))
        .execute();
    }
    const post = await t.store.db
      .insertInto('notice_posts')
      .values({
        kind: 'announcement',
        title: 'Kia ora',
        body: 'Hello',
        publish_at: t.clock.now(),
        countries: [country],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await announcePublishedPosts({ db: t.store.db, clock: t.clock, batchSize: 400 })).toBe(1);
    const told = await toldOf(post.id);
    expect(told).toHaveLength(count + before.length);
    expect(new Set(told.map((notice) => notice.company_id)).size).toBe(told.length);
  });

  it('deletes a post: agencies no longer see it nor its notifications, and the audit log keeps it', async () => {
    await agencyIn('GB');
    const post = await create('announcement', { title: 'Short-lived', publish_at: inHours(-1) });
    expect((await toldOf(post.id)).length).toBeGreaterThan(0);
    expect(await ok(admin('DELETE', `/api/admin/announcements/${post.id}`))).toEqual({ id: post.id });
    expect(await toldOf(post.id)).toEqual([]);
    expect((await admin('GET', `/api/admin/announcements/${post.id}`)).statusCode).toBe(404);
    const [entry] = await auditOf(t, operator, post.id);
    expect(entry).toMatchObject({
      action: 'announcement.delete',
      target_type: 'announcement',
      before: { title: 'Short-lived', status: 'published' },
    });
  });

  it("takes a post's notification away with it: back to a draft, expired, or no longer for the agency's country", async () => {
    let owner = await onboardedOwner(t, { country: 'NZ' });
    await makeApprovedCompany(t.store.db, owner.user.company_id);
    /** The owner's notifications of the post, and the bell's count. */
    const seen = async (title: string) => {
      owner = await signIn(t, owner);
      const list = await ok<Notification[]>(get(t, '/api/notification', { token: owner.token }));
      const summary = await ok<NotificationSummary>(
        get(t, '/api/notification/summary', { token: owner.token }),
      );
      return { told: list.filter((notice) => notice.title.includes(title)).length, unread: summary.unread };
    };
    const fields = { body: 'Hello', publish_at: inHours(-1), expires_at: null, countries: [] };
    const withdrawals = [
      ['back to a draft', { publish_at: null }],
      ['for other countries', { countries: ['AU'] }],
      ['expired', { expires_at: inHours(1) }],
    ] as const;
    for (const [how, change] of withdrawals) {
      const title = `Withdrawn: ${how}`;
      const post = await create('announcement', { ...fields, title });
      const before = await seen(title);
      expect(before.told, how).toBe(1);
      await ok(admin('PUT', `/api/admin/announcements/${post.id}`, { ...fields, title, ...change }));
      if (how === 'expired') t.clock.advance(2 * HOUR);
      expect(await seen(title), how).toEqual({ told: 0, unread: before.unread - 1 });
    }
  });

  describe('the picture', () => {
    const upload = async (postKind: NoticePostKind, id: string, content: Buffer, type = 'image/png') => {
      t.clock.advance(1_000);
      operator = await signInAgainAsOperator(t, operator);
      const form = formData({}, [{ name: 'image', content, filename: 'banner.png', type }]);
      return postForm(t, `${adminPostsPath(postKind)}/${id}/image`, form, { token: operator.token });
    };
    const imageKeyOf = async (id: string) =>
      (
        await t.store.db
          .selectFrom('notice_posts')
          .select('image_key')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).image_key;
    const fileExists = (key: string) =>
      t.app.skydesk.platform.files.get(key).then(
        () => true,
        () => false,
      );

    it("is re-encoded as a WebP at most 1600 px wide, without the upload's metadata", async () => {
      const post = await create('offer', { title: 'Big banner' });
      const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0369a1' } })
        .png()
        .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera Co', Artist: 'Someone' } } })
        .toBuffer();
      const uploaded = await ok<AdminNoticePost>(upload('offer', post.id, png));
      expect(uploaded.image_url).toMatch(new RegExp(`^/api/admin/offers/${post.id}/image\\?v=`));

      const res = await admin('GET', uploaded.image_url!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('immutable');
      const stored = await sharp(res.rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      expect(stored.exif).toBeUndefined();
      expect(res.rawPayload.includes(Buffer.from('Secret Camera Co'))).toBe(false);

      // A new picture replaces the old, whose file goes after the commit.
      const firstKey = (await imageKeyOf(post.id))!;
      const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer();
      const replaced = await ok<AdminNoticePost>(upload('offer', post.id, small, 'image/jpeg'));
      expect(replaced.image_url).not.toBe(uploaded.image_url);
      expect(await fileExists(firstKey)).toBe(false);
      const again = await admin('GET', replaced.image_url!);
      expect(await sharp(again.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300 });

      // Removed: no picture, no file.
      const secondKey = (await imageKeyOf(post.id))!;
      const removed = await ok<AdminNoticePost>(admin('DELETE', `/api/admin/offers/${post.id}/image`));
      expect(removed.image_url).toBeNull();
      expect(await fileExists(secondKey)).toBe(false);
      expect((await admin('GET', `/api/admin/offers/${post.id}/image`)).statusCode).toBe(404);

      const entries = await auditOf(t, operator, post.id);
      expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
        'offer.update',
        'offer.update',
        'offer.update',
        'offer.create',
      ]);
    });

    it.each([
      ['a PNG signature with nothing behind it', () => sampleFiles.png(), 'image/png'],
      ['a program', () => sampleFiles.exe(), 'image/png'],
      ['a PDF', () => sampleFiles.pdf(), 'application/pdf'],
      [
        'more than 5 MB',
        () => Buffer.concat([sampleFiles.png(), Buffer.alloc(5 * 1024 * 1024)]),
        'image/png',
      ],
    ])('refuses %s (422 on image), keeping the post as it was', async (_, content, type) => {
      const post = await create('announcement');
      const res = await upload('announcement', post.id, content(), type);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().data.errors)).toEqual(['image']);
      expect(await imageKeyOf(post.id)).toBeNull();
    });

    it('answers 404 for a post that is not there, and stores nothing', async () => {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const res = await upload('announcement', randomUUID(), png);
      expect(res.statusCode).toBe(404);
    });
  });
});
