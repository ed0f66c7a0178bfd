import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { Exclusively } from '../../platform/db/task-lock.js';
import { pruneIdempotencyKeys } from '../../platform/http/idempotency.js';
import { periodicTask } from '../../platform/periodic-task.js';
import { pruneSignInThrottle } from '../../platform/security/sign-in-throttle.js';
import { deleteSpentSetupTokens } from './operator-repo.js';
import { deleteSpentAuthState } from './repo.js';

/** How long spent sign-in state is kept after it stopped mattering (for support questions). */
const KEEP_MS = 24 * 3_600_000;

/**
 * Deletes sign-in state nobody can use any more: past rate-limit windows, dead challenges, spent
 * or expired codes, reset and operator set-up links and ended sessions, spent sign-in throttle
 * counters and sources no longer known; and Idempotency-Keys past their 24 hours
 * (docs/architecture.md §6), which ride on this timer rather than start their own. Plain deletes by age are
 * idempotent; the sweep below still takes turns across servers, so two never scan the same rows.
 */
export async function pruneSpentAuthState(db: Kysely<Database>, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - KEEP_MS);
  await deleteSpentAuthState(db, cutoff);
  await deleteSpentSetupTokens(db, cutoff);
  await pruneSignInThrottle(db, now, KEEP_MS);
  await pruneIdempotencyKeys(db, now);
}

/** The pruning every 10 minutes while the server listens, one server at a time. */
export function authHousekeeping(deps: {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  exclusively: Exclusively;
}) {
  return periodicTask({
    name: 'sign-in state pruning',
    intervalSeconds: 10 * 60,
    log: deps.log,
    exclusively: deps.exclusively,
    run: () => pruneSpentAuthState(deps.db, deps.clock.now()),
  });
}
