/**
 * A search worker thread (search-pool.ts): the embedded GDS over its own copy of the timetable,
 * asking the event loop for seats sold, answering each search encoded for the wire.
 */
import { parentPort, type TransferListItem, workerData } from 'node:worker_threads';
import type { SeatInventory } from '../inventory.js';
import { SupplierRequestError } from '../port.js';
import { outcomeOf, type SearchOutcome } from '../search-outcome.js';
import type { FromWorker, SearchWorkerSetup, ToWorker } from './search-pool.js';
import { createSandboxSupplier } from './shopping.js';
import { Timetable } from './timetable.js';

const port = parentPort;
if (!port) throw new Error('search-worker.ts runs as a worker thread of search-pool.ts');
const setup = workerData as SearchWorkerSetup;
const send = (message: FromWorker, transfer: TransferListItem[] = []) => port.postMessage(message, transfer);

/** An answer's bytes are handed over, not copied, when they have an ArrayBuffer of their own. */
function ownBuffers({ answer }: SearchOutcome): TransferListItem[] {
  const buffers: TransferListItem[] = [];
  for (const bytes of [answer.plain, answer.gzip?.bytes]) {
    if (bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
      buffers.push(bytes.buffer as ArrayBuffer); // made by this thread, never shared
    }
  }
  return buffers;
}

type SoldWaiter = { resolve: (sold: readonly number[]) => void; reject: (error: Error) => void };
const soldWaiters = new Map<number, SoldWaiter>();
let nextSoldId = 0;

const inventory: SeatInventory = {
  soldSeats: (queries) =>
    new Promise((resolve, reject) => {
      const id = nextSoldId++;
      soldWaiters.set(id, { resolve, reject });
      send({ type: 'soldSeats', id, queries: [...queries] });
    }),
};

const supplier = await createSandboxSupplier({
  timetable: Timetable.fromParts(setup.timetable),
  offerKey: setup.offerKey,
  currency: setup.currency,
  inventory,
});

async function run(message: Extract<ToWorker, { type: 'search' | 'lowestFare' }>) {
  const now = new Date(message.now);
  for (const change of message.published ?? []) supplier.scheduleChanges.publish(change);
  try {
    if (message.type === 'lowestFare') {
      const lowest = await supplier.lowestFareAt(message.request, now);
      send({ type: 'lowestFare', id: message.id, lowest });
      return;
    }
    const outcome = outcomeOf(await supplier.searchAt(message.request, now), { gzip: message.gzip });
    send({ type: 'outcome', id: message.id, outcome }, ownBuffers(outcome));
  } catch (error) {
    if (error instanceof SupplierRequestError) {
      send({ type: 'refused', id: message.id, field: error.field, message: error.message });
    } else {
      send({
        type: 'failed',
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'search' || message.type === 'lowestFare') {
    void run(message);
    return;
  }
  const waiter = soldWaiters.get(message.id);
  if (!waiter) return;
  soldWaiters.delete(message.id);
  if (message.type === 'sold') waiter.resolve(message.sold);
  else waiter.reject(new Error(message.message));
});
