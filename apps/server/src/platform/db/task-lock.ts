import pg from 'pg';

/**
 * Runs `run` unless another server on the same database is running the task of that name right
 * now; answers whether it ran. What periodic sweeps take turns with (periodic-task.ts).
 */
export type Exclusively = (name: string, run: () => Promise<void>) => Promise<boolean>;

/** The first half of every task lock's key: 'SkyD'. Migrations lock a one-number key, apart. */
const TASK_LOCK_SPACE = 0x536b7944;

/** The second half: the task's name hashed (FNV-1a, 32 bits) to a signed int4. */
export function taskLockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** One process on an embedded store: nobody to take turns with. */
export const runAlone: Exclusively = async (_name, run) => {
  await run();
  return true;
};

/**
 * Task locks on a PostgreSQL server: a session advisory lock per task name, tried (never waited
 * for: a server that finds a sweep running skips its tick, the other is doing the work) on one
 * dedicated connection outside the pool, as the listener has its own. A pooled connection per run
 * would hold one of the requests' connections for each running sweep; a lock held on this one
 * costs nothing while the sweep's own statements use the pool. If the connection drops, PostgreSQL
 * lets its locks go with it; the next tick opens a new one.
 */
export function createPostgresTaskLocks(url: string) {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  const forget = (dead: pg.Client) => {
    if (client === dead) client = null;
  };
  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, application_name: 'skydesk task locks' });
    // A dropped connection reports an error, then ends: the next run opens another.
    next.on('error', () => forget(next));
    next.on('end', () => forget(next));
    await next.connect();
    client = next;
    return next;
  }
  const connection = () => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const exclusively: Exclusively = async (name, run) => {
    if (closed) return false;
    const locks = await connection();
    const key = [TASK_LOCK_SPACE, taskLockKey(name)];
    const tried = await locks.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::int4, $2::int4) as locked',
      key,
    );
    if (!tried.rows[0]?.locked) return false;
    try {
      await run();
    } finally {
      // A lock that cannot be let go must not outlive the run: ending the session lets it go.
      await locks.query('select pg_advisory_unlock($1::int4, $2::int4)', key).catch(() => {
        forget(locks);
        void locks.end().catch(() => {});
      });
    }
    return true;
  };

  return {
    exclusively,
    close: async () => {
      closed = true;
      const open = client ?? (await connecting?.catch(() => null));
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
