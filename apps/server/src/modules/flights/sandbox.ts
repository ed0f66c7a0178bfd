import { hkdfSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { buildTimetable, DEFAULT_NETWORK_SEED } from '../../supplier/build-timetable.js';
import { createSandboxSupplier, type SandboxSupplier } from '../../supplier/sandbox-supplier.js';
import type { Timetable } from '../../supplier/timetable.js';
import { createDbSeatInventory } from './seat-inventory.js';

let timetable: Promise<Timetable> | undefined;

/**
 * The sandbox network is the same for every app in a process (same seed, same build), so it is
 * built once (about 1.3 s) and shared — by the server at start and by every test app of a worker.
 */
export function sharedTimetable(): Promise<Timetable> {
  timetable ??= buildTimetable({ seed: DEFAULT_NETWORK_SEED }).then((built) => built.timetable);
  return timetable;
}

/** The embedded GDS over the database's seat inventory, with an offer key derived from the data key. */
export async function createDefaultSupplier(deps: {
  db: Kysely<Database>;
  clock: Clock;
  dataEncryptionKey: Buffer;
  currency: string;
}): Promise<SandboxSupplier> {
  return createSandboxSupplier({
    timetable: await sharedTimetable(),
    inventory: createDbSeatInventory(deps.db),
    clock: deps.clock,
    currency: deps.currency,
    offerKey: Buffer.from(hkdfSync('sha256', deps.dataEncryptionKey, 'skydesk', 'flight offers', 32)),
  });
}
