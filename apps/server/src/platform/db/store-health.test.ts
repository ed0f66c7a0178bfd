import { SERVER } from '@skydesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONFLICT_RETRY_AFTER_SECONDS,
  CONNECTION_RETRY_AFTER_SECONDS,
  cannotWriteReason,
  conflictReason,
  createStoreHealth,
  type Degraded,
  STORE_RETRY_AFTER_SECONDS,
  StoreConflictError,
  type StoreHealth,
  StoreUnavailableError,
  StoreUnreachableError,
  unreachableReason,
} from './store-health.js';

/** A database error as node-postgres and PGlite raise them: a message and a SQLSTATE `code`. */
const dbError = (code: string, message: string) => Object.assign(new Error(message), { code });
const diskFull = () => dbError('53100', 'could not extend file "base/5/16385": No space left on device');

const waitFor = async (condition: () => boolean, timeoutMs = 2_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('what counts as "the store cannot write"', () => {
  it.each([
    ['53100', 'could not extend file "base/5/16385": No space left on device'],
    ['53000', 'insufficient resources'],
    ['53200', 'out of memory'],
    ['58030', 'could not write to file "pg_wal/xlogtemp.1": Input/output error'],
    ['25006', 'cannot execute INSERT in a read-only transaction'],
    ['42501', 'could not open file "base/5/16385": Read-only file system'],
    ['42501', 'could not create file "base/5/16400": Permission denied'],
  ])('%s %s', (code, message) => {
    expect(cannotWriteReason(dbError(code, message))).toContain(code);
  });

  it.each([
    ['42501', 'permission denied for table bookings'],
    ['23505', 'duplicate key value violates unique constraint "users_email_key"'],
    ['53300', 'sorry, too many clients already'],
    ['40001', 'could not serialize access due to concurrent update'],
  ])('not %s %s', (code, message) => {
    expect(cannotWriteReason(dbError(code, message))).toBeUndefined();
  });

  it('not errors without a SQLSTATE', () => {
    expect(cannotWriteReason(new Error('Connection terminated unexpectedly'))).toBeUndefined();
    expect(cannotWriteReason('disk full')).toBeUndefined();
    expect(cannotWriteReason(null)).toBeUndefined();
  });
});

/** node-postgres' errors when a connection fails: a socket's, or its own without a code. */
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('what counts as "the database could not be reached"', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08003', 'connection does not exist'],
    ['53300', 'sorry, too many clients already'],
  ])('%s %s', (code, message) => {
    expect(unreachableReason(dbError(code, message))).toContain(code);
  });

  it.each([
    socketError('ECONNREFUSED'),
    socketError('ECONNRESET'),
    socketError('ETIMEDOUT'),
    new Error('Connection terminated unexpectedly'),
    new Error('Connection terminated due to connection timeout'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
  ])('%s', (error) => {
    expect(unreachableReason(error)).toBeDefined();
  });

  it.each([
    dbError('23505', 'duplicate key value violates unique constraint "users_email_key"'),
    dbError('40001', 'could not serialize access due to concurrent update'),
    dbError('53100', 'could not extend file'),
    new Error('Connection refused by policy'),
    new TypeError('Cannot read properties of undefined'),
    'Connection terminated',
    null,
  ])('not %s', (error) => {
    expect(unreachableReason(error)).toBeUndefined();
  });
});

describe('what counts as "the transaction lost a race"', () => {
  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['55P03', 'could not obtain lock on row in relation "bookings"'],
  ])('%s %s', (code, message) => {
    expect(conflictReason(dbError(code, message))).toContain(code);
  });

  it.each([
    dbError('23505', 'duplicate key value violates unique constraint "users_email_key"'),
    dbError('53100', 'could not extend file'),
    dbError('57P01', 'terminating connection due to administrator command'),
    new Error('deadlock detected'),
    null,
  ])('not %s', (error) => {
    expect(conflictReason(error)).toBeUndefined();
  });
});

