import { AppError, SERVER } from '@skydesk/contract';

/**
 * Whether the store can write (issue 10). A full disk used to make bookings answer 500 while
 * `/api/health` said the store was fine. Now every statement's failure passes through `classify`
 * (guarded-dialect.ts, store.ts): one that means "the database cannot write now" marks the store
 * degraded in this process — logged once, reported by health as a 503, answered to the request as
 * a 503 with a clear message — and a probe retries a small write every few seconds until one
 * succeeds, which clears the mark by itself. Reads keep working meanwhile: nothing is refused up
 * front, the database alone decides what it can still do.
 */

/**
 * SQLSTATEs that mean the database cannot write now, whatever the statement. PGlite reports its
 * filesystem's errors the way PostgreSQL does: ENOSPC while extending a table is 53100 (tried on a
 * full tmpfs).
 */
const CANNOT_WRITE = new Map<string, string>([
  ['53000', 'insufficient resources'],
  ['53100', 'disk full'],
  ['53200', 'out of memory'],
  ['58030', 'I/O error'],
  // A read-only server: a standby, or `default_transaction_read_only` set to stop writes.
  ['25006', 'read-only'],
]);

/**
 * The reason a failure means the store cannot write, or undefined. PostgreSQL reports EROFS and
 * EACCES on its own files as 42501 ("could not open file …: Read-only file system"); a permission
 * refused on a table is also 42501 but not a storage problem, so only file errors count.
 */
export function cannotWriteReason(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return undefined;
  const text = typeof message === 'string' ? message : '';
  const kind = CANNOT_WRITE.get(code);
  if (kind) return `${kind} (${code}): ${text}`;
  if (code === '42501' && /^could not .*\bfile\b/.test(text)) return `file not writable (${code}): ${text}`;
  return undefined;
}

/**
 * The reason a failure means the database could not be reached for this statement, or undefined:
 * a lost or refused connection, a server shutting down or restarting, too many clients. Unlike
 * "cannot write" it marks nothing — the pool opens a new connection for the next statement, which
 * judges again — but the request answers 503, not 500: nothing is wrong with the request, and a
 * retry (with its Idempotency-Key, for a write) is what fixes it.
 */
export function unreachableReason(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string' && (UNREACHABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code))) {
    return `${code}: ${text}`;
  }
  // node-postgres' own errors for a connection that ended or never opened carry no code.
  if (error instanceof Error && LOST_CONNECTION.test(text)) return text;
  return undefined;
}

/** Class 08: connection exception; 57P01–57P03: shutting down, crashed, starting up; 53300: too many clients. */
const UNREACHABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * The reason a failure means the statement lost a race with another transaction, or undefined:
 * PostgreSQL broke a deadlock by aborting it (40P01), could not serialize it (40001), or a lock it
 * would not wait for was taken (55P03). Nothing is wrong with the request or the store: its
 * transaction rolled back and the same work run again succeeds. A request with an
 * Idempotency-Key is run again by the server itself (idempotency.ts); any other answers 503 with
 * Retry-After, never 500. The lock order (docs/booking-and-money.md) keeps deadlocks out of the
 * money and seat paths; this is the net under whatever order is not known yet.
 */
export function conflictReason(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !CONFLICT_SQLSTATES.has(code)) return undefined;
  return `${code}: ${typeof message === 'string' ? message : ''}`;
}

const CONFLICT_SQLSTATES = new Set(['40P01', '40001', '55P03']);

/** Seconds a client is told to wait before trying a write again. */
export const STORE_RETRY_AFTER_SECONDS = 30;
/** Seconds a client is told to wait after a lost connection: the pool reconnects at once. */
export const CONNECTION_RETRY_AFTER_SECONDS = 2;
/** Seconds a client is told to wait after its transaction lost a race: the other is done by then. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/** What a request gets when its statement failed because the store cannot write: a 503. */
export class StoreUnavailableError extends AppError {
  /** Logged once as the outage begins (the system module's watch), not again for each refusal. */
  readonly expectedOutage = true;
  constructor(cause: unknown) {
    super('unavailable', SERVER.storageUnavailable, { retryAfter: STORE_RETRY_AFTER_SECONDS });
    this.name = 'StoreUnavailableError';
    // The database's own error, for the log.
    this.cause = cause;
  }
}

