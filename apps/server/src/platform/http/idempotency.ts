import { createHash } from 'node:crypto';
import { AppError, type FieldErrors } from '@skydesk/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { failureBody } from './errors.js';
import {
  type ClaimRef,
  deleteClaim,
  deleteKeysCreatedBefore,
  findRecord,
  insertClaim,
  type NewClaim,
  replaceRecord,
  saveResponse,
} from './idempotency-store.js';

/**
 * Idempotency-Key (docs/api.md; docs/architecture.md §6, after Stripe and the IETF draft): the first answer to a
 * key is stored and replayed to retries; the same key with another request answers 422; a retry
 * while the first still runs answers 409 with `Retry-After` (docs/decisions/009). Keys belong to a
 * company and live 24 hours.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** docs/architecture.md §6: keys are kept 24 hours; an older key is as good as new. */
export const KEY_LIFETIME_MS = 24 * 3_600_000;
/**
 * A claim still running after this long belongs to a process that died mid-request (no request
 * runs for minutes: the server's timeouts are far shorter), so a retry may take it over.
 */
export const STALE_CLAIM_MS = 5 * 60_000;
/**
 * Seconds a retry that met a running first request is told to wait: a write that moves money or
 * seats answers well within one. The header also tells this 409 from a refusal's 409 (seats gone,
 * price changed), which a client must not retry.
 */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters',
  otherRequest: 'This Idempotency-Key was used with another request',
  stillRunning: 'A request with this Idempotency-Key is still being processed. Please retry shortly.',
} as const;

/** The request's key: absent (no idempotency), a valid key, or field errors for the 422. */
export function readIdempotencyKey(request: FastifyRequest): { key?: string; errors?: FieldErrors } {
  const value = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined) return {};
  // Sent twice arrives as an array: ambiguous, so refused like any other bad key.
  if (typeof value === 'string' && /^[\x20-\x7e]{1,255}$/.test(value)) return { key: value };
  return { errors: { [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.invalidKey] } };
}

/**
 * What makes two requests "the same": the endpoint, and a hash of its parsed params, query and
 * body in a canonical form (keys sorted), so a retry that orders JSON keys differently or
 * spells a default out still matches.
 */
export function requestFingerprint(
  endpoint: { method: string; routePattern: string },
  parts: { params: unknown; query: unknown; body: unknown },
): { endpoint: string; requestHash: string } {
  return {
    endpoint: `${endpoint.method} ${endpoint.routePattern}`,
    requestHash: createHash('sha256').update(canonicalJson(parts)).digest('hex'),
  };
}

/** JSON with object keys sorted at every depth and undefined members left out. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (typeof member === 'bigint') return member.toString();
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    // Dates and other objects with their own JSON form have been turned into it already.
    return Object.fromEntries(
      Object.entries(member as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}

export type IdempotentAnswer = { status: number; body: unknown };

export type IdempotentOutcome = IdempotentAnswer & { replayed: boolean };

type Deps = { db: Kysely<Database>; now: () => Date; log: FastifyBaseLogger };

/**
 * Runs `answer` at most once for the key: claims the key, runs, stores the answer. A retry gets
 * the stored answer back (`replayed`). 4xx AppErrors are answers too (a refused request is
 * refused again the same way); unexpected errors and 5xx release the claim so a retry can run.
 * `answer` returns undefined when it sent the reply itself (nothing to store).
 */
export async function runIdempotently(
  deps: Deps,
  request: { companyId: string; key: string; endpoint: string; requestHash: string },
  answer: () => Promise<IdempotentAnswer | undefined>,
): Promise<IdempotentOutcome | undefined> {
  const claimed = await claim(deps, request);
  if ('replay' in claimed) return { ...claimed.replay, replayed: true };

  const ref = claimed.claim;
  let result: IdempotentAnswer | undefined;
  try {
    result = await answer();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await keep(deps, ref, { status: error.status, body: failureBody(error) });
    } else {
      await release(deps, ref);
    }
    throw error;
  }
  if (result) await keep(deps, ref, result);
  else await release(deps, ref);
  return result && { ...result, replayed: false };
}

/** A failure to release must not hide the request's own error; the claim then goes stale. */
async function release(deps: Deps, ref: ClaimRef) {
  try {
    await deleteClaim(deps.db, ref);
  } catch (error) {
    deps.log.error({ err: error, idempotencyKey: ref.key }, 'could not release the idempotency claim');
  }
}

/**
 * The work is done by now: failing to record its answer must not turn a success into an error.
 * The claim then stays running, so retries get 409 until it goes stale.
 */
async function keep(deps: Deps, ref: ClaimRef, answer: IdempotentAnswer) {
  try {
    await saveResponse(deps.db, ref, answer.status, answer.body);
  } catch (error) {
    deps.log.error({ err: error, idempotencyKey: ref.key }, 'could not store the idempotent answer');
  }
}

/** How many times a claim is retried when the row changes between reading and writing it. */
const CLAIM_ATTEMPTS = 3;

async function claim(
  deps: Deps,
  request: { companyId: string; key: string; endpoint: string; requestHash: string },
): Promise<{ claim: ClaimRef } | { replay: IdempotentAnswer }> {
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const now = deps.now();
    const mine: NewClaim = { ...request, createdAt: now };
    if (await insertClaim(deps.db, mine)) return { claim: mine };

    const existing = await findRecord(deps.db, request.companyId, request.key);
    // Gone since the insert: the first request failed and released it; claim again.
    if (!existing) continue;
    const age = now.getTime() - existing.createdAt.getTime();
    if (age >= KEY_LIFETIME_MS) {
      if (await replaceRecord(deps.db, existing.createdAt, mine)) return { claim: mine };
      continue;
    }
    if (existing.endpoint !== request.endpoint || existing.requestHash !== request.requestHash) {
      throw new AppError('validation', IDEMPOTENCY_MESSAGES.otherRequest, {
        fieldErrors: { [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.otherRequest] },
      });
    }
    if (existing.responseStatus !== null) {
      return { replay: { status: existing.responseStatus, body: envelopeInOrder(existing.responseBody) } };
    }
    if (age < STALE_CLAIM_MS) break;
    if (await replaceRecord(deps.db, existing.createdAt, mine)) return { claim: mine };
  }
  throw new AppError('conflict', IDEMPOTENCY_MESSAGES.stillRunning, {
    retryAfter: IN_FLIGHT_RETRY_AFTER_SECONDS,
  });
}

/**
 * jsonb keeps object keys in its own order; the envelope goes back out as `status, message, data`
 * like every other answer (nested data is the same JSON, keys possibly in another order).
 */
function envelopeInOrder(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { status, message, data, ...rest } = body as Record<string, unknown>;
  return { status, message, ...(data === undefined ? {} : { data }), ...rest };
}

/** Housekeeping: drops keys past their 24 hours. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<void> {
  await deleteKeysCreatedBefore(db, new Date(now.getTime() - KEY_LIFETIME_MS));
}
