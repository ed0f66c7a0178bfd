import { BOOKING_STATUSES, LEDGER_KINDS } from '@skydesk/contract';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Store } from '../db/store.js';

/**
 * What the server tells Prometheus (issue 17). Every metric lives in the app's own registry (a
 * test process builds many apps; none shares prom-client's global one). Labels are bounded sets:
 * a route is its pattern ('/api/booking/:id'), never the URL, so ids never become series.
 */

/** Seconds; from a cached health check (~1 ms) to a slow export (10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The routes whose answers count as searches, by their pattern. */
const SEARCH_ROUTES: Record<string, string> = {
  '/api/search': 'search',
  '/api/search/calendar': 'calendar',
};

const SEARCH_OUTCOMES = ['ok', 'refused', 'failed'] as const;

/** A request that reached no route (unknown paths, the SPA's fallback) is one series, not one per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

export type RequestSample = {
  method: string;
  route: string | undefined;
  status: number;
  /** undefined for a request whose client left before the answer. */
  seconds: number | undefined;
};

export function createMetrics(options: { store: Store; version: string }) {
  const registry = new Registry();
  // process_* (CPU, resident memory, open files) and nodejs_* (heap, GC, event-loop lag and its
  // percentiles from perf_hooks' monitorEventLoopDelay, active handles).
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'skydesk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx, 5xx…)',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'skydesk_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer being sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'skydesk_http_requests_in_flight',
    help: 'Requests received and not answered yet',
    registers: [registry],
  });
  const searches = new Counter({
    name: 'skydesk_searches_total',
    help: 'Flight searches answered, by kind (search, calendar) and outcome (ok, refused: 4xx, failed: 5xx)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const bookings = new Counter({
    name: 'skydesk_booking_changes_total',
    help: 'Committed booking status changes in this process, by the status reached (booked = held, ticketed, cancelled, voided, refunded, expired…)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const ledger = new Counter({
    name: 'skydesk_ledger_postings_total',
    help: 'Committed ledger entries in this process, by kind (ticket, void, refund, deposit, adjustment)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  // Every known series from 0, so a dashboard's rate() starts at the first event, not the second.
  for (const kind of Object.values(SEARCH_ROUTES)) {
    for (const outcome of SEARCH_OUTCOMES) searches.inc({ kind, outcome }, 0);
  }
  for (const status of BOOKING_STATUSES) bookings.inc({ status }, 0);
  for (const kind of LEDGER_KINDS) ledger.inc({ kind }, 0);
  // The store's gauges are read at each scrape: nothing runs between scrapes.
  new Gauge({
    name: 'skydesk_db_pool_connections',
    help: 'Open database connections (PostgreSQL: the pool; PGlite: its one connection), by state (busy, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.store.stats();
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'busy' }, stats.connections - stats.idle);
    },
  });
  new Gauge({
    name: 'skydesk_db_pool_waiting',
    help: 'Statements and transactions waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(options.store.stats().waiting);
    },
  });
  new Gauge({
    name: 'skydesk_store_degraded',
    help: '1 while the store cannot write (storage full or read-only), else 0',
    registers: [registry],
    collect() {
      this.set(options.store.health.degraded() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'skydesk_info',
    help: 'Always 1; the labels say which build runs on which store',
    labelNames: ['version', 'store'] as const,
    registers: [registry],
  }).set({ version: options.version, store: options.store.kind }, 1);

  return {
    registry,
    requestStarted: () => inFlight.inc(),
    requestEnded(sample: RequestSample) {
      inFlight.dec();
      const route = sample.route ?? UNMATCHED_ROUTE;
      requests.inc({ method: sample.method, route, status_class: `${Math.floor(sample.status / 100)}xx` });
      if (sample.seconds !== undefined) duration.observe({ method: sample.method, route }, sample.seconds);
      const kind = SEARCH_ROUTES[route];
      if (kind) {
        const outcome = sample.status >= 500 ? 'failed' : sample.status >= 400 ? 'refused' : 'ok';
        searches.inc({ kind, outcome });
      }
    },
    bookingChanged: (status: string) => bookings.inc({ status }),
    ledgerPosted: (kind: string) => ledger.inc({ kind }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
