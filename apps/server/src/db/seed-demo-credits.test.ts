import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../test/support/stores.js';
import { ledgerSum, readBalance } from '../modules/payments/ledger-repo.js';
import { createSecretBox } from '../platform/security/encryption.js';
import { createPasswordHasher } from '../platform/security/password.js';
import { DEMO, seedDemoData } from './seed-demo.js';

describe.each(storeKinds())('the demo agency’s credits on %s', (kind) => {
  let store: TestStore;
  afterEach(async () => store?.dispose());

  const deps = (history: boolean) => ({
    hasher: createPasswordHasher(10),
    secretBox: createSecretBox(randomBytes(32)),
    currency: 'USD',
    now: new Date('2026-11-22T12:00:00Z'),
    history,
  });
  const demoAgencyId = async () =>
    (
      await store.db
        .selectFrom('companies')
        .select('id')
        .where('name', '=', DEMO.companyName)
        .executeTakeFirstOrThrow()
    ).id;

  it('are 10,000.00 through one adjustment entry, seeded once, for a demo without history', async () => {
    store = await createTestStore(kind);
    expect(await seedDemoData(store.db, deps(false))).toBe(true);
    expect(await seedDemoData(store.db, deps(false))).toBe(false);
    const id = await demoAgencyId();
    expect(await readBalance(store.db, id)).toEqual({ balanceMinor: 1_000_000, currency: 'USD' });
    expect(await ledgerSum(store.db, id)).toBe(1_000_000);
    const entries = await store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor'])
      .where('company_id', '=', id)
      .execute();
    expect(entries).toEqual([{ kind: 'adjustment', amount_minor: 1_000_000 }]);
  });

  // Issue 15: by default the demo has four months of history, whose first line is those credits;
  // the tickets, voids, refunds and deposits after it move the balance, which stays the ledger's sum.
  it('open the history as its first line, 10,000.00, and the balance is the ledger’s sum after it', async () => {
    store = await createTestStore(kind);
    expect(await seedDemoData(store.db, deps(true))).toBe(true);
    expect(await seedDemoData(store.db, deps(true))).toBe(false);
    const id = await demoAgencyId();
    const first = await store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor', 'note', 'created_at'])
      .where('company_id', '=', id)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ kind: 'adjustment', amount_minor: 1_000_000, note: 'Demo credits' });
    // Dated at the history's start, about four months before the seeding.
    const monthsBack = (Date.parse('2026-11-22T12:00:00Z') - first.created_at.getTime()) / (30 * 86_400_000);
    expect(monthsBack).toBeGreaterThan(3.8);
    const balance = await readBalance(store.db, id);
    expect(balance.balanceMinor).toBeGreaterThan(0);
    expect(await ledgerSum(store.db, id)).toBe(balance.balanceMinor);
  });
});
