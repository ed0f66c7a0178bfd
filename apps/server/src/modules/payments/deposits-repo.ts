import type { TransactionStatus } from '@skydesk/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The SQL of an agency's deposits (deposit_transactions) and of the bank accounts they name. */

type Db = Kysely<Database> | Transaction<Database>;

const BANK_COLUMNS = ['id', 'bank', 'account_title', 'account_number', 'iban'] as const;

/** The accounts an agency may deposit into: the live ones, by bank and number. */
export const liveBanks = (db: Db) =>
  db
    .selectFrom('banks')
    .select(BANK_COLUMNS)
    .where('retired_at', 'is', null)
    .orderBy('bank')
    .orderBy('account_number')
    .execute();

/** The account, whether live or retired (undefined when there is none). */
export const findBank = (db: Db, id: string) =>
  db.selectFrom('banks').select(['id', 'bank', 'retired_at']).where('id', '=', id).executeTakeFirst();

export const companyCurrency = async (db: Db, companyId: string) =>
  (await db.selectFrom('companies').select('currency').where('id', '=', companyId).executeTakeFirstOrThrow())
    .currency;

/** Whether the agency has a deposit with this bank reference (any case) that was not rejected. */
export async function liveReferenceExists(db: Db, companyId: string, referenceNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_transactions')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['reference_no']), '=', referenceNo.toLowerCase()))
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
  return row !== undefined;
}

/** The unique index of live references (migration 0008): the name its violation carries. */
export const LIVE_REFERENCE_INDEX = 'deposit_transactions_reference_key';

export type NewDeposit = {
  companyId: string;
  bankId: string;
  amountMinor: number;
  currency: string;
  depositDate: string;
  referenceNo: string;
  note: string | null;
  receiptKey: string;
  receiptFileName: string;
  receiptContentType: string;
  receiptSizeBytes: number;
  createdBy: string;
  createdAt: Date;
};

export async function insertDeposit(db: Db, deposit: NewDeposit): Promise<string> {
  const row = await db
    .insertInto('deposit_transactions')
    .values({
      company_id: deposit.companyId,
      bank_id: deposit.bankId,
      amount_minor: deposit.amountMinor,
      currency: deposit.currency,
      deposit_date: deposit.depositDate,
      reference_no: deposit.referenceNo,
      note: deposit.note,
      receipt_key: deposit.receiptKey,
      receipt_file_name: deposit.receiptFileName,
      receipt_content_type: deposit.receiptContentType,
      receipt_size_bytes: deposit.receiptSizeBytes,
      created_by: deposit.createdBy,
      created_at: deposit.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A deposit as the agency sees it, with its bank and author. */
function depositsOf(db: Db, companyId: string) {
  return db
    .selectFrom('deposit_transactions as d')
    .innerJoin('banks as b', 'b.id', 'd.bank_id')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .select([
      'd.id',
      'd.bank_id',
      'b.bank as bank_name',
      'd.amount_minor',
      'd.currency',
      'd.deposit_date',
      'd.reference_no',
      'd.note',
      'd.status',
      'd.rejection_reason',
      'd.receipt_file_name',
      'd.created_by',
      'u.name as created_by_name',
      'd.created_at',
      'd.decided_at',
      // The exact timestamp (microseconds; a Date keeps milliseconds) for the keyset cursor.
      sql<string>`d.created_at::text`.as('cursor_at'),
    ])
    .where('d.company_id', '=', companyId);
}

export type DepositRow = Awaited<ReturnType<ReturnType<typeof depositsOf>['execute']>>[number];

export async function findDeposit(db: Db, companyId: string, id: string): Promise<DepositRow | undefined> {
  return depositsOf(db, companyId).where('d.id', '=', id).executeTakeFirst();
}

export type DepositFilter = { status?: TransactionStatus; from?: string; to?: string };

/** Where a page of the newest-first list resumes: after this row. */
export type DepositCursor = { createdAt: string; id: string };

/**
 * One batch of the agency's deposits, newest first (created_at, id descending, on the index
 * deposit_transactions_company_idx): after the cursor when given (keyset), else from `offset`.
 */
export function depositBatch(
  db: Db,
  companyId: string,
  filter: DepositFilter,
  position: { after: DepositCursor } | { offset: number },
  size: number,
): Promise<DepositRow[]> {
  let query = depositsOf(db, companyId);
  if (filter.status) query = query.where('d.status', '=', filter.status);
  if (filter.from) query = query.where('d.deposit_date', '>=', filter.from);
  if (filter.to) query = query.where('d.deposit_date', '<=', filter.to);
  if ('after' in position) {
    const { createdAt, id } = position.after;
    query = query.where(sql<boolean>`(d.created_at, d.id) < (${createdAt}::timestamptz, ${id}::uuid)`);
  } else if (position.offset > 0) {
    query = query.offset(position.offset);
  }
  return query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(size).execute();
}

/** The stored receipt of one of the agency's deposits (undefined for another agency's). */
export const findReceipt = (db: Db, companyId: string, id: string) =>
  db
    .selectFrom('deposit_transactions')
    .select(['receipt_key', 'receipt_file_name', 'receipt_content_type'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
