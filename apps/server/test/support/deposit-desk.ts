import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';
import type { FileStore } from '../../src/platform/storage/file-store.js';
import { sampleFiles, type TestApp } from './auth-flow.js';

/**
 * Deposits waiting on the operators' desk, written straight into the store — what the agency's
 * POST /api/company/create-transaction records (its own tests cover the upload) — so the desk's
 * tests need no multipart round trip: a bank account, the receipt in the app's file store, and a
 * `pending` row in the agency's currency.
 */

type Db = Kysely<Database>;

export async function testBank(db: Db, name = 'Emirates NBD'): Promise<string> {
  const row = await db
    .insertInto('banks')
    .values({
      bank: name,
      account_title: 'SkyDesk Travel Technologies LLC',
      account_number: `10${randomBytes(5).readUIntBE(0, 5)}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type PendingDeposit = {
  id: string;
  bankId: string;
  amountMinor: number;
  referenceNo: string;
  receipt: Buffer;
};

export async function pendingDeposit(
  t: Pick<TestApp, 'store' | 'clock' | 'app'>,
  companyId: string,
  options: { amountMinor: number; bankId?: string; referenceNo?: string; userId?: string; note?: string },
): Promise<PendingDeposit> {
  return recordDeposit(t.store.db, t.app.skydesk.platform.files, companyId, {
    ...options,
    at: t.clock.now(),
  });
}

/** The same, with a store and file store of one's own (property and ledger tests). */
export async function recordDeposit(
  db: Db,
  files: FileStore,
  companyId: string,
  options: {
    amountMinor: number;
    at: Date;
    bankId?: string;
    referenceNo?: string;
    userId?: string;
    note?: string;
  },
): Promise<PendingDeposit> {
  const bankId = options.bankId ?? (await testBank(db));
  const receipt = sampleFiles.pdf();
  const company = await db
    .selectFrom('companies')
    .select('currency')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const referenceNo = options.referenceNo ?? `TT${randomBytes(5).toString('hex').toUpperCase()}`;
  const row = await db
    .insertInto('deposit_transactions')
    .values({
      company_id: companyId,
      bank_id: bankId,
      amount_minor: options.amountMinor,
      currency: company.currency,
      deposit_date: options.at.toISOString().slice(0, 10),
      reference_no: referenceNo,
      note: options.note ?? null,
      receipt_key: await files.put(receipt),
      receipt_file_name: 'transfer receipt.pdf',
      receipt_content_type: 'application/pdf',
      receipt_size_bytes: receipt.length,
      created_by: options.userId ?? null,
      created_at: options.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, bankId, amountMinor: options.amountMinor, referenceNo, receipt };
}
