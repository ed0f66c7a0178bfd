import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, seedDemoData } from '../../src/db/seed-demo.js';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { createSecretBox } from '../../src/platform/security/encryption.js';
import { createPasswordHasher } from '../../src/platform/security/password.js';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.js';

describe.each(storeKinds())('the demo agency’s credits on %s', (kind) => {
  let store: TestStore;
  afterEach(async () => store?.dispose());

  it('are 10,000.00 through one adjustment entry, seeded once', async () => {
    store = await createTestStore(kind);
    const deps = {
      hasher: createPasswordHasher(10),
      secretBox: createSecretBox(randomBytes(32)),
      currency: 'USD',
      now: new Date('2026-11-22T12:00:00Z'),
    };
    expect(await seedDemoData(store.db, deps)).toBe(true);
    expect(await seedDemoData(store.db, deps)).toBe(false);
    const { id } = await store.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', DEMO.companyName)
      .executeTakeFirstOrThrow();
    expect(await readBalance(store.db, id)).toEqual({ balanceMinor: 1_000_000, currency: 'USD' });
    expect(await ledgerSum(store.db, id)).toBe(1_000_000);
    const entries = await store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor'])
      .where('company_id', '=', id)
      .execute();
    expect(entries).toEqual([{ kind: 'adjustment', amount_minor: 1_000_000 }]);
  });
});
