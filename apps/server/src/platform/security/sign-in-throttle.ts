import type { Kysely } from 'kysely';
import type { Database, PrincipalKind, SignInStep, SignInThrottleScope } from '../db/schema.js';
import { sourceOf } from './client-source.js';
import * as repo from './sign-in-throttle-repo.js';

/**
 * Sign-in throttling (docs/decisions/008-sign-in-throttling.md). Failed attempts are counted in
 * three scopes, all in the database so every server process shares them (docs/architecture.md §1):
 *
 * - the pair (one account from one source): after `perPair` failures its next attempts wait
 *   1 s, 2 s, 4 s … up to `maxDelaySeconds`; a success starts it over. Another source is not held
 *   up by it;
 * - the account, across sources (distributed guessing), and the source, across accounts
 *   (credential stuffing): each pair adds only the failures it makes before its own delays
 *   start, so one persistent source can reach neither ceiling alone; once a ceiling is reached,
 *   every further failure adds one and doubles the shared delay. These two slowdowns let through
 *   the sources an account already signed in from (`trust`): its owner from the usual office,
 *   and the office's agents behind one address.
 *
 * Only failures count: correct sign-ins never slow anyone. Nothing is ever locked: the longest
 * wait is `maxDelaySeconds`. Unknown accounts are counted exactly like known ones.
 */

/** The numbers of one sign-in step. */
export type ThrottleLimits = {
  /** Failures of one source against one account before that pair waits. */
  perPair: number;
  /** Counted failures on one account from sources it does not know before they all wait. */
  perAccount: number;
  /** Counted failures from one source on accounts that do not know it before it waits. */
  perSource: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
};
export type ThrottlePolicy = Record<SignInStep, ThrottleLimits>;

/** Failures count within a day of a scope's first one; then the scope starts over. */
export const THROTTLE_WINDOW_MS = 24 * 3_600_000;
/** How long a full sign-in (or a password reset) from a source keeps it known to the account. */
export const KNOWN_SOURCE_MS = 30 * 24 * 3_600_000;

/** The wait after a scope's `failures`-th failure, in seconds: none before `free`, then doubling. */
export function delayAfter(failures: number, free: number, limits: ThrottleLimits): number {
  if (failures < free) return 0;
  return Math.min(limits.maxDelaySeconds, limits.firstDelaySeconds * 2 ** (failures - free));
}

export type Admission =
  | { admitted: false; retryAfter: number }
  | {
      admitted: true;
      /** The attempt failed: it stays counted. */
      failed(): Promise<void>;
      /** The attempt succeeded: the pair starts over, and the wider scopes forget it. */
      succeeded(): Promise<void>;
      /** It turned out not to be a guess (e.g. nothing to check yet): forget it everywhere. */
      discard(): Promise<void>;
    };

/** Which limit holds a scope's free failures. */
const FREE_FAILURES = { pair: 'perPair', account: 'perAccount', source: 'perSource' } as const;

type Counted = { key: repo.CounterKey; ours: Date | null; before: Date | null };

export function createSignInThrottle(options: {
  db: Kysely<Database>;
  now: () => Date;
  principal: PrincipalKind;
  policy: ThrottlePolicy;
}) {
  const { db, now, principal, policy } = options;
  const nameOf = (account: string) => account.trim().toLowerCase();

  return {
    /**
     * Lets an attempt through or tells how long it must wait. An admitted attempt is counted as
     * a failure at once — so a burst of parallel guesses cannot all slip in before the first one
     * is counted — and the caller settles it after checking the credential.
     */
    async admit(step: SignInStep, accountName: string, ip: string): Promise<Admission> {
      const at = now();
      const account = nameOf(accountName);
      const source = sourceOf(ip);
      const limits = policy[step];
      const key = (scope: SignInThrottleScope): repo.CounterKey => ({
        principal,
        step,
        scope,
        account: scope === 'source' ? '' : account,
        source: scope === 'account' ? '' : source,
      });
      const outcome = await db.transaction().execute(async (trx) => {
        const known = await repo.isKnownSource(trx, {
          principal,
          account,
          source,
          since: new Date(at.getTime() - KNOWN_SOURCE_MS),
        });
        // Locked in one order (pair, account, source), so two attempts never wait on each other in a cycle.
        const scopes: SignInThrottleScope[] = known ? ['pair'] : ['pair', 'account', 'source'];
        const rows = [];
        for (const scope of scopes) rows.push({ scope, row: await repo.lockCounter(trx, key(scope), at) });

        const waitUntil = Math.max(0, ...rows.map(({ row }) => row.blocked_until?.getTime() ?? 0));
        if (waitUntil > at.getTime()) {
          return { admitted: false as const, retryAfter: Math.ceil((waitUntil - at.getTime()) / 1000) };
        }

        const counted: Counted[] = [];
        let pairFailures = 0;
        for (const { scope, row } of rows) {
          const fresh = row.window_start.getTime() <= at.getTime() - THROTTLE_WINDOW_MS;
          const failures = fresh ? 0 : row.failures;
          const free = limits[FREE_FAILURES[scope]];
          // A pair feeds the wider scopes only until its own delays start, unless those are already slowed.
          if (scope !== 'pair' && pairFailures > limits.perPair && failures < free) continue;
          const next = failures + 1;
          if (scope === 'pair') pairFailures = next;
          const delay = delayAfter(next, free, limits);
          const ours = delay > 0 ? new Date(at.getTime() + delay * 1000) : null;
          await repo.saveCounter(trx, key(scope), {
            failures: next,
            window_start: fresh ? at : row.window_start,
            blocked_until: ours,
          });
          counted.push({ key: key(scope), ours, before: row.blocked_until });
        }
        return { admitted: true as const, counted };
      });
      if (!outcome.admitted) return outcome;

      const { counted } = outcome;
      const uncount = (entries: Counted[]) =>
        Promise.all(entries.map(({ key: k, ours, before }) => repo.uncount(db, k, { ours, before })));
      return {
        admitted: true,
        failed: async () => {},
        succeeded: async () => {
          const [pair, ...wider] = counted;
          if (pair) await repo.clearCounter(db, pair.key);
          await uncount(wider);
        },
        discard: async () => {
          await uncount(counted);
        },
      };
    },

    /**
     * A source the account has proved itself from (a full sign-in, or a password reset through
     * its mailbox): its pair starts over, and the account-wide and source-wide slowdowns let it
     * through for the next 30 days.
     */
    async trust(accountName: string, ip: string) {
      const values = { principal, account: nameOf(accountName), source: sourceOf(ip) };
      await repo.rememberSource(db, { ...values, at: now() });
      await repo.clearPair(db, values);
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** Deletes counters a day past their window that hold no delay, and known sources past 30 days. */
export async function pruneSignInThrottle(db: Kysely<Database>, now: Date, keepMs: number) {
  await repo.pruneThrottleState(db, {
    windowStartedBefore: new Date(now.getTime() - THROTTLE_WINDOW_MS - keepMs),
    trustedBefore: new Date(now.getTime() - KNOWN_SOURCE_MS),
    now,
  });
}
