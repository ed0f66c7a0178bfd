import { randomBytes, randomInt } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/platform/db/store.js';
import { startServer } from '../support/server-process.js';
import { createEmptyPostgresDatabase, type StoreKind, storeKinds } from '../support/stores.js';
import {
  type Answer,
  bookingBody,
  call,
  type DepositFields,
  data,
  depositFields,
  depositForm,
  searchOffers,
  seededRandom,
  signInDemo,
} from './http-driver.js';
import { createLoopDisk, type LoopDisk, loopDiskOptedOut, requireLoopDisk } from './loop-disk.js';
import { brokenRules } from './store-invariants.js';

/**
 * Issue 17, crash safety: a driver books, issues, cancels and voids, requests refunds, records
 * deposits, and an operator approves deposits and refunds, all at once against a real server
 * process, which is SIGKILLed at a random moment, KILLS times, and restarted on the same data.
 * After each kill:
 *
 * - the store as the dead process left it keeps every rule (store-invariants.ts): ledgers sum to
 *   balances, no half-made booking, seats sold = what live bookings hold, approved deposits one line;
 * - every write the server acknowledged (a 2xx) is there, in its state or a later one;
 * - the server starts again on it by itself (no repair);
 * - each Idempotency-Key call the kill interrupted, sent again, is performed once: its answer is
 *   the answer to every later retry, and nothing was made twice (a booking or deposit the store has
 *   is one some answer named).
 *
 * On PGlite the checks read a copy of the data folder taken right after the kill (the server
 * recovers the folder itself meanwhile); on PostgreSQL, the database itself. The run is seeded:
 * CRASH_SEED=<n> replays one (the seed is printed with any failure); CRASH_KILLS=<n> changes
 * the number of kills.
 *
 * A SIGKILL keeps the operating system's page cache: what the process wrote survives it whether or
 * not it reached the disk. Issue 28 adds the failure that does not: on the embedded store, its
 * storage fails right after the answers. The data folder is an ext4 file system on a loop device
 * (loop-disk.ts); at a random moment of the burst the file system is shut down without flushing
 * (what xfstests uses to model a power cut: everything not synced is lost), the server is killed,
 * the file system mounted again (its journal replayed) and the server started on it. Every write
 * answered 2xx must be there, and each acknowledged deposit's receipt file; a call answered 503
 * once the storage failed is retried with its key like an interrupted one (the outcome of a commit
 * whose sync failed is unknown until the store recovers). CRASH_STORAGE_FAILURES=<n> changes
 * their number (default 8).
 */

/**
 * Twenty per store, as the issue asks (a restart and its checks take 5–7 s). At twenty, one CI run
 * of 27 November 2026 met a 500 from /api/request-cancel-booking on PostgreSQL, unexplained then
 * (no server log). The likeliest cause, found since: a void, which credited before it gave its
 * seats back, and a cancelled hold, which gives its seats back before its history reaches the
 * analytics rollups, meeting at just the wrong moment (a deadlock). The lock
 * order is now held in every test (test/support/lock-order.ts), and a deadlock still met is run
 * again (a keyed call) or answered 503, never 500. CRASH_KILLS=<n> runs another number.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const STORAGE_FAILURES = Number(process.env.CRASH_STORAGE_FAILURES ?? 8);
const WORKERS = 4;
const SEED = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));

type BookingStatus =
  | 'booked'
  | 'ticketed'
  | 'cancelled'
  | 'expired'
  | 'voided'
  | 'refund_requested'
  | 'partially_refunded'
  | 'refunded';

/** The statuses a booking may have by now, given the last one a 2xx answer said it had. */
const LATER: Record<BookingStatus, BookingStatus[]> = {
  booked: [
    'booked',
    'ticketed',
    'cancelled',
    'expired',
    'voided',
    'refund_requested',
    'partially_refunded',
    'refunded',
  ],
  ticketed: ['ticketed', 'voided', 'refund_requested', 'partially_refunded', 'refunded'],
  refund_requested: ['refund_requested', 'partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refund_requested', 'refunded'],
  refunded: ['refunded'],
  cancelled: ['cancelled'],
  voided: ['voided'],
  expired: ['expired'],
};

