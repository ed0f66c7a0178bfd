import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { postLedgerEntry } from './ledger.js';
import { ledgerSum, readBalance } from './ledger-repo.js';

describe.each(storeKinds())('the credits ledger on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind, { maxConnections: 20 });
  });
  afterAll(() => store?.dispose());

  async function newCompany() {
    const row = await store.db
      .insertInto('companies')
      .values({
        name: `Ledger ${randomUUID().slice(0, 8)}`,
        contact_name: 'Ann Ledger',
        email: `${randomUUID()}@example.test`,
        phone: '+971500000000',
        country: 'AE',
        city: 'Dubai',
        address: '1 Creek Road',
        currency: 'USD',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const post = (companyId: string, kind: 'adjustment' | 'ticket', amountMinor: number) =>
    store.db.transaction().execute((trx) => postLedgerEntry(trx, { companyId, kind, amountMinor }));

  it('starts at zero, credits and debits, and keeps the balance equal to the sum', async () => {
    const companyId = await newCompany();
    expect(await readBalance(store.db, companyId)).toEqual({ balanceMinor: 0, currency: 'USD' });
    await post(companyId, 'adjustment', 50_000);
    const debit = await post(companyId, 'ticket', -12_345);
    expect(debit.balanceAfterMinor).toBe(37_655);
    expect((await readBalance(store.db, companyId)).balanceMinor).toBe(37_655);
    expect(await ledgerSum(store.db, companyId)).toBe(37_655);
  });

  it('refuses a debit the balance cannot cover with 402, leaving nothing behind', async () => {
    const companyId = await newCompany();
    await post(companyId, 'adjustment', 1_000);
    await expect(post(companyId, 'ticket', -1_001)).rejects.toMatchObject({
      status: 402,
      message: 'Insufficient credits',
    });
    expect((await readBalance(store.db, companyId)).balanceMinor).toBe(1_000);
    expect(await ledgerSum(store.db, companyId)).toBe(1_000);
  });

  it('never goes below zero under concurrent debits: exactly the covered ones pass', async () => {
    const companyId = await newCompany();
    await post(companyId, 'adjustment', 20 * 700);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => post(companyId, 'ticket', -700)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(20);
    expect((await readBalance(store.db, companyId)).balanceMinor).toBe(0);
    expect(await ledgerSum(store.db, companyId)).toBe(0);
  });

  it('is append-only: an entry can be neither changed nor removed', async () => {
    const companyId = await newCompany();
    await post(companyId, 'adjustment', 500);
    await expect(
      sql`update ledger_entries set amount_minor = 1 where company_id = ${companyId}`.execute(store.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from ledger_entries where company_id = ${companyId}`.execute(store.db),
    ).rejects.toThrow(/append-only/);
    expect(await ledgerSum(store.db, companyId)).toBe(500);
  });
});
