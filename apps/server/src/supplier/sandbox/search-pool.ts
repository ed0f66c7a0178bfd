import { Worker } from 'node:worker_threads';
import type { Money } from '@skydesk/contract';
import type { Clock } from '../../platform/clock.js';
import type { SeatInventory, SeatQuery } from '../inventory.js';
import { type FlightSearchRequest, SupplierRequestError } from '../port.js';
import type { SearchOutcome } from '../search-outcome.js';
import type { SearchRunner } from '../search-runner.js';
import type { OperatorScheduleChange } from './schedule-changes/airline-changes.js';
import type { TimetableParts } from './timetable.js';

/**
 * The embedded GDS's searches on worker threads. Routing, pricing and encoding an answer is a few
 * milliseconds of pure CPU per search; on the event loop, ten agents searching at once would each
 * wait for the nine others, and every other call of the portal with them. Each worker holds its
 * own copy of the timetable (a few megabytes of typed arrays) and sends back the answer encoded
 * for the wire; the seats sold still come from the database through the event loop, which owns
 * the connection (the embedded store is one connection in this thread).
 */

export type SearchWorkerSetup = {
  timetable: TimetableParts;
  /** The HMAC key of the offers: a worker signs the same offers the event loop re-prices. */
  offerKey: Uint8Array;
  currency: string;
};

/** From the event loop to a worker. */
export type ToWorker =
  | {
      type: 'search';
      id: number;
      request: FlightSearchRequest;
      now: number;
      gzip: boolean;
      published?: readonly OperatorScheduleChange[];
    }
  | {
      type: 'lowestFare';
      id: number;
      request: FlightSearchRequest;
      now: number;
      published?: readonly OperatorScheduleChange[];
    }
  | { type: 'sold'; id: number; sold: readonly number[] }
  | { type: 'soldFailed'; id: number; message: string };

/** From a worker to the event loop. */
export type FromWorker =
  | { type: 'soldSeats'; id: number; queries: SeatQuery[] }
  | { type: 'outcome'; id: number; outcome: SearchOutcome }
  | { type: 'lowestFare'; id: number; lowest: Money | null }
  | { type: 'refused'; id: number; field: string; message: string }
  | { type: 'failed'; id: number; message: string };

type Pending = { resolve: (answer: SearchOutcome | Money | null) => void; reject: (error: Error) => void };
type Member = { worker: Worker; pending: Map<number, Pending> };

/**
 * Starts a worker on its script: next to this module's bundle when built (dist/search-worker.js),
 * or the TypeScript source through tsx's loader when run from source (tests, benchmarks, `npm run
 * dev`) — registered inside the worker, as Node 20 does not carry `--import` hooks into workers.
 */
function startWorker(setup: SearchWorkerSetup): Worker {
  const options = { workerData: setup, resourceLimits: WORKER_LIMITS };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./search-worker.js', import.meta.url), options);
  }
  const script = new URL('./search-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); });`;
  return new Worker(boot, { eval: true, ...options });
}

/**
 * A search's garbage dies young, and a worker holds little else (the timetable is typed arrays):
 * a young generation of 12 MB instead of V8's default 48 MB, resident in every worker once a load
 * has passed through it (docs/benchmarks.md, "Memory"). 6 MB kept the memory lower still, but a
 * worker then spent a quarter of its time collecting: 12 MB takes about a fifth off a fresh
 * search's CPU for some 5 MB more at the peak of the search load (issue 16).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 12 };

/**
 * The workers start with the first search and stop after this long without one: an idle portal
 * holds no search threads (a worker is some 10-20 MB resident: its V8 heap, its copy of the
 * timetable), and the first search after a quiet spell waits for a worker to start
 * (docs/benchmarks.md, "Memory").
 */
export const IDLE_STOP_MS = 5 * 60_000;

