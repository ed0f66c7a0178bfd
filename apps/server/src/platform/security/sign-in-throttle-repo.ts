import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, PrincipalKind, SignInStep, SignInThrottleScope } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Names one counter: the pair scope uses both names, the others leave theirs ''. */
export type CounterKey = {
  principal: PrincipalKind;
  step: SignInStep;
  scope: SignInThrottleScope;
  account: string;
  source: string;
};

export type Counter = { failures: number; window_start: Date; blocked_until: Date | null };

/**
 * The counter, created empty if missing, and locked until the transaction ends: attempts in one
 * scope are counted one at a time, in every server process (docs/architecture.md §1). The no-op update is
 * what takes the lock when the row already exists.
 */
export const lockCounter = (trx: Transaction<Database>, key: CounterKey, now: Date): Promise<Counter> =>
  trx
    .insertInto('sign_in_throttle')
    .values({ ...key, failures: 0, window_start: now, blocked_until: null })
    .onConflict((oc) =>
      oc
        .columns(['principal', 'step', 'scope', 'account', 'source'])
        .doUpdateSet({ failures: sql`sign_in_throttle.failures` }),
    )
    .returning(['failures', 'window_start', 'blocked_until'])
    .executeTakeFirstOrThrow();

export async function saveCounter(trx: Transaction<Database>, key: CounterKey, counter: Counter) {
  await trx
    .updateTable('sign_in_throttle')
    .set(counter)
    .where((eb) => eb.and(key))
    .execute();
}

/**
 * Takes back one failure counted ahead of an attempt that turned out not to be one, and the
 * delay it started — unless another attempt has set a new delay since.
 */
export async function uncount(db: Db, key: CounterKey, delay: { ours: Date | null; before: Date | null }) {
  await db
    .updateTable('sign_in_throttle')
    .set({
      failures: sql`greatest(failures - 1, 0)`,
      blocked_until: delay.ours
        ? sql`case when blocked_until = ${delay.ours}::timestamptz then ${delay.before}::timestamptz else blocked_until end`
        : sql`blocked_until`,
    })
    .where((eb) => eb.and(key))
    .execute();
}

/** A success: the pair starts over. */
export async function clearCounter(db: Db, key: CounterKey) {
  await db
    .updateTable('sign_in_throttle')
    .set({ failures: 0, blocked_until: null })
    .where((eb) => eb.and(key))
    .execute();
}

export async function isKnownSource(
  db: Db,
  values: { principal: PrincipalKind; account: string; source: string; since: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_known_sources')
    .select('trusted_at')
    .where('principal', '=', values.principal)
    .where('account', '=', values.account)
    .where('source', '=', values.source)
    .where('trusted_at', '>', values.since)
    .executeTakeFirst();
  return Boolean(row);
}

export async function rememberSource(
  db: Db,
  values: { principal: PrincipalKind; account: string; source: string; at: Date },
) {
  await db
    .insertInto('sign_in_known_sources')
    .values({
      principal: values.principal,
      account: values.account,
      source: values.source,
      trusted_at: values.at,
    })
    .onConflict((oc) => oc.columns(['principal', 'account', 'source']).doUpdateSet({ trusted_at: values.at }))
    .execute();
}

/** Clears every step's pair counter of one account and source. */
export async function clearPair(
  db: Db,
  values: { principal: PrincipalKind; account: string; source: string },
) {
  await db
    .updateTable('sign_in_throttle')
    .set({ failures: 0, blocked_until: null })
    .where('principal', '=', values.principal)
    .where('scope', '=', 'pair')
    .where('account', '=', values.account)
    .where('source', '=', values.source)
    .execute();
}

/** Counters whose window ended before `windowEndedBefore` and that hold no delay; old known sources. */
export async function pruneThrottleState(
  db: Db,
  values: { windowStartedBefore: Date; trustedBefore: Date; now: Date },
) {
  await db
    .deleteFrom('sign_in_throttle')
    .where('window_start', '<', values.windowStartedBefore)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', values.now)]))
    .execute();
  await db.deleteFrom('sign_in_known_sources').where('trusted_at', '<', values.trustedBefore).execute();
}
