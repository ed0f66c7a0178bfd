import type { ReadinessCheck, ReadinessCheckName } from '@skydesk/contract';
import type { Store } from '../../platform/db/store.js';
import type { FlightShopping } from '../../supplier/port.js';
import { appliedMigrationCount } from './readiness-repo.js';

/**
 * Readiness (issue 17), apart from liveness: may this process take traffic? A load balancer or an
 * orchestrator polls it, so each check is cheap and bounded in time — a store stuck behind a long
 * transaction answers "not ready" within CHECK_TIMEOUT_MS instead of holding the probe.
 */

export const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessDeps = {
  store: Store;
  /** How many migrations this build knows (it applies them all at start). */
  knownMigrations: number;
  /** The flight supplier once the flights module built it; undefined before. */
  supplier: () => FlightShopping | undefined;
  timeoutMs?: number;
};

export type ReadinessReport = Record<ReadinessCheckName, ReadinessCheck>;

export async function checkReadiness(deps: ReadinessDeps): Promise<ReadinessReport> {
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  const [store, migrations, supplier] = await Promise.all([
    bounded(timeoutMs, async () => {
      await deps.store.ping();
      const degraded = deps.store.health.degraded();
      // Reads still work and writes answer a clear 503, but a balancer should stop sending this
      // process writes (issue 28): not ready, saying why; health (liveness) keeps its detail.
      return degraded
        ? fail(
            `answering reads; cannot write since ${degraded.since.toISOString()}: ${degraded.reason}`.slice(
              0,
              300,
            ),
          )
        : pass('answering');
    }),
    bounded(timeoutMs, async () => {
      const applied = await appliedMigrationCount(deps.store.db, deps.knownMigrations);
      return applied === deps.knownMigrations
        ? pass(`${applied} of ${deps.knownMigrations} applied`)
        : fail(`${applied} of ${deps.knownMigrations} applied`);
    }),
    bounded(timeoutMs, async () => {
      const supplier = deps.supplier();
      if (!supplier) return fail('not built yet');
      const routes = await supplier.routes();
      return routes.Routes.length > 0 ? pass(`${routes.Routes.length} origins served`) : fail('no routes');
    }),
  ]);
  return { store, migrations, supplier };
}

const pass = (detail: string): ReadinessCheck => ({ ok: true, detail });
const fail = (detail: string): ReadinessCheck => ({ ok: false, detail });

/** Runs one check; a failure or a check slower than `timeoutMs` is a failed check saying so. */
async function bounded(timeoutMs: number, check: () => Promise<ReadinessCheck>): Promise<ReadinessCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ReadinessCheck>((resolve) => {
    timer = setTimeout(() => resolve(fail(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([check().catch((error: unknown) => fail(describe(error))), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

const describe = (error: unknown) =>
  error instanceof Error ? `failed: ${error.message}`.slice(0, 200) : 'failed';
