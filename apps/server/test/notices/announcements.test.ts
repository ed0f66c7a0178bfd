import type { Announcement, Offer } from '@skydesk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import {
  get,
  makeApprovedCompany,
  onboardedOwner,
  type SignedIn,
  signIn,
  type TestApp,
} from '../support/auth-flow.js';
import { insertNoticePost } from '../support/notice-posts.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 14: agencies read SkyDesk's announcements and offers (GET /api/getAnnouncements,
 * GET /api/offer) — only the published (their time has come), not expired, for every agency or
 * for the agency's country, newest first — and a post's picture only while they may see the post.
 */

const HOUR = 3_600_000;

describe.each(storeKinds())('announcements and offers for agencies on %s', (kind) => {
  let t: TestApp;
  /** An approved agency in Portugal: the posts below are written for it, or not. */
  let agent: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await onboardedOwner(t, { country: 'PT' });
    await makeApprovedCompany(t.store.db, agent.user.company_id);
  });
  afterAll(async () => t?.close());

  const at = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR);
  const announcements = () => ok<Announcement[]>(get(t, '/api/getAnnouncements', { token: agent.token }));
  const offers = () => ok<Offer[]>(get(t, '/api/offer', { token: agent.token }));
  const image = (url: string) => get(t, url, { token: agent.token });

  /** A stored picture and its version, as the back office leaves them. */
  async function storedImage() {
    const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0369a1' } })
      .webp()
      .toBuffer();
    return {
      imageKey: await t.app.skydesk.platform.files.put(webp),
      imageVersion: `v${Math.random()}`.slice(0, 12),
    };
  }

  it('shows only the published and unexpired posts for every agency or for its country, newest first', async () => {
    const picture = await storedImage();
    const everyone = await insertNoticePost(t, { title: 'For everyone', publishAt: at(-3), ...picture });
    const portugal = await insertNoticePost(t, {
      title: 'For Portugal',
      publishAt: at(-2),
      countries: ['ES', 'PT'],
    });
    const hidden = [
      await insertNoticePost(t, { title: 'Draft', publishAt: null, ...(await storedImage()) }),
      await insertNoticePost(t, { title: 'Scheduled', publishAt: at(1), ...(await storedImage()) }),
      await insertNoticePost(t, {
        title: 'Expired',
        publishAt: at(-5),
        expiresAt: at(-1),
        ...(await storedImage()),
      }),
      await insertNoticePost(t, {
        title: 'For Spain',
        publishAt: at(-1),
        countries: ['ES'],
        ...(await storedImage()),
      }),
      // An offer is not an announcement.
      await insertNoticePost(t, { kind: 'offer', title: 'An offer', publishAt: at(-1) }),
    ];

    const seen = await announcements();
    const titles = seen.map((post) => post.title);
    expect(titles.indexOf('For Portugal')).toBeLessThan(titles.indexOf('For everyone'));
    for (const post of hidden) expect(titles).not.toContain(post.title);
    expect(seen.find((post) => post.id === everyone.id)).toEqual({
      id: everyone.id,
      title: 'For everyone',
      body: 'Fares to **Lisbon** from 99.',
      image_url: `/api/announcement/${everyone.id}/image?v=${picture.imageVersion}`,
      published_at: at(-3).toISOString(),
      expires_at: null,
    });
    expect(seen.find((post) => post.id === portugal.id)?.image_url).toBeNull();

    // Its picture, to this agency only while it sees the post; the others' pictures answer 404.
    const res = await image(`/api/announcement/${everyone.id}/image?v=${picture.imageVersion}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await image(`/api/announcement/${everyone.id}/image`)).headers['cache-control']).toBe(
      'private, no-cache',
    );
    for (const post of hidden) {
      expect((await image(`/api/announcement/${post.id}/image`)).statusCode, post.title).toBe(404);
    }
    expect((await image(`/api/announcement/${portugal.id}/image`)).statusCode).toBe(404);
  });

  it('stops showing a post once it expires, and starts showing a scheduled one at its time', async () => {
    const ending = await insertNoticePost(t, { title: 'Ending soon', publishAt: at(-1), expiresAt: at(1) });
    const starting = await insertNoticePost(t, { title: 'Starting soon', publishAt: at(1) });
    let titles = (await announcements()).map((post) => post.title);
    expect(titles).toContain(ending.title);
    expect(titles).not.toContain(starting.title);

    t.clock.advance(HOUR + 1_000);
    // A fresh session: tokens live 30 minutes.
    agent = await signIn(t, agent);
    titles = (await announcements()).map((post) => post.title);
    expect(titles).not.toContain(ending.title);
    expect(titles).toContain(starting.title);
  });

  it('lists the offers open now with their end as valid_until, the newest first', async () => {
    const older = await insertNoticePost(t, {
      kind: 'offer',
      title: 'Older offer',
      publishAt: at(-4),
      expiresAt: at(24),
    });
    const newer = await insertNoticePost(t, { kind: 'offer', title: 'Newer offer', publishAt: at(-1) });
    await insertNoticePost(t, { kind: 'offer', title: 'Over', publishAt: at(-4), expiresAt: at(-2) });
    const seen = await offers();
    const ids = seen.map((offer) => offer.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(seen.map((offer) => offer.title)).not.toContain('Over');
    expect(seen.find((offer) => offer.id === older.id)).toMatchObject({
      valid_until: at(24).toISOString(),
      image_url: null,
    });
    expect(seen.find((offer) => offer.id === newer.id)?.valid_until).toBeNull();
  });

  it('is for approved agencies (403 before), and answers 404 for a picture of nothing', async () => {
    const waiting = await onboardedOwner(t, { country: 'PT' });
    for (const url of ['/api/getAnnouncements', '/api/offer']) {
      expect((await get(t, url, { token: waiting.token })).statusCode, url).toBe(403);
    }
    const bare = await insertNoticePost(t, { title: 'No picture' });
    expect((await image(`/api/announcement/${bare.id}/image`)).statusCode).toBe(404);
    expect((await image('/api/announcement/00000000-0000-4000-8000-000000000000/image')).statusCode).toBe(
      404,
    );
    expect((await image('/api/announcement/nope/image')).statusCode).toBe(422);
  });
});
