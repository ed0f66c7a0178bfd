import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { pruneIdempotencyKeys } from '../../platform/http/idempotency.js';
import { pruneSignInThrottle } from '../../platform/security/sign-in-throttle.js';
import { deleteSpentSetupTokens } from './operator-repo.js';
import { deleteSpentAuthState } from './repo.js';

/** How long spent sign-in state is kept after it stopped mattering (for support questions). */
const KEEP_MS = 24 * 3_600_000;

/**
 * Deletes sign-in state nobody can use any more: past rate-limit windows, dead challenges, spent
 * or expired codes, reset and operator set-up links and ended sessions, spent sign-in throttle
 * counters and sources no longer known; and Idempotency-Keys past their 24 hours
 * (DESIGN.md §6), which ride on this timer rather than start their own. Plain deletes by age are
 * idempotent, so every server process may run this on its own timer without a lease.
 */
export async function pruneSpentAuthState(db: Kysely<Database>, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - KEEP_MS);
  await deleteSpentAuthState(db, cutoff);
  await deleteSpentSetupTokens(db, cutoff);
  await pruneSignInThrottle(db, now, KEEP_MS);
  await pruneIdempotencyKeys(db, now);
}
