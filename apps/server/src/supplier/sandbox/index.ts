import { hkdfSync } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { Store } from '../../platform/db/store.js';
import type { FlightSupplier } from '../port.js';
import { inThreadRunner, type SearchRunner } from '../search-runner.js';
import type { ChosenSeats } from '../seat-maps.js';
import { createSandboxBagOffers } from './bags/index.js';
import { sandboxBookings } from './bookings.js';
import { buildTimetable, DEFAULT_NETWORK_SEED } from './build-timetable.js';
import { readNetworkFile, writeNetworkFile } from './network-file.js';
import { createSearchPool } from './search-pool.js';
import { createDbSeatInventory } from './seat-inventory-repo.js';
import { createSandboxSeatMaps } from './seat-maps/index.js';
import { createSandboxSupplier, type SandboxSupplier } from './shopping.js';
import type { Timetable } from './timetable.js';

/**
 * The embedded sandbox GDS's one public entry (docs/architecture.md §2, §4). Outside supplier/,
 * nothing imports another file of this folder: the composition root (app.ts) makes the flight
 * content here, and the demo history (db/demo-history) books what the sandbox sells. Modules see
 * only the port (supplier/port.ts, supplier/search-runner.ts).
 */

export { sandboxBookings } from './bookings.js';
// The demo history plans in the sandbox's terms: its seeded random, the local days of a zone.
export { createRandom } from './random.js';
export { createSandboxSupplier, type SandboxSupplier } from './shopping.js';
export { ticketPrefix } from './ticket-numbers.js';
export { dateOfEpochDay, epochDayOf, localDate, startOfLocalDay } from './time-zones.js';

let timetable: Promise<Timetable> | undefined;

/**
 * The sandbox network is the same for every app in a process (same seed, same build), so it is
 * built once (about 1.5 s) and shared — by the server at start and by every test app of a worker.
 * SKYDESK_NETWORK_FILE names a network built beforehand by the same code (writeNetworkFileOnce):
 * the test suite builds it once per run instead of once per test file and server process.
 */
export function sharedTimetable(): Promise<Timetable> {
  timetable ??= (async () => {
    const file = process.env.SKYDESK_NETWORK_FILE;
    const prebuilt = file ? readNetworkFile(file, DEFAULT_NETWORK_SEED) : undefined;
    return prebuilt ?? (await buildTimetable({ seed: DEFAULT_NETWORK_SEED })).timetable;
  })();
  return timetable;
}

/** Builds the network every server builds and writes it where SKYDESK_NETWORK_FILE may name it. */
export async function writeNetworkFileOnce(path: string): Promise<void> {
  writeNetworkFile(
    path,
    DEFAULT_NETWORK_SEED,
    (await buildTimetable({ seed: DEFAULT_NETWORK_SEED })).timetable,
  );
}

/**
 * The embedded GDS over the database's seat inventory, with an offer key derived from the data key;
 * and what runs its searches: `searchWorkers` worker threads, or the event loop when 0.
 */
export async function createSandboxFlightContent(deps: {
  store: Store;
  clock: Clock;
  dataEncryptionKey: Buffer;
  currency: string;
  searchWorkers: number;
  onWorkerExit: (error: Error) => void;
  /** The seats SkyDesk's bookings chose (the bookings module's table); none when left out. */
  chosenSeats?: ChosenSeats;
}): Promise<{ supplier: SandboxSupplier & FlightSupplier; runner: SearchRunner }> {
  const timetable = await sharedTimetable();
  const inventory = createDbSeatInventory(deps.store);
  const offerKey = new Uint8Array(hkdfSync('sha256', deps.dataEncryptionKey, 'skydesk', 'flight offers', 32));
  const shopping = await createSandboxSupplier({
    timetable,
    inventory,
    clock: deps.clock,
    currency: deps.currency,
    offerKey,
  });
  const seatMaps = createSandboxSeatMaps({
    inventory,
    currency: deps.currency,
    ...(deps.chosenSeats ? { chosenSeats: deps.chosenSeats } : {}),
  });
  const bagOffers = createSandboxBagOffers({ currency: deps.currency });
  const supplier = { ...shopping, bookings: sandboxBookings, inventory, seatMaps, bagOffers };
  if (deps.searchWorkers === 0) return { supplier, runner: inThreadRunner(supplier) };
  const runner = createSearchPool({
    size: deps.searchWorkers,
    setup: { timetable: timetable.parts(), offerKey, currency: deps.currency },
    inventory,
    clock: deps.clock,
    onWorkerExit: deps.onWorkerExit,
    published: () => shopping.scheduleChanges.published(),
  });
  return { supplier, runner };
}
