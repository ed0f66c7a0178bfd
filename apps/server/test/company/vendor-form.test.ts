import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER, SUCCESS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from '../../src/platform/storage/file-store.js';
import { createTestApp } from '../support/app.js';
import {
  type FilePart,
  formData,
  get,
  onboardedOwner,
  postForm,
  type SignedIn,
  sampleFiles,
  setCompanyStatus,
  type TestApp,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

const FIELDS = { trade_license_number: 'TL-2026-00931', tax_number: '100234567800003' };

const documents = (overrides: Partial<Record<'trade_license' | 'owner_id_document', FilePart | null>> = {}) =>
  [
    overrides.trade_license === undefined
      ? {
          name: 'trade_license',
          content: sampleFiles.pdf(),
          filename: 'trade licence 2026.pdf',
          type: 'application/pdf',
        }
      : overrides.trade_license,
    overrides.owner_id_document === undefined
      ? {
          name: 'owner_id_document',
          content: sampleFiles.jpeg(),
          filename: 'passport.jpg',
          type: 'image/jpeg',
        }
      : overrides.owner_id_document,
  ].filter((part): part is FilePart => part !== null);

describe.each(storeKinds())('the vendor form on %s', (kind) => {
  let t: TestApp;
  let uploads: string;
  beforeAll(async () => {
    uploads = join(mkdtempSync(join(tmpdir(), 'skydesk-vendor-')), 'uploads');
    t = await createTestApp(kind, { files: createLocalFileStore(uploads) });
  });
  afterAll(async () => t?.close());

  const submit = (owner: SignedIn, fields: Record<string, string>, files: FilePart[]) =>
    postForm(t, '/api/vendor-form', formData(fields, files), { token: owner.token });
  const status = (owner: SignedIn) => get(t, '/api/vendor-form', { token: owner.token });
  const storedFiles = () => {
    try {
      return readdirSync(uploads);
    } catch {
      return [];
    }
  };

  it('takes the form and both documents: pending_review, files under random names', async () => {
    const owner = await onboardedOwner(t);
    const before = (await status(owner)).json().data;
    expect(before).toEqual({
      verification_status: 'email_verified',
      rejection_reason: null,
      submission: null,
    });

    const filesBefore = new Set(storedFiles());
    const parts = documents();
    const res = await submit(owner, { ...FIELDS, iata_number: '91234567' }, parts);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: SUCCESS.verificationSent,
      data: { verification_status: 'pending_review' },
    });

    const { data } = (await status(owner)).json();
    expect(data.verification_status).toBe('pending_review');
    expect(data.submission).toMatchObject({ ...FIELDS, iata_number: '91234567' });
    expect(data.submission.documents).toHaveLength(2);
    const me = await get(t, '/api/me', { token: owner.token });
    expect(me.json().data.company.verification_status).toBe('pending_review');

    const added = storedFiles().filter((name) => !filesBefore.has(name));
    expect(added).toHaveLength(2);
    for (const name of added) {
      expect(name).toMatch(/^[\w-]{32}$/);
      expect(parts.map((p) => p.filename)).not.toContain(name);
    }
    const contents = added.map((name) => readFileSync(join(uploads, name)));
    for (const part of parts) expect(contents.some((content) => content.equals(part.content))).toBe(true);
  });

  it('serves each document to its own company only', async () => {
    const owner = await onboardedOwner(t);
    const parts = documents();
    expect((await submit(owner, FIELDS, parts)).statusCode).toBe(200);
    const { submission } = (await status(owner)).json().data;
    const license = submission.documents.find((d: { kind: string }) => d.kind === 'trade_license');
    expect(license).toMatchObject({
      file_name: 'trade licence 2026.pdf',
      content_type: 'application/pdf',
      size: parts[0]!.content.length,
    });
    expect(license.url).toBe(`/api/vendor-form/documents/${license.id}`);

    const own = await t.app.inject({
      method: 'GET',
      url: license.url,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(parts[0]!.content)).toBe(true);

    const stranger = await onboardedOwner(t);
    const foreign = await get(t, license.url, { token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: false, message: SERVER.notFound });
    const missing = await get(t, `/api/vendor-form/documents/${crypto.randomUUID()}`, { token: owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(foreign.json());
    expect((await get(t, license.url)).statusCode).toBe(401);
  });

  it('refuses a missing document (422 on that document)', async () => {
    const owner = await onboardedOwner(t);
    const res = await submit(owner, FIELDS, documents({ owner_id_document: null }));
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors).toEqual({ owner_id_document: ['Attach this document'] });
  });

  it.each([
    [
      'random bytes named .pdf',
      () => ({ content: Buffer.from('just some text, not a PDF at all'), filename: 'a.pdf' }),
    ],
    ['a Windows executable named .pdf', () => ({ content: sampleFiles.exe(), filename: 'licence.pdf' })],
    ['an empty file', () => ({ content: Buffer.alloc(0), filename: 'empty.pdf' })],
  ])('refuses %s (422 on that document): the type is read from the content', async (_, file) => {
    const owner = await onboardedOwner(t);
    const filesBefore = storedFiles().length;
    const part = { name: 'trade_license', type: 'application/pdf', ...file() };
    const res = await submit(owner, FIELDS, documents({ trade_license: part }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data.errors)).toEqual(['trade_license']);
    expect(storedFiles()).toHaveLength(filesBefore);
    expect((await status(owner)).json().data.verification_status).toBe('email_verified');
  });

  it('takes a PNG whatever its declared type and name', async () => {
    const owner = await onboardedOwner(t);
    const png = {
      name: 'owner_id_document',
      content: sampleFiles.png(),
      filename: 'id.pdf',
      type: 'application/pdf',
    };
    expect((await submit(owner, FIELDS, documents({ owner_id_document: png }))).statusCode).toBe(200);
    const { submission } = (await status(owner)).json().data;
    const id = submission.documents.find((d: { kind: string }) => d.kind === 'owner_id_document');
    expect(id.content_type).toBe('image/png');
  });

  it('refuses a file over 5 MB (422 on that document)', async () => {
    const owner = await onboardedOwner(t);
    const big = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await submit(
      owner,
      FIELDS,
      documents({ trade_license: { name: 'trade_license', content: big, filename: 'big.pdf' } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors).toEqual({ trade_license: ['The file is larger than 5 MB'] });
    // Exactly 5 MB is fine.
    const limit = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(5 * 1024 * 1024)]).subarray(
      0,
      5 * 1024 * 1024,
    );
    const ok = await submit(
      owner,
      FIELDS,
      documents({ trade_license: { name: 'trade_license', content: limit, filename: 'limit.pdf' } }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses unknown fields and files, and bad text fields (422 keyed by field)', async () => {
    const owner = await onboardedOwner(t);
    const res = await submit(owner, { ...FIELDS, tax_number: 'x', iata_number: '12', surprise: 'yes' }, [
      ...documents(),
      { name: 'selfie', content: sampleFiles.jpeg(), filename: 'me.jpg' },
    ]);
    expect(res.statusCode).toBe(422);
    const { errors } = res.json().data;
    expect(Object.keys(errors).sort()).toEqual(['iata_number', 'selfie', 'surprise', 'tax_number']);
    expect(errors.surprise).toEqual(['Unknown field']);
    expect(errors.selfie).toEqual(['Unknown field']);
  });

  it('answers 409 to a second submission while the first is under review', async () => {
    const owner = await onboardedOwner(t);
    expect((await submit(owner, FIELDS, documents())).statusCode).toBe(200);
    const filesBefore = storedFiles().length;
    const again = await submit(owner, FIELDS, documents());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: 'Your documents are already under review.' });
    // The refused upload leaves nothing behind.
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it('takes one of two submissions sent at once', async () => {
    const owner = await onboardedOwner(t);
    const answers = await Promise.all([
      submit(owner, FIELDS, documents()),
      submit(owner, FIELDS, documents()),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const submissions = await t.store.db
      .selectFrom('vendor_submissions')
      .select('id')
      .where('company_id', '=', owner.user.company_id)
      .execute();
    expect(submissions).toHaveLength(1);
  });

  it('shows the rejection reason and takes a new submission after a rejection', async () => {
    const owner = await onboardedOwner(t);
    expect((await submit(owner, FIELDS, documents())).statusCode).toBe(200);
    await setCompanyStatus(t.store.db, owner.user.company_id, 'rejected', 'The trade licence has expired.');

    const rejected = (await status(owner)).json().data;
    expect(rejected.verification_status).toBe('rejected');
    expect(rejected.rejection_reason).toBe('The trade licence has expired.');
    expect(rejected.submission).not.toBeNull();
    expect((await get(t, '/api/me', { token: owner.token })).json().data.company.rejection_reason).toBe(
      'The trade licence has expired.',
    );

    const again = await submit(owner, { ...FIELDS, trade_license_number: 'TL-2027-00001' }, documents());
    expect(again.statusCode).toBe(200);
    const resubmitted = (await status(owner)).json().data;
    expect(resubmitted.verification_status).toBe('pending_review');
    expect(resubmitted.rejection_reason).toBeNull();
    expect(resubmitted.submission.trade_license_number).toBe('TL-2027-00001');
  });

  it('answers 409 once the company is approved, and 415 to a JSON body', async () => {
    const owner = await onboardedOwner(t);
    await setCompanyStatus(t.store.db, owner.user.company_id, 'approved');
    expect((await submit(owner, FIELDS, documents())).statusCode).toBe(409);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-form',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: FIELDS,
    });
    expect(json.statusCode).toBe(415);
  });
});
