import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { postLedgerEntry } from './ledger.js';
import { ledgerSum, lockBalance, readBalance } from './ledger-repo.js';

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

  async function grantLimit(companyId: string, limitMinor: number) {
    await store.db.transaction().execute(async (trx) => {
      await lockBalance(trx, companyId);
      await trx
        .updateTable('credit_balances')
        .set({ credit_limit_minor: limitMinor })
        .where('company_id', '=', companyId)
        .execute();
    });
  }
  const lines = async (companyId: string) =>
    (
      await store.db
        .selectFrom('ledger_entries')
        .select('seq')
        .where('company_id', '=', companyId)
        .orderBy('seq')
        .execute()
    ).map((row) => Number(row.seq));

  it('debits down to exactly minus the credit limit, and refuses one cent further with 402', async () => {
    const companyId = await newCompany();
    await grantLimit(companyId, 30_000);
    await post(companyId, 'adjustment', 5_000);
    const debit = await post(companyId, 'ticket', -35_000);
    expect(debit.balanceAfterMinor).toBe(-30_000);
    await expect(post(companyId, 'ticket', -1)).rejects.toMatchObject({
      status: 402,
      message: 'Insufficient credits',
    });
    expect((await readBalance(store.db, companyId)).balanceMinor).toBe(-30_000);
    // A credit always goes in, and what it frees may be spent again, to the cent.
    await post(companyId, 'adjustment', 1);
    await post(companyId, 'ticket', -1);
    await expect(post(companyId, 'ticket', -1)).rejects.toMatchObject({ status: 402 });
    expect(await ledgerSum(store.db, companyId)).toBe(-30_000);
    expect(await lines(companyId)).toEqual([1, 2, 3, 4]);
  });

  it('passes exactly the debits balance + limit cover under concurrency, never below minus the limit', async () => {
    const companyId = await newCompany();
    // 12 of the 50 fit in the balance, 8 more in the limit; a 21st would take it one debit past.
    await grantLimit(companyId, 8 * 700);
    await post(companyId, 'adjustment', 12 * 700);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => post(companyId, 'ticket', -700)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(20);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 402 });
    }
    expect((await readBalance(store.db, companyId)).balanceMinor).toBe(-8 * 700);
    expect(await ledgerSum(store.db, companyId)).toBe(-8 * 700);
    const after = await store.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.min<number>('balance_after_minor').as('lowest'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(Number(after.lowest)).toBe(-8 * 700);
    // The lines are numbered 1..21 without a gap, whatever order the debits took the lock in.
    expect(await lines(companyId)).toEqual(Array.from({ length: 21 }, (_, index) => index + 1));
  });

  it('refuses a balance below minus the limit even to SQL that skips the ledger', async () => {
    const companyId = await newCompany();
    await grantLimit(companyId, 1_000);
    await expect(
      sql`update credit_balances set balance_minor = -1001 where company_id = ${companyId}`.execute(store.db),
    ).rejects.toThrow(/credit_balances_within_limit/);
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
