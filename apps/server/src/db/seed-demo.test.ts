import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERMISSIONS } from '@skydesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../test/support/stores.js';
import { createSecretBox } from '../platform/security/encryption.js';
import { createPasswordHasher } from '../platform/security/password.js';
import { createLocalFileStore } from '../platform/storage/file-store.js';
import { DEMO, seedDemoData } from './seed-demo.js';

describe.each(storeKinds())('demo data on %s', (kind) => {
  let store: TestStore;
  afterEach(async () => store?.dispose());

  const deps = () => ({
    hasher: createPasswordHasher(10),
    secretBox: createSecretBox(randomBytes(32)),
    currency: 'USD',
    now: new Date('2026-11-22T12:00:00Z'),
  });

  it('seeds an approved agency whose owner holds the Owner role with every permission', async () => {
    store = await createTestStore(kind);
    const seedDeps = deps();
    expect(await seedDemoData(store.db, seedDeps)).toBe(true);

    const owner = await store.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select([
        'companies.name as company',
        'companies.verification_status',
        'roles.name as role',
        'roles.permissions',
        'users.password_hash',
        'users.totp_secret_enc',
        'users.email_verified_at',
        'users.is_owner',
      ])
      .where('users.email', '=', DEMO.ownerEmail)
      .executeTakeFirstOrThrow();
    expect(owner).toMatchObject({
      company: 'Demo Travels',
      verification_status: 'approved',
      role: 'Owner',
      is_owner: true,
    });
    expect([...owner.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(owner.email_verified_at).not.toBeNull();
    expect(await seedDeps.hasher.verify(DEMO.password, owner.password_hash!)).toBe(true);
    expect(owner.totp_secret_enc).not.toContain(DEMO.totpSecret);
    expect(seedDeps.secretBox.open(owner.totp_secret_enc!)).toBe(DEMO.totpSecret);

    const operator = await store.db
      .selectFrom('operators')
      .selectAll()
      .where('email', '=', DEMO.operatorEmail)
      .executeTakeFirstOrThrow();
    expect(await seedDeps.hasher.verify(DEMO.password, operator.password_hash)).toBe(true);

    // Accounts to deposit into, so a newcomer can record a deposit at once.
    const banks = await store.db.selectFrom('banks').select(['bank', 'retired_at']).execute();
    expect(banks.length).toBeGreaterThanOrEqual(2);
    expect(banks.every((bank) => bank.retired_at === null)).toBe(true);
  });

  it('seeds one published announcement and one offer for every agency, in limited Markdown', async () => {
    store = await createTestStore(kind);
    const seedDeps = deps();
    expect(await seedDemoData(store.db, seedDeps)).toBe(true);
    const posts = await store.db
      .selectFrom('notice_posts')
      .select(['kind', 'title', 'body', 'publish_at', 'expires_at', 'countries', 'notified_at'])
      .orderBy('kind')
      .execute();
    expect(posts.map((post) => post.kind)).toEqual(['announcement', 'offer']);
    for (const post of posts) {
      expect(post.publish_at?.toISOString()).toBe(seedDeps.now.toISOString());
      expect(post.countries).toEqual([]);
      expect(post.body).toMatch(/\*\*[^*]+\*\*/);
      expect(post.body).not.toMatch(/<[a-z]/i);
      // Not told yet: the publication sweep tells the demo agency once the server listens.
      expect(post.notified_at).toBeNull();
    }
    expect(posts[1]!.expires_at!.getTime()).toBeGreaterThan(seedDeps.now.getTime());
  });

  it('seeds an agency an operator could audit, with or without its history: documents on file, everyone enrolled (issue 30)', async () => {
    for (const history of [false, true]) {
      await store?.dispose();
      store = await createTestStore(kind);
      const files = createLocalFileStore(join(mkdtempSync(join(tmpdir(), 'skydesk-demo-')), 'uploads'));
      expect(await seedDemoData(store.db, { ...deps(), files, history })).toBe(true);
      // Every approved agency has its latest vendor form with both documents, each file there.
      const approved = await store.db
        .selectFrom('companies')
        .select('id')
        .where('verification_status', '=', 'approved')
        .execute();
      expect(approved).toHaveLength(1);
      for (const company of approved) {
        const documents = await store.db
          .selectFrom('company_documents')
          .innerJoin('vendor_submissions', 'vendor_submissions.id', 'company_documents.submission_id')
          .select(['kind', 'storage_key', 'size_bytes', 'company_documents.created_at'])
          .where('company_documents.company_id', '=', company.id)
          .execute();
        expect(documents.map((document) => document.kind).sort(), `history ${history}`).toEqual([
          'owner_id_document',
          'trade_license',
        ]);
        for (const document of documents) {
          expect((await files.get(document.storage_key)).length).toBe(document.size_bytes);
        }
      }
      // Two-step sign-in is mandatory: every user and operator has enrolled an authenticator.
      const notEnrolled = await store.db
        .selectFrom('users')
        .select('email')
        .where((eb) => eb.or([eb('totp_enabled_at', 'is', null), eb('totp_secret_enc', 'is', null)]))
        .execute();
      expect(notEnrolled, `history ${history}`).toEqual([]);
      const operatorsNotEnrolled = await store.db
        .selectFrom('operators')
        .select('email')
        .where('totp_enabled_at', 'is', null)
        .execute();
      expect(operatorsNotEnrolled).toEqual([]);
      const users = await store.db.selectFrom('users').select('id').execute();
      expect(users.length).toBe(history ? 4 : 1);
    }
  }, 120_000);

  it('seeds only an empty store', async () => {
    store = await createTestStore(kind);
    expect(await seedDemoData(store.db, deps())).toBe(true);
    expect(await seedDemoData(store.db, deps())).toBe(false);
    const companies = await store.db.selectFrom('companies').select('id').execute();
    expect(companies).toHaveLength(1);
  });
});
