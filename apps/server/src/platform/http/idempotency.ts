import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, type FieldErrors } from '@skydesk/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import { RequestTransaction } from '../db/request-transaction.js';
import type { Database } from '../db/schema.js';
import { StoreConflictError } from '../db/store-health.js';
import { failureBody } from './errors.js';
import {
  deleteKeysCreatedBefore,
  findRecord,
  findRecordWith,
  type IdempotencyRecord,
  saveAnswer,
} from './idempotency-repo.js';

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

type KeyedRequest = { companyId: string; key: string; endpoint: string; requestHash: string };

/** Keys whose first request runs in this process now (company and key). */
const running = new Set<string>();

/** Another server on the database runs the key now (it holds the key's lock). */
class RunningElsewhere extends Error {}
/** Another server answered the key between this request's look and its lock. */
class AnsweredMeanwhile extends Error {
  constructor(readonly record: IdempotencyRecord) {
    super('answered meanwhile');
  }
}

const stillRunning = () =>
  new AppError('conflict', IDEMPOTENCY_MESSAGES.stillRunning, { retryAfter: IN_FLIGHT_RETRY_AFTER_SECONDS });

/**
 * Runs `answer` at most once for the key, and stores its answer in the same transaction as its
 * work (issue 17): the request's statements run in one transaction (db/request-transaction.ts)
 * that also writes the key's answer and commits both, or neither. A process killed mid-request
 * leaves no trace, so a retry runs the request as the first time; killed after the commit, the
 * answer is there to replay. (Before, the claim, the work and the answer were three commits: a
 * retry after a crash met a claim "still running" for five minutes, then ran the work again even
 * when it had been done — a second booking.) A retry gets the stored answer back (`replayed`).
 * 4xx AppErrors are answers too (a refused request is refused again the same way); unexpected
 * errors and 5xx roll everything back, so a retry can run. While the first request runs, a retry
 * answers 409 at once with Retry-After (decision 009): this process knows its own requests, and a
 * request of another server on the same PostgreSQL holds the key's advisory lock meanwhile.
 * `answer` returns undefined when it sent the reply itself (nothing to store).
 */
export async function runIdempotently(
  deps: Deps,
  request: KeyedRequest,
  answer: () => Promise<IdempotentAnswer | undefined>,
): Promise<IdempotentOutcome | undefined> {
  const id = `${request.companyId}\n${request.key}`;
  if (running.has(id)) throw stillRunning();
  running.add(id);
  try {
    const stored = answered(deps, request, await findRecord(deps.db, request.companyId, request.key));
    if (stored) return { ...stored, replayed: true };
    return await runOnce(deps, request, answer);
  } finally {
    running.delete(id);
  }
}

/** The key's stored answer, if it has one that counts; 422 when it was another request's. */
function answered(
  deps: Deps,
  request: KeyedRequest,
  record: IdempotencyRecord | undefined,
): IdempotentAnswer | undefined {
  // None, or a key past its 24 hours (as good as new), or a claim without an answer left by an
  // earlier version of this code: the request runs (and its answer replaces the row).
  if (!record || deps.now().getTime() - record.createdAt.getTime() >= KEY_LIFETIME_MS) return undefined;
  if (record.endpoint !== request.endpoint || record.requestHash !== request.requestHash) {
    throw new AppError('validation', IDEMPOTENCY_MESSAGES.otherRequest, {
      fieldErrors: { [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.otherRequest] },
    });
  }
  if (record.responseStatus === null) return undefined;
  return { status: record.responseStatus, body: envelopeInOrder(record.responseBody) };
}

/**
 * Runs the request; a transaction that lost a race (a deadlock, store-health.ts) rolled all of it
 * back, so it runs again, up to CONFLICT_ATTEMPTS times, after a short random pause that lets the
 * winner finish. The client never sees the race — only a 503 if it lost every time.
 */
async function runOnce(
  deps: Deps,
  request: KeyedRequest,
  answer: () => Promise<IdempotentAnswer | undefined>,
): Promise<IdempotentOutcome | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runAttempt(deps, request, answer);
    } catch (error) {
      if (!(error instanceof StoreConflictError) || attempt >= CONFLICT_ATTEMPTS) throw error;
      deps.log.warn(
        { err: error.cause, idempotencyKey: request.key, attempt },
        'the request lost a race with another transaction and was rolled back; running it again',
      );
      await sleep(10 + Math.random() * 40 * attempt);
    }
  }
}

const CONFLICT_ATTEMPTS = 4;

async function runAttempt(
  deps: Deps,
  request: KeyedRequest,
  answer: () => Promise<IdempotentAnswer | undefined>,
): Promise<IdempotentOutcome | undefined> {
  const [lockA, lockB] = advisoryKey(request.companyId, request.key);
  const transaction = new RequestTransaction(async (execute) => {
    const lock = await execute(
      CompiledQuery.raw('select pg_try_advisory_xact_lock($1, $2) as locked', [lockA, lockB]),
    );
    if (!lock.rows[0]?.locked) throw new RunningElsewhere();
    const record = await findRecordWith(execute, request.companyId, request.key);
    if (record && record.responseStatus !== null && answered(deps, request, record)) {
      throw new AnsweredMeanwhile(record);
    }
  });
  const save = (result: IdempotentAnswer) =>
    saveAnswer(deps.db, { ...request, createdAt: deps.now() }, result.status, result.body);

  let result: IdempotentAnswer | undefined;
  try {
    result = await transaction.run(async () => {
      const done = await answer();
      if (done) await save(done);
      return done;
    });
  } catch (error) {
    const interruption = transaction.interruption;
    if (interruption instanceof RunningElsewhere || interruption instanceof AnsweredMeanwhile) {
      await transaction.end(false);
      if (interruption instanceof RunningElsewhere) throw stillRunning();
      return { ...answered(deps, request, interruption.record)!, replayed: true };
    }
    if (error instanceof AppError && error.status < 500) {
      // A refusal is an answer: stored with whatever the request did (its own transactions rolled
      // back to their savepoints), unless a failed statement spoiled the transaction — then
      // nothing is kept and a retry asks again.
      try {
        await transaction.run(() => save({ status: error.status, body: failureBody(error) }));
        await transaction.end(true);
      } catch (saving) {
        await transaction.end(false).catch(() => {});
        deps.log.warn(
          { err: saving, idempotencyKey: request.key },
          'a refusal was not stored; a retry runs again',
        );
      }
    } else {
      await transaction
        .end(false)
        .catch((rollback) =>
          deps.log.error({ err: rollback, idempotencyKey: request.key }, 'could not roll the request back'),
        );
    }
    throw error;
  }
  // The work and its answer commit together; a failed commit is the request's failure.
  await transaction.end(true);
  return result && { ...result, replayed: false };
}

/** The key's advisory lock: two int4 of a hash of company and key (apart from bigint task locks). */
function advisoryKey(companyId: string, key: string): [number, number] {
  const digest = createHash('sha256').update(`${companyId}\n${key}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
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