/** A structured clone hands Buffers over as plain Uint8Arrays. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createSearchPool(options: {
  size: number;
  setup: SearchWorkerSetup;
  inventory: SeatInventory;
  clock: Clock;
  /** A worker that stopped unexpectedly (it is replaced; its searches fail). */
  onWorkerExit: (error: Error) => void;
  /** IDLE_STOP_MS unless a test needs a shorter quiet spell. */
  idleStopMs?: number;
  /**
   * Issue 32: the operators' schedule changes, sent with each job (a few, and a worker may have
   * started after they were published) so the workers' searches fly them too.
   */
  published?: () => readonly OperatorScheduleChange[];
}): SearchRunner & { running(): number } {
  const { idleStopMs = IDLE_STOP_MS } = options;
  let nextId = 0;
  let closing = false;
  let members: Member[] = [];
  let idleTimer: NodeJS.Timeout | undefined;

  function start(): Member {
    const worker = startWorker(options.setup);
    const member: Member = { worker, pending: new Map() };
    worker.on('message', (message: FromWorker) => onMessage(member, message));
    worker.on('error', (error) => stopped(member, error));
    worker.on('exit', (code) => stopped(member, new Error(`A search worker stopped (exit code ${code})`)));
    return member;
  }

  function stopped(member: Member, error: Error) {
    const index = members.indexOf(member);
    if (index < 0) return; // 'error' is followed by 'exit'
    for (const pending of member.pending.values()) pending.reject(error);
    if (closing) return;
    options.onWorkerExit(error);
    members[index] = start();
  }

  function onMessage(member: Member, message: FromWorker) {
    if (message.type === 'soldSeats') {
      Promise.resolve(options.inventory.soldSeats(message.queries)).then(
        (sold) => member.worker.postMessage({ type: 'sold', id: message.id, sold } satisfies ToWorker),
        (error: unknown) =>
          member.worker.postMessage({
            type: 'soldFailed',
            id: message.id,
            message: error instanceof Error ? error.message : String(error),
          } satisfies ToWorker),
      );
      return;
    }
    const pending = member.pending.get(message.id);
    if (!pending) return;
    member.pending.delete(message.id);
    if (message.type === 'outcome') {
      const { plain, gzip } = message.outcome.answer;
      pending.resolve({
        ...message.outcome,
        answer: {
          ...(plain ? { plain: asBuffer(plain) } : {}),
          ...(gzip ? { gzip: { ...gzip, bytes: asBuffer(gzip.bytes) } } : {}),
        },
      });
    } else if (message.type === 'lowestFare') {
      pending.resolve(message.lowest);
    } else if (message.type === 'refused') {
      pending.reject(new SupplierRequestError(message.field, message.message));
    } else {
      pending.reject(new Error(`The search failed on a worker: ${message.message}`));
    }
  }

  /** Stops the workers once none has had a search for idleStopMs; a search still running waits. */
  function stopWhenIdle() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (members.some((member) => member.pending.size > 0)) return stopWhenIdle();
      const idle = members;
      members = []; // their exits are not failures: `stopped` no longer finds them
      for (const member of idle) void member.worker.terminate();
    }, idleStopMs);
    idleTimer.unref();
  }

  function ready() {
    stopWhenIdle();
    if (members.length === 0) members = Array.from({ length: Math.max(1, options.size) }, start);
  }

  const publishedNow = () => {
    const published = options.published?.() ?? [];
    return published.length > 0 ? { published } : {};
  };

  const leastBusy = () =>
    members.reduce((best, member) => (member.pending.size < best.pending.size ? member : best));

  /** Sends one job to the least busy worker; the request's time travels with it (offers are quoted
   * as of the portal's clock). */
  function ask<Answer extends SearchOutcome | Money | null>(
    job: (id: number, now: number) => ToWorker,
  ): Promise<Answer> {
    if (closing) return Promise.reject(new Error('The search workers have stopped'));
    ready();
    const member = leastBusy();
    const id = nextId++;
    return new Promise<Answer>((resolve, reject) => {
      member.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      member.worker.postMessage(job(id, options.clock.now().getTime()));
    });
  }

  return {
    search: (request, { gzip }) =>
      ask<SearchOutcome>((id, now) => ({ type: 'search', id, request, now, gzip, ...publishedNow() })),
    lowestFare: (request) =>
      ask<Money | null>((id, now) => ({ type: 'lowestFare', id, request, now, ...publishedNow() })),
    /** A worker takes some 300 ms to start: a search form opening starts them before its search. */
    warm: () => {
      if (!closing) ready();
    },
    /** How many workers are running now. */
    running: () => members.length,
    async close() {
      closing = true;
      clearTimeout(idleTimer);
      await Promise.all(members.map((member) => member.worker.terminate()));
    },
  };
}
