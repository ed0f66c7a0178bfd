import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The SQL of Idempotency-Key (docs/architecture.md §6), one row per company and key, written once with the
 * key's answer in the same transaction as the request's work (idempotency.ts). `created_at` comes
 * from the app's clock (whole milliseconds), and dates the key for its 24 hours.
 */

type Db = Kysely<Database>;

export type IdempotencyRecord = {
  endpoint: string;
  requestHash: string;
  /** null only in a row left by an earlier version, which claimed keys before running. */
  responseStatus: number | null;
  responseBody: unknown;
  createdAt: Date;
};

export type KeyAnswer = {
  companyId: string;
  key: string;
  endpoint: string;
  requestHash: string;
  createdAt: Date;
};

type Row = {
  endpoint: string;
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
  created_at: Date | string;
};

const toRecord = (row: Row): IdempotencyRecord => ({
  endpoint: row.endpoint,
  requestHash: row.request_hash,
  responseStatus: row.response_status,
  responseBody: row.response_body,
  createdAt: new Date(row.created_at),
});

export async function findRecord(
  db: Db,
  companyId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['endpoint', 'request_hash', 'response_status', 'response_body', 'created_at'])
    .where('company_id', '=', companyId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The same look, on a connection the caller holds (the request's transaction, as it begins). */
export async function findRecordWith(
  execute: (query: CompiledQuery) => Promise<QueryResult<Record<string, unknown>>>,
  companyId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const result = await execute(
    CompiledQuery.raw(
      'select endpoint, request_hash, response_status, response_body, created_at from idempotency_keys where company_id = $1 and key = $2',
      [companyId, key],
    ),
  );
  const row = result.rows[0] as Row | undefined;
  return row ? toRecord(row) : undefined;
}

/** Writes the key's answer (over a row past its 24 hours, or an earlier version's claim). */
export async function saveAnswer(db: Db, answer: KeyAnswer, status: number, body: unknown): Promise<void> {
  const values = {
    endpoint: answer.endpoint,
    request_hash: answer.requestHash,
    response_status: status,
    response_body: JSON.stringify(body),
    created_at: answer.createdAt,
  };
  await db
    .insertInto('idempotency_keys')
    .values({ company_id: answer.companyId, key: answer.key, ...values })
    .onConflict((conflict) => conflict.columns(['company_id', 'key']).doUpdateSet(values as never))
    .execute();
}

/** Deletes keys created before the cutoff (housekeeping; such keys no longer replay anyway). */
export async function deleteKeysCreatedBefore(db: Db, cutoff: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
}
