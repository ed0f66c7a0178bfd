import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const COLUMNS = [
  'id',
  'bank',
  'account_title',
  'account_number',
  'iban',
  'retired_at',
  'created_at',
  'updated_at',
] as const;

/** Live accounts first, then retired ones; each by bank and number. */
export const listBanks = (db: Db) =>
  db
    .selectFrom('banks')
    .select(COLUMNS)
    .orderBy((eb) => eb('retired_at', 'is not', null))
    .orderBy('bank')
    .orderBy('account_number')
    .execute();

export type BankRow = Awaited<ReturnType<typeof listBanks>>[number];

export const lockBank = (trx: Transaction<Database>, id: string) =>
  trx.selectFrom('banks').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();

export type BankFields = {
  bank: string;
  account_title: string;
  account_number: string;
  iban: string | null;
};

export const insertBank = (trx: Transaction<Database>, fields: BankFields, at: Date) =>
  trx
    .insertInto('banks')
    .values({ ...fields, created_at: at, updated_at: at })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export const updateBank = (
  trx: Transaction<Database>,
  id: string,
  changes: Partial<BankFields> & { retired_at?: Date; updated_at: Date },
) => trx.updateTable('banks').set(changes).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow();