describe('the store health mark', () => {
  let health: StoreHealth | undefined;
  afterEach(() => health?.stop());

  /** A health whose probe fails with `probeFailure` while it is set. */
  const watched = () => {
    const probe = { calls: 0, failure: diskFull() as Error | undefined };
    const changes: (Degraded | undefined)[] = [];
    let at = 0;
    health = createStoreHealth({
      probe: async () => {
        probe.calls++;
        if (probe.failure) throw probe.failure;
      },
      probeIntervalMs: 20,
      now: () => new Date(Date.UTC(2026, 10, 22, 12, 0, at++)),
    });
    health.onChange((degraded) => changes.push(degraded));
    return { health, probe, changes };
  };

  it('turns a "cannot write" failure into a 503 with a clear message, and marks the store degraded once', () => {
    const { health, changes } = watched();
    const original = diskFull();
    const failed = health.classify(original);
    expect(failed).toBeInstanceOf(StoreUnavailableError);
    expect(failed).toMatchObject({
      status: 503,
      message: SERVER.storageUnavailable,
      retryAfter: STORE_RETRY_AFTER_SECONDS,
      cause: original,
    });
    health.classify(diskFull());
    health.classify(failed);
    expect(changes).toHaveLength(1);
    expect(health.degraded()).toEqual({
      since: new Date('2026-11-22T12:00:00Z'),
      reason: 'disk full (53100): could not extend file "base/5/16385": No space left on device',
    });
  });

  it.each([
    {
      what: 'a lost connection',
      error: new Error('Connection terminated unexpectedly'),
      type: StoreUnreachableError,
      message: SERVER.storeConnectionLost,
      retryAfter: CONNECTION_RETRY_AFTER_SECONDS,
    },
    ...[
      ['40P01', 'deadlock detected'],
      ['40001', 'could not serialize access due to concurrent update'],
      ['55P03', 'could not obtain lock on row in relation "bookings"'],
    ].map(([code, text]) => ({
      what: `a lost race (${code} ${text})`,
      error: dbError(code!, text!),
      type: StoreConflictError,
      message: SERVER.storeConflict,
      retryAfter: CONFLICT_RETRY_AFTER_SECONDS,
    })),
  ])(
    'turns $what into a 503 to retry soon, without marking the store',
    ({ error, type, message, retryAfter }) => {
      const { health, probe, changes } = watched();
      const failed = health.classify(error);
      expect(failed).toBeInstanceOf(type);
      expect(failed).toMatchObject({ status: 503, message, retryAfter, cause: error });
      expect(health.classify(failed)).toBe(failed);
      expect(health.degraded()).toBeUndefined();
      expect(changes).toEqual([]);
      expect(probe.calls).toBe(0);
    },
  );

  it('passes every other failure on as it was, and stays writable', () => {
    const { health, probe, changes } = watched();
    const unique = dbError('23505', 'duplicate key value');
    expect(health.classify(unique)).toBe(unique);
    expect(health.degraded()).toBeUndefined();
    expect(changes).toEqual([]);
    expect(probe.calls).toBe(0);
  });

  it('probes while degraded and clears the mark by itself once a write works, then stops probing', async () => {
    const { health, probe, changes } = watched();
    health.classify(diskFull());
    await waitFor(() => probe.calls >= 3);
    expect(health.degraded()).toBeDefined();
    probe.failure = undefined;
    await waitFor(() => health.degraded() === undefined);
    expect(changes.map((change) => change && 'degraded')).toEqual(['degraded', undefined]);
    const probes = probe.calls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(probe.calls).toBe(probes);
  });

  it('clears the mark when the probe fails for another reason: the next real write judges', async () => {
    const { health, probe } = watched();
    health.classify(diskFull());
    probe.failure = new Error('Connection terminated unexpectedly');
    await waitFor(() => health.degraded() === undefined);
  });

  it('stops probing when the store closes', async () => {
    const { health, probe } = watched();
    health.classify(diskFull());
    health.stop();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(probe.calls).toBe(0);
  });
});