/** An Idempotency-Key call, kept to be sent again exactly so when the kill interrupts it. */
type KeyedCall = {
  key: string;
  path: string;
  body?: unknown;
  deposit?: DepositFields;
  /** The booking it acts on (a new booking: none), busy until the call ends. */
  bookingId?: string;
};

type Ack = { bookings: Map<string, BookingStatus[]>; deposits: Map<string, string[]> };

const ROUTES = [
  { origin: 'LHR', destination: 'JFK' },
  { origin: 'JFK', destination: 'LHR' },
  { origin: 'SFO', destination: 'JFK' },
  { origin: 'DXB', destination: 'LHR' },
];

/** How the server goes down at each crash: killed, or its storage failing under it, then killed. */
type Failure = 'kill' | 'storage';

describe.each(storeKinds())('crash safety on %s', (kind: StoreKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }, 60_000);

  it(
    `keeps every acknowledged write and every rule through ${KILLS} SIGKILLs (seed ${SEED})`,
    () => crashRun(kind, 'kill', KILLS, cleanups),
    120_000 + KILLS * 45_000,
  );
});

describe('crash safety on pglite when its storage fails', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }, 60_000);

  if (loopDiskOptedOut) {
    it.skip('left out: SKYDESK_NO_LOOP_DISK=1 (the storage-failure mode needs root and loop devices)');
    return;
  }
  it(
    `keeps every acknowledged write through ${STORAGE_FAILURES} storage failures right after the answers (seed ${SEED})`,
    () => {
      requireLoopDisk('The storage-failure crash test');
      return crashRun('pglite', 'storage', STORAGE_FAILURES, cleanups);
    },
    120_000 + STORAGE_FAILURES * 60_000,
  );
});