/**
 * A 503 the server expects while its storage can't write (the store's or the uploads'): the outage
 * was logged once, as a warning with its cause, when it began; each refusal is not an error.
 */
export const isExpectedOutage = (error: unknown): boolean =>
  (error as { expectedOutage?: unknown } | null)?.expectedOutage === true;

/** What a request gets when its database connection was lost: a 503 to retry soon. */
export class StoreUnreachableError extends AppError {
  constructor(cause: unknown) {
    super('unavailable', SERVER.storeConnectionLost, { retryAfter: CONNECTION_RETRY_AFTER_SECONDS });
    this.name = 'StoreUnreachableError';
    this.cause = cause;
  }
}

/** What a request gets when its transaction lost a race with another (a deadlock): a 503 to retry. */
export class StoreConflictError extends AppError {
  constructor(cause: unknown) {
    super('unavailable', SERVER.storeConflict, { retryAfter: CONFLICT_RETRY_AFTER_SECONDS });
    this.name = 'StoreConflictError';
    this.cause = cause;
  }
}

export type Degraded = { since: Date; reason: string };

export type StoreHealth = {
  /** Since when and why writes fail; undefined while they work. */
  degraded(): Degraded | undefined;
  /**
   * A failed statement's error, passed on: one that means the store cannot write marks it degraded
   * and comes back as a StoreUnavailableError; a lost connection comes back as a
   * StoreUnreachableError; a lost race (a deadlock) as a StoreConflictError; any other comes back
   * as it was.
   */
  classify(error: unknown): unknown;
  /** Called on each change, degraded (with why) or writable again (undefined); returns the unsubscribe. */
  onChange(listener: (degraded: Degraded | undefined) => void): () => void;
  /** Stops probing (the store is closing). */
  stop(): void;
};

export const DEFAULT_PROBE_INTERVAL_MS = 5_000;

export function createStoreHealth(options: {
  /** A small write that needs new space on disk, left undone; rejects while the store cannot write. */
  probe: () => Promise<void>;
  probeIntervalMs?: number;
  now?: () => Date;
}): StoreHealth {
  const intervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const listeners = new Set<(degraded: Degraded | undefined) => void>();
  let state: Degraded | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const change = (next: Degraded | undefined) => {
    state = next;
    for (const listener of listeners) listener(next);
  };

  // One probe at a time, each scheduled after the last ended, only while degraded.
  const scheduleProbe = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void runProbe(), intervalMs);
    // The probe never keeps the process alive.
    timer.unref();
  };
  const runProbe = async () => {
    let stillCannotWrite = false;
    try {
      await options.probe();
    } catch (error) {
      // Any other failure (the connection, a permission on the schema) says nothing about space
      // or a read-only store: the mark goes, and the next real write judges again.
      stillCannotWrite = error instanceof StoreUnavailableError || cannotWriteReason(error) !== undefined;
    }
    timer = undefined;
    if (stillCannotWrite) scheduleProbe();
    else if (state) change(undefined);
  };

  return {
    degraded: () => state,
    classify(error) {
      if (
        error instanceof StoreUnavailableError ||
        error instanceof StoreUnreachableError ||
        error instanceof StoreConflictError
      ) {
        return error;
      }
      const reason = cannotWriteReason(error);
      if (reason) {
        if (!state) change({ since: now(), reason });
        scheduleProbe();
        return new StoreUnavailableError(error);
      }
      if (conflictReason(error)) return new StoreConflictError(error);
      return unreachableReason(error) ? new StoreUnreachableError(error) : error;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
