import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The SQL of Idempotency-Key (docs/architecture.md §6), one row per company and key. A claim is known by its
 * `created_at`, which this module always writes from the app's clock (whole milliseconds, so the
 * value read back compares equal): finishing, releasing or taking over a claim matches it, so a
 * request never writes over a claim that another request has since taken over.
 */

type Db = Kysely<Database>;

export type IdempotencyRecord = {
  endpoint: string;
  requestHash: string;
  /** null while the first request is still running. */
  responseStatus: number | null;
  responseBody: unknown;
  createdAt: Date;
};

export type ClaimRef = { companyId: string; key: string; createdAt: Date };

export type NewClaim = ClaimRef & { endpoint: string; requestHash: string };

/** Inserts the claim; false when the key already has a row (the insert then changes nothing). */
export async function insertClaim(db: Db, claim: NewClaim): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      company_id: claim.companyId,
      key: claim.key,
      endpoint: claim.endpoint,
      request_hash: claim.requestHash,
      created_at: claim.createdAt,
    })
    .onConflict((conflict) => conflict.columns(['company_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

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
  if (!row) return undefined;
  return {
    endpoint: row.endpoint,
    requestHash: row.request_hash,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    createdAt: row.created_at,
  };
}

/**
 * Replaces a row that no longer counts (expired, or a claim whose process died) with a new claim,
 * only if it is still the row that was read: of two requests taking over at once, one wins.
 */
export async function replaceRecord(db: Db, previousCreatedAt: Date, claim: NewClaim): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({
      endpoint: claim.endpoint,
      request_hash: claim.requestHash,
      response_status: null,
      response_body: null,
      created_at: claim.createdAt as never,
    })
    .where('company_id', '=', claim.companyId)
    .where('key', '=', claim.key)
    .where('created_at', '=', previousCreatedAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Stores the answer of a claim that is still this request's. */
export async function saveResponse(db: Db, claim: ClaimRef, status: number, body: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: JSON.stringify(body) })
    .where('company_id', '=', claim.companyId)
    .where('key', '=', claim.key)
    .where('created_at', '=', claim.createdAt)
    .where('response_status', 'is', null)
    .execute();
}

/** Drops a claim whose request failed unexpectedly, so a retry can run. */
export async function deleteClaim(db: Db, claim: ClaimRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('company_id', '=', claim.companyId)
    .where('key', '=', claim.key)
    .where('created_at', '=', claim.createdAt)
    .where('response_status', 'is', null)
    .execute();
}

/** Deletes keys created before the cutoff (housekeeping; such keys no longer replay anyway). */
export async function deleteKeysCreatedBefore(db: Db, cutoff: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
}
