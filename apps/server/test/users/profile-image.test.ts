import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SIZE, SUCCESS } from '@skydesk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MESSAGES } from '../../src/modules/users/account/profile-image.js';
import { fileTooLargeMessage } from '../../src/platform/http/multipart-form.js';
import { createLocalFileStore } from '../../src/platform/storage/file-store.js';
import { createTestApp } from '../support/app.js';
import { formData, get, postForm, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { addRole, colleague } from '../support/colleague.js';
import { storeKinds } from '../support/stores.js';
import { fieldErrorsOf, me } from './account-calls.js';

/** A 640×400 picture with a gradient, drawn by sharp, carrying EXIF the server must drop. */
const picture = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="400"><rect width="320" height="400" fill="#f5a623"/></svg>',
        ),
        left: 0,
        top: 0,
      },
    ])
    .withExif({ IFD0: { Artist: 'Secret Photographer', ImageDescription: 'GPS home' } })
    .toFormat(format)
    .toBuffer();

const TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

describe.each(storeKinds())('profile pictures on %s', (kind) => {
  let t: TestApp;
  let uploads: string;
  beforeAll(async () => {
    uploads = join(mkdtempSync(join(tmpdir(), 'skydesk-avatars-')), 'uploads');
    t = await createTestApp(kind, { files: createLocalFileStore(uploads) });
  });
  afterAll(async () => t?.close());

  const upload = (agent: Pick<Agent, 'token'>, content: Buffer, filename: string, type?: string) =>
    postForm(t, '/api/user/image', formData({}, [{ name: 'image', content, filename, type }]), {
      token: agent.token,
    });
  const storedFiles = () => {
    try {
      return readdirSync(uploads);
    } catch {
      return [];
    }
  };

  it.each(['png', 'jpeg', 'webp'] as const)(
    'takes a %s and serves it back as a square WebP without its metadata',
    async (format) => {
      const owner = await bookingAgent(t);
      const original = await picture(format);
      const res = await upload(owner, original, `me.${format}`, TYPES[format]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(SUCCESS.imageUploaded);
      const url: string = res.json().data.image_url;
      expect(url).toMatch(new RegExp(`^/api/user/${owner.user.id}/image\\?v=[\\w-]+$`));

      const image = await get(t, url, { token: owner.token });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const served = image.rawPayload;
      expect(served.equals(original)).toBe(false);
      const metadata = await sharp(served).metadata();
      expect(metadata).toMatchObject({
        format: 'webp',
        width: PROFILE_IMAGE_SIZE,
        height: PROFILE_IMAGE_SIZE,
      });
      expect(metadata.exif).toBeUndefined();
      expect(served.includes(Buffer.from('Secret Photographer'))).toBe(false);
      // Cover crop from the centre: the left half was orange, the right half blue.
      const { data } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200); // red of the orange edge
      expect(data[(PROFILE_IMAGE_SIZE - 1) * 3 + 2]).toBeGreaterThan(150); // blue of the right edge

      // The stored file is the re-encoded one.
      expect(storedFiles().some((name) => readFileSync(join(uploads, name)).equals(served))).toBe(true);
    },
  );

  it('names the picture in the users list and /api/me, and a new one replaces the file and the version', async () => {
    const owner = await bookingAgent(t);
    const first = (await upload(owner, await picture('png'), 'a.png')).json().data.image_url as string;
    const before = new Set(storedFiles());
    const second = await upload(owner, await picture('jpeg'), 'b.jpg');
    expect(second.statusCode, second.body).toBe(200);
    const url = second.json().data.image_url as string;
    expect(url).not.toBe(first);
    const after = new Set(storedFiles());
    expect(after.size).toBe(before.size);
    expect([...after].filter((name) => !before.has(name))).toHaveLength(1);

    // An old URL still answers the current picture, but not for keeps.
    const stale = await get(t, first, { token: owner.token });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('private, no-cache');
    const bare = await get(t, `/api/user/${owner.user.id}/image`, { token: owner.token });
    expect(bare.headers['cache-control']).toBe('private, no-cache');

    const users = await get(t, '/api/user/company-user', { token: owner.token });
    expect(users.json().data[0][0].image_url).toBe(url);
    expect((await me(t, owner.token)).json().data.user.image_url).toBe(url);
  });

  it('shows the picture to colleagues, and to nobody of another agency (404)', async () => {
    const owner = await bookingAgent(t);
    const url = (await upload(owner, await picture('png'), 'me.png')).json().data.image_url as string;
    const mate = await colleague(t, owner, await addRole(t, owner.companyId, []));
    expect((await get(t, url, { token: mate.token })).statusCode).toBe(200);
    const stranger = await bookingAgent(t);
    const refused = await get(t, url, { token: stranger.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toMatch(/json/);
    // A user without a picture, and no user at all.
    expect((await get(t, `/api/user/${mate.user.id}/image`, { token: owner.token })).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(t, `/api/user/${unknown}/image`, { token: owner.token })).statusCode).toBe(404);
    expect((await get(t, url)).statusCode).toBe(401);
  });

  it('refuses what is not a picture, whatever its name says (422)', async () => {
    const owner = await bookingAgent(t);
    const filesBefore = storedFiles().length;
    const text = await upload(owner, Buffer.from('just some text, not a picture\n'), 'me.png', 'image/png');
    expect(text.statusCode, text.body).toBe(422);
    expect(fieldErrorsOf(text)).toEqual({ image: [PROFILE_IMAGE_MESSAGES.wrongType] });

    const pdf = await upload(owner, Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'), 'me.png');
    expect(fieldErrorsOf(pdf)).toEqual({ image: [PROFILE_IMAGE_MESSAGES.wrongType] });

    // A PNG's first bytes and nothing sharp can decode behind them.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(300, 7),
    ]);
    const undecodable = await upload(owner, fake, 'me.png', 'image/png');
    expect(undecodable.statusCode, undecodable.body).toBe(422);
    expect(fieldErrorsOf(undecodable)).toEqual({ image: [PROFILE_IMAGE_MESSAGES.undecodable] });

    const missing = await postForm(t, '/api/user/image', formData({}, []), { token: owner.token });
    expect(missing.statusCode).toBe(422);
    expect(fieldErrorsOf(missing)).toEqual({ image: [PROFILE_IMAGE_MESSAGES.missing] });

    expect(storedFiles()).toHaveLength(filesBefore);
    expect((await me(t, owner.token)).json().data.user.image_url).toBeNull();
  });

  it('refuses a file over 2 MB with a clear message (422)', async () => {
    const owner = await bookingAgent(t);
    const big = Buffer.concat([await picture('png'), Buffer.alloc(PROFILE_IMAGE_MAX_BYTES, 1)]);
    const res = await upload(owner, big, 'huge.png', 'image/png');
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrorsOf(res)).toEqual({ image: ['The file is larger than 2 MB'] });
    expect(fileTooLargeMessage(PROFILE_IMAGE_MAX_BYTES)).toBe('The file is larger than 2 MB');
  });

  it('refuses a small file that unpacks into a huge canvas (422)', async () => {
    const owner = await bookingAgent(t);
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    const res = await upload(owner, bomb, 'bomb.png', 'image/png');
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrorsOf(res)).toEqual({ image: [PROFILE_IMAGE_MESSAGES.tooManyPixels] });
  });
});
