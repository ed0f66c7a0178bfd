import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, createTestStore, storeKinds } from '../../test/support/stores.js';
import { openStore, type Store } from './db/store.js';
import { taskLockKey } from './db/task-lock.js';
import { periodicTask } from './periodic-task.js';

/**
 * Issue 17: the periodic sweeps (hold expiry, refund settlement, notification mail, publication,
 * sign-in state pruning) take turns across servers on one PostgreSQL — an advisory lock per task
 * name — and still run. Two stores on one database stand for two server processes: each opens its
 * own pool and its own lock connection, as a process does.
 */

const silent = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
} as unknown as Parameters<typeof periodicTask>[0]['log'];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Run = { server: string; started: number; ended: number };

/**
 * Both servers run a task of the same name every 10 ms for `forMs`; each run lasts 25 ms and
 * writes its start and end to a table on the shared database. Answers the runs, in start order.
 */
async function runBoth(stores: [Store, Store], options: { name: string; shared: boolean; forMs: number }) {
  const [first] = stores;
  await sql`create table if not exists sweep_runs (task text not null, server text not null, started bigint not null, ended bigint)`.execute(
    first.db,
  );
  const tasks = stores.map((store, index) => {
    const server = index === 0 ? 'A' : 'B';
    return periodicTask({
      name: options.name,
      intervalSeconds: 0.01,
      log: silent,
      ...(options.shared ? { exclusively: store.exclusively } : {}),
      run: async () => {
        const started = Date.now();
        await sql`insert into sweep_runs (task, server, started) values (${options.name}, ${server}, ${started})`.execute(
          store.db,
        );
        await pause(25);
        await sql`update sweep_runs set ended = ${Date.now()} where task = ${options.name} and server = ${server} and started = ${started}`.execute(
          store.db,
        );
      },
    });
  });
  for (const task of tasks) await task.start();
  await pause(options.forMs);
  for (const task of tasks) await task.stop();
  // A run under way when stopped finishes on its own.
  await pause(100);
  const rows = await sql<{ server: string; started: string; ended: string | null }>`
    select server, started, ended from sweep_runs where task = ${options.name} order by started`.execute(
    first.db,
  );
  return rows.rows.map(
    (row): Run => ({
      server: row.server,
      started: Number(row.started),
      ended: row.ended === null ? Number.POSITIVE_INFINITY : Number(row.ended),
    }),
  );
}

/** Pairs of runs that were under way at the same time. */
function overlaps(runs: Run[]): [Run, Run][] {
  const found: [Run, Run][] = [];
  for (let i = 1; i < runs.length; i++) {
    for (let j = 0; j < i; j++) {
      if (runs[i]!.started < runs[j]!.ended) found.push([runs[j]!, runs[i]!]);
    }
  }
  return found;
}

describe.runIf(storeKinds().includes('postgres'))('periodic sweeps on two servers on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let stores: [Store, Store];

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    stores = [
      await openStore({ kind: 'postgres', url: database.url, maxConnections: 3 }),
      await openStore({ kind: 'postgres', url: database.url, maxConnections: 3 }),
    ];
  });
  afterAll(async () => {
    for (const store of stores ?? []) await store.close();
    await database?.drop();
  });

  it('without the lock, the two servers run a sweep at the same time (what the lock prevents)', async () => {
    const runs = await runBoth(stores, { name: 'unlocked sweep', shared: false, forMs: 600 });
    expect(overlaps(runs).length).toBeGreaterThan(0);
  });

  it('runs a sweep on one server at a time, taking turns, and keeps running it', async () => {
    const runs = await runBoth(stores, { name: 'hold expiry sweep', shared: true, forMs: 1_500 });
    expect(overlaps(runs)).toEqual([]);
    // 1.5 s of 25 ms runs ticked every 10 ms: dozens, not a handful.
    expect(runs.length).toBeGreaterThan(15);
    expect(runs.every((run) => Number.isFinite(run.ended))).toBe(true);
  });

  it('holds a lock per task name: two different sweeps run side by side', async () => {
    const [a, b] = stores;
    let inside = 0;
    let most = 0;
    const sweep = async () => {
      inside++;
      most = Math.max(most, inside);
      await pause(100);
      inside--;
    };
    expect(taskLockKey('hold expiry sweep')).not.toBe(taskLockKey('notification mail sweep'));
    const ran = await Promise.all([
      a.exclusively('hold expiry sweep', sweep),
      b.exclusively('notification mail sweep', sweep),
    ]);
    expect(ran).toEqual([true, true]);
    expect(most).toBe(2);
  });

  it('skips a tick while the other server runs the task, and lets go of the lock after a run, even a failed one', async () => {
    const [a, b] = stores;
    let release!: () => void;
    const holding = a.exclusively(
      'refund settlement sweep',
      () => new Promise<void>((done) => (release = done)),
    );
    await pause(50);
    expect(await b.exclusively('refund settlement sweep', async () => {})).toBe(false);
    release();
    expect(await holding).toBe(true);
    await expect(
      a.exclusively('refund settlement sweep', async () => {
        throw new Error('sweep failed');
      }),
    ).rejects.toThrow('sweep failed');
    expect(await b.exclusively('refund settlement sweep', async () => {})).toBe(true);
  });

  it('opens a new lock connection when its connection was dropped, and the lock went with it', async () => {
    const [a, b] = stores;
    let release!: () => void;
    const holding = a.exclusively(
      'announcement publication sweep',
      () => new Promise<void>((done) => (release = done)),
    );
    await pause(50);
    expect(await b.exclusively('announcement publication sweep', async () => {})).toBe(false);
    // PostgreSQL ends A's lock session (a restart, a network cut): its lock is gone with it.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'skydesk task locks'
            and pid in (select pid from pg_locks where locktype = 'advisory')`,
      );
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await pause(100);
    expect(await b.exclusively('announcement publication sweep', async () => {})).toBe(true);
    release();
    await holding;
    // A's next run opens a new lock connection and runs.
    expect(await a.exclusively('announcement publication sweep', async () => {})).toBe(true);
  });
});

describe('periodic sweeps on the embedded store', () => {
  it('always run: one process holds the data folder', async () => {
    const store = await createTestStore('pglite');
    try {
      let runs = 0;
      expect(
        await Promise.all([
          store.exclusively('hold expiry sweep', async () => {
            runs++;
          }),
          store.exclusively('hold expiry sweep', async () => {
            runs++;
          }),
        ]),
      ).toEqual([true, true]);
      expect(runs).toBe(2);
    } finally {
      await store.dispose();
    }
  });
});