async function crashRun(
  kind: StoreKind,
  failure: Failure,
  KILLS: number,
  cleanups: (() => Promise<void>)[],
): Promise<void> {
  const random = seededRandom(SEED + (kind === 'pglite' ? 0 : 1) + (failure === 'storage' ? 2 : 0));
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
  const started = Date.now();
  const timings: string[] = [];

  let disk: LoopDisk | undefined;
  let dataDir: string;
  if (failure === 'storage') {
    const made = createLoopDisk(1024);
    disk = made;
    cleanups.push(async () => made.dispose());
    dataDir = made.mountPoint;
  } else {
    const made = mkdtempSync(join(tmpdir(), 'skydesk-crash-'));
    cleanups.push(async () => rmSync(made, { recursive: true, force: true }));
    dataDir = made;
  }
  /** Set once the storage has failed under this burst: its 503s are expected then. */
  let storageFailed = false;
  const expectedRefusal = (answer: Answer) => storageFailed && answer.status === 503;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    DEMO_HISTORY: 'false',
    SEARCH_WORKERS: '0',
    LOG_LEVEL: 'warn',
    // Nothing refused for want of credits or seats (0 turns the hold-value bound off): the driver wants writes, not refusals.
    HOLD_VALUE_RATIO: '0',
    MAX_HELD_SEATS_PER_FLIGHT: '999',
  };
  let checker: Store | undefined;
  if (kind === 'postgres') {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
    env.JWT_SECRET = randomBytes(48).toString('base64url');
    env.DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  }

  let server = startServer(env);
  /** The output of the server killed last: a 500 it answered before the kill has its cause there. */
  let killedOutput = '';
  cleanups.push(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  let base = await server.url;
  timings.push(`first start ${Date.now() - started} ms`);
  const agency = await signInDemo(base, 'agency');
  const operator = await signInDemo(base, 'operator');
  const [banks] = await data<[{ id: string }[]]>(base, 'GET', '/api/bank', { token: agency });
  const bankId = banks[0]!.id;
  if (kind === 'postgres') {
    checker = await openStore({ kind: 'postgres', url: env.DATABASE_URL!, maxConnections: 2 });
    cleanups.push(() => checker!.close());
  }

  const acked: Ack = { bookings: new Map(), deposits: new Map() };
  /** Ids some 2xx answer named: anything else in the store was made twice or made unasked. */
  const named = { bookings: new Set<string>(), deposits: new Set<string>() };
  const busy = new Set<string>();
  const failures: string[] = [];
  const fail = (message: string) => failures.push(message);

  const noteBooking = (answer: Answer) => {
    const booking = answer.body.data as { id: string; status: BookingStatus };
    named.bookings.add(booking.id);
    acked.bookings.set(booking.id, LATER[booking.status]);
  };
  const noteDeposit = (answer: Answer) => {
    const deposit = answer.body.data as { id: string; status: string };
    named.deposits.add(deposit.id);
    acked.deposits.set(
      deposit.id,
      deposit.status === 'pending' ? ['pending', 'approved', 'rejected'] : [deposit.status],
    );
  };
  const withStatus = (...statuses: BookingStatus[]) =>
    [...acked.bookings]
      .filter(([id, allowed]) => !busy.has(id) && statuses.includes(allowed[0]!))
      .map(([id]) => id);

  const sendKeyed = (keyed: KeyedCall) =>
    call(base, 'POST', keyed.path, {
      token: agency,
      key: keyed.key,
      ...(keyed.deposit ? { form: depositForm(keyed.deposit) } : { body: keyed.body }),
    });
  const noteKeyed = (keyed: KeyedCall, answer: Answer) => {
    if (expectedRefusal(answer)) {
      // Refused once the storage failed: sent again with its key after the restart.
      interrupted.push(keyed);
      return;
    }
    if (answer.status >= 500) fail(`${keyed.path}: ${answer.status} ${answer.body.message}`);
    if (answer.status >= 300) return;
    if (keyed.deposit) noteDeposit(answer);
    else noteBooking(answer);
  };

  let offers: string[] = [];
  let running = false;
  let interrupted: KeyedCall[] = [];

  /** One random operation; a keyed call the kill interrupts is kept for its retry. */
  async function operate() {
    const roll = random();
    const reason = 'Crash test';
    let keyed: KeyedCall | undefined;
    if (roll < 0.3) {
      const offer = pick(offers);
      if (offer)
        keyed = {
          key: randomBytes(8).toString('hex'),
          path: '/api/booking',
          body: bookingBody(offer, random),
        };
    } else if (roll < 0.5) {
      const id = pick(withStatus('booked'));
      if (id)
        keyed = {
          key: randomBytes(8).toString('hex'),
          path: '/api/booking-issue',
          bookingId: id,
          body: { pnr: '' },
        };
    } else if (roll < 0.6) {
      const id = pick(withStatus('booked', 'ticketed'));
      if (id)
        keyed = {
          key: randomBytes(8).toString('hex'),
          path: '/api/request-cancel-booking',
          bookingId: id,
          body: { booking_id: id, reason },
        };
    } else if (roll < 0.7) {
      const id = pick(withStatus('ticketed'));
      if (id)
        keyed = {
          key: randomBytes(8).toString('hex'),
          path: '/api/request-ticket-refund',
          bookingId: id,
          body: { booking_id: id, reason },
        };
    } else if (roll < 0.8) {
      keyed = {
        key: randomBytes(8).toString('hex'),
        path: '/api/company/create-transaction',
        deposit: depositFields(bankId, '2500.00'),
      };
    } else if (roll < 0.9) {
      const id = pick(
        [...acked.deposits]
          .filter(([depositId, allowed]) => !busy.has(depositId) && allowed[0] === 'pending')
          .map(([depositId]) => depositId),
      );
      if (!id) return;
      busy.add(id);
      // An operator's decision has no Idempotency-Key: after a kill it may or may not have happened.
      acked.deposits.set(id, ['pending', 'approved']);
      try {
        const answer = await call(base, 'POST', `/api/admin/transactions/${id}/approve`, {
          token: operator,
        });
        if (answer.status >= 500 && !expectedRefusal(answer))
          fail(`approve deposit: ${answer.status} ${answer.body.message}`);
        if (answer.status < 300) acked.deposits.set(id, ['approved']);
      } finally {
        busy.delete(id);
      }
      return;
    } else {
      const list = await call(base, 'GET', '/api/admin/refunds?status=pending', { token: operator });
      const refund = pick(
        ((list.body.data?.refunds ?? []) as { id: string; booking: { id: string } }[]).filter(
          (r) => !busy.has(r.booking.id) && acked.bookings.has(r.booking.id),
        ),
      );
      if (!refund) return;
      const bookingId = refund.booking.id;
      busy.add(bookingId);
      acked.bookings.set(bookingId, LATER.refund_requested);
      try {
        const answer = await call(base, 'POST', `/api/admin/refunds/${refund.id}/approve`, {
          token: operator,
          body: {},
        });
        if (answer.status >= 500 && !expectedRefusal(answer))
          fail(`approve refund: ${answer.status} ${answer.body.message}`);
        if (answer.status < 300) acked.bookings.set(bookingId, ['refunded', 'partially_refunded']);
      } finally {
        busy.delete(bookingId);
      }
      return;
    }
    if (!keyed) return;
    if (keyed.path === '/api/booking-issue') {
      // The issue call names the booking by its reference.
      keyed.body = { pnr: pnrs.get(keyed.bookingId!) };
    }
    if (keyed.bookingId) busy.add(keyed.bookingId);
    try {
      const answer = await sendKeyed(keyed);
      noteKeyed(keyed, answer);
      if (answer.status < 300 && keyed.path === '/api/booking') {
        const booking = answer.body.data as { id: string; pnr: string };
        pnrs.set(booking.id, booking.pnr);
      }
    } catch (error) {
      if (running) throw error;
      interrupted.push(keyed);
    } finally {
      if (keyed.bookingId) busy.delete(keyed.bookingId);
    }
  }
  const pnrs = new Map<string, string>();

  async function worker() {
    while (running) {
      try {
        await operate();
      } catch (error) {
        // The server died under an operator's call or a search: nothing to retry.
        if (running) throw error;
      }
    }
  }

  /** The store's checks: the rules, the acknowledged writes, nothing made that no answer named. */
  async function checkStore(store: Store, pendingNew: { bookings: number; deposits: number }, when: string) {
    for (const rule of await brokenRules(store.db)) fail(`${when}: ${rule}`);
    const bookings = new Map(
      (await store.db.selectFrom('bookings').select(['id', 'status']).execute()).map((b) => [b.id, b.status]),
    );
    for (const [id, allowed] of acked.bookings) {
      const status = bookings.get(id) as BookingStatus | undefined;
      if (!status || !allowed.includes(status))
        fail(`${when}: booking ${id} is ${status ?? 'missing'}, acknowledged as ${allowed[0]}`);
    }
    const deposits = new Map(
      (await store.db.selectFrom('deposit_transactions').select(['id', 'status']).execute()).map((d) => [
        d.id,
        d.status,
      ]),
    );
    for (const [id, allowed] of acked.deposits) {
      const status = deposits.get(id);
      if (!status || !allowed.includes(status))
        fail(`${when}: deposit ${id} is ${status ?? 'missing'}, acknowledged as ${allowed[0]}`);
    }
    if (failure === 'storage') {
      // An acknowledged deposit's receipt is a file beside the store: it must be on the disk too.
      const receipts = await store.db
        .selectFrom('deposit_transactions')
        .select(['id', 'receipt_key'])
        .execute();
      for (const { id, receipt_key } of receipts) {
        if (!acked.deposits.has(id)) continue;
        const size = statSync(join(dataDir, 'uploads', receipt_key), { throwIfNoEntry: false })?.size;
        if (!size) fail(`${when}: deposit ${id}'s receipt is ${size === 0 ? 'empty' : 'missing'}`);
      }
    }
    // Made by a call the kill interrupted (its retry names it), or made twice.
    const unnamedBookings = [...bookings.keys()].filter((id) => !named.bookings.has(id));
    const unnamedDeposits = [...deposits.keys()].filter((id) => !named.deposits.has(id));
    if (unnamedBookings.length > pendingNew.bookings) {
      fail(
        `${when}: ${unnamedBookings.length} bookings no answer named, ${pendingNew.bookings} calls interrupted`,
      );
    }
    if (unnamedDeposits.length > pendingNew.deposits) {
      fail(
        `${when}: ${unnamedDeposits.length} deposits no answer named, ${pendingNew.deposits} calls interrupted`,
      );
    }
  }

  const startedCycles = Date.now();
  /** Where the kills' time goes (printed at the end): bursts, restarts and checks, retries. */
  const spent = { bursts: 0, restarts: 0, retries: 0 };
  for (let kill = 1; kill <= KILLS; kill++) {
    const route = ROUTES[kill % ROUTES.length]!;
    let phase = Date.now();
    offers = await searchOffers(base, agency, { ...route, daysAhead: 20 + (kill % 30) });
    running = true;
    interrupted = [];
    const workers = Array.from({ length: WORKERS }, () => worker());
    await new Promise((resolve) => setTimeout(resolve, 200 + random() * 1_300));
    running = false;
    if (disk) {
      // The calls in flight meet a file system that fails every call from now on.
      storageFailed = true;
      disk.powerCut();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    await Promise.all(workers);
    if (disk) {
      // What was not on the device is gone: the file system as a restart finds it.
      disk.remount();
      storageFailed = false;
    }
    spent.bursts += Date.now() - phase;
    phase = Date.now();

    const pendingNew = {
      bookings: interrupted.filter((k) => k.path === '/api/booking').length,
      deposits: interrupted.filter((k) => k.deposit).length,
    };
    const when = `after kill ${kill}`;
    let copy: string | undefined;
    if (kind === 'pglite') {
      copy = mkdtempSync(join(tmpdir(), 'skydesk-crash-copy-'));
      cpSync(join(dataDir, 'pglite'), copy, { recursive: true });
    }
    // The server recovers the store by itself while the checks read it (or its copy).
    killedOutput = server.output();
    server = startServer(env);
    if (kind === 'pglite') {
      const store = await openStore({ kind: 'pglite', dataDir: copy! });
      try {
        await checkStore(store, pendingNew, when);
      } finally {
        await store.close();
        rmSync(copy!, { recursive: true, force: true });
      }
    } else {
      await checkStore(checker!, pendingNew, when);
    }
    base = await server.url;
    spent.restarts += Date.now() - phase;
    phase = Date.now();

    // Each interrupted call again: performed once, and that answer is every retry's answer.
    for (const keyed of interrupted) {
      const first = await sendKeyed(keyed);
      noteKeyed(keyed, first);
      if (first.status === 409 && /still being processed/.test(first.body.message)) {
        fail(`${when}: the retry of ${keyed.path} is refused as still running: ${first.body.message}`);
      }
      if (first.status < 300 && keyed.path === '/api/booking') {
        const booking = first.body.data as { id: string; pnr: string };
        pnrs.set(booking.id, booking.pnr);
      }
      const again = await sendKeyed(keyed);
      if (again.status !== first.status || !isDeepStrictEqual(again.body, first.body)) {
        fail(`${when}: a second retry of ${keyed.path} answered ${again.status} after ${first.status}`);
      }
    }
    spent.retries += Date.now() - phase;
    // A failure names the server's own errors, the killed one's and since its restart (a 500's
    // cause is only there).
    const serverErrors = () =>
      `${killedOutput}\n${server.output()}`
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line))
        .join('\n');
    expect(
      failures,
      `seed ${SEED}: ${failures.join('\n')}\n${failures.length ? serverErrors() : ''}`,
    ).toEqual([]);
  }
  timings.push(
    `${KILLS} kills ${Date.now() - startedCycles} ms (searches and bursts ${spent.bursts}, restarts with the checks ${spent.restarts}, retries ${spent.retries})`,
  );

  // A last clean stop, and the store checked once more with every interrupted call retried.
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  const store =
    kind === 'pglite' ? await openStore({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }) : checker!;
  try {
    await checkStore(store, { bookings: 0, deposits: 0 }, 'at the end');
    const counts = {
      bookings: named.bookings.size,
      movedOn: [...acked.bookings.values()].filter((allowed) => allowed[0] !== 'booked').length,
      deposits: named.deposits.size,
    };
    console.log(`crash safety on ${kind}, seed ${SEED}: ${JSON.stringify(counts)}; ${timings.join(', ')}`);
    expect(counts.bookings, `seed ${SEED}: the driver made too few bookings to say anything`).toBeGreaterThan(
      KILLS,
    );
  } finally {
    if (kind === 'pglite') await store.close();
  }
  expect(failures, `seed ${SEED}: ${failures.join('\n')}`).toEqual([]);
  // About 4 s a kill on two idle cores (a start of the server is most of it); far more when busy.
}
