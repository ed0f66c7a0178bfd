import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** The SQL of agencies' credit limits: the limit on the balance row and the history of changes. */

type Db = Kysely<Database> | Transaction<Database>;

export const findCompany = (db: Db, companyId: string) =>
  db.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst();

/** Sets the limit on the (locked) balance row. */
export async function setCreditLimit(
  trx: Transaction<Database>,
  companyId: string,
  limitMinor: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('credit_balances')
    .set({ credit_limit_minor: limitMinor, updated_at: at })
    .where('company_id', '=', companyId)
    .execute();
}

export async function insertLimitChange(
  trx: Transaction<Database>,
  change: {
    companyId: string;
    operatorId: string;
    fromMinor: number;
    toMinor: number;
    reason: string;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('credit_limit_changes')
    .values({
      company_id: change.companyId,
      operator_id: change.operatorId,
      from_minor: change.fromMinor,
      to_minor: change.toMinor,
      reason: change.reason,
      created_at: change.at,
    })
    .execute();
}

/** Every change of the company's limit with the operator who made it, newest first. */
export const limitChangesOf = (db: Db, companyId: string) =>
  db
    .selectFrom('credit_limit_changes')
    .innerJoin('operators', 'operators.id', 'credit_limit_changes.operator_id')
    .select([
      'credit_limit_changes.id',
      'credit_limit_changes.from_minor',
      'credit_limit_changes.to_minor',
      'credit_limit_changes.reason',
      'credit_limit_changes.created_at',
      'operators.id as operator_id',
      'operators.name as operator_name',
    ])
    .where('credit_limit_changes.company_id', '=', companyId)
    .orderBy('credit_limit_changes.created_at', 'desc')
    .orderBy('credit_limit_changes.id', 'desc')
    .execute();
