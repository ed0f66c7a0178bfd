import type { TransactionStatus } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** The SQL of the operators' deposit desk: deposits with their agency, bank account and people. */

type Db = Kysely<Database> | Transaction<Database>;

export type DepositFilters = { status: TransactionStatus; companyId?: string | undefined };

function filtered(db: Db, filters: DepositFilters) {
  let query = db.selectFrom('deposit_transactions').where('deposit_transactions.status', '=', filters.status);
  if (filters.companyId) query = query.where('deposit_transactions.company_id', '=', filters.companyId);
  return query;
}

/** A deposit as the desk shows it: its agency (and that agency's balance now), bank and people. */
function described(db: Db) {
  return db
    .selectFrom('deposit_transactions')
    .innerJoin('companies', 'companies.id', 'deposit_transactions.company_id')
    .innerJoin('banks', 'banks.id', 'deposit_transactions.bank_id')
    .leftJoin('credit_balances', 'credit_balances.company_id', 'deposit_transactions.company_id')
    .leftJoin('users', 'users.id', 'deposit_transactions.created_by')
    .leftJoin('operators', 'operators.id', 'deposit_transactions.decided_by')
    .selectAll('deposit_transactions')
    .select([
      'companies.name as company_name',
      'banks.bank as bank_name',
      'banks.account_number as bank_account_number',
      'credit_balances.balance_minor as company_balance_minor',
      'users.name as created_by_name',
      'operators.name as decided_by_name',
    ]);
}

export async function countDeposits(db: Db, filters: DepositFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of deposits: the oldest pending first (a queue), the latest decided first. */
export function listDeposits(db: Db, filters: DepositFilters, page: { offset: number; limit: number }) {
  const pending = filters.status === 'pending';
  let query = described(db).where('deposit_transactions.status', '=', filters.status);
  if (filters.companyId) query = query.where('deposit_transactions.company_id', '=', filters.companyId);
  return query
    .orderBy(
      pending ? 'deposit_transactions.created_at' : 'deposit_transactions.decided_at',
      pending ? 'asc' : 'desc',
    )
    .orderBy('deposit_transactions.id', pending ? 'asc' : 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export const findDeposit = (db: Db, depositId: string) =>
  described(db).where('deposit_transactions.id', '=', depositId).executeTakeFirst();

export type DepositRow = NonNullable<Awaited<ReturnType<typeof findDeposit>>>;

/** The deposit's row, locked for a decision until the transaction ends. */
export const lockDeposit = (trx: Transaction<Database>, depositId: string) =>
  trx
    .selectFrom('deposit_transactions')
    .select(['id', 'company_id', 'amount_minor', 'currency', 'reference_no', 'status'])
    .where('id', '=', depositId)
    .forUpdate()
    .executeTakeFirst();

export type LockedDeposit = NonNullable<Awaited<ReturnType<typeof lockDeposit>>>;

export async function markApproved(
  trx: Transaction<Database>,
  depositId: string,
  decision: { at: Date; operatorId: string; ledgerEntryId: string },
): Promise<void> {
  await trx
    .updateTable('deposit_transactions')
    .set({
      status: 'approved',
      decided_at: decision.at,
      decided_by: decision.operatorId,
      ledger_entry_id: decision.ledgerEntryId,
    })
    .where('id', '=', depositId)
    .execute();
}

export async function markRejected(
  trx: Transaction<Database>,
  depositId: string,
  decision: { at: Date; operatorId: string; reason: string },
): Promise<void> {
  await trx
    .updateTable('deposit_transactions')
    .set({
      status: 'rejected',
      rejection_reason: decision.reason,
      decided_at: decision.at,
      decided_by: decision.operatorId,
    })
    .where('id', '=', depositId)
    .execute();
}
