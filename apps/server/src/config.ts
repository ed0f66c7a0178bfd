import { availableParallelism } from 'node:os';
import { LIVE_AUTH_TIMEOUT_MS } from '@skydesk/contract';
import { z } from 'zod';

/**
 * DEV_OUTBOX_PUBLIC's one value: the outbox call on a server listening on a public address lets
 * anyone read everyone's mail (sign-in codes, invitation links), so turning it on spells that out.
 */
export const DEV_OUTBOX_PUBLIC_CONSENT = 'i-understand-anyone-can-read-mail';

/** Duffel's own API host, where the adapter goes when DUFFEL_API_URL names no other. */
export const DUFFEL_API_DEFAULT_URL = 'https://api.duffel.com';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads (docs/architecture.md §7), parsed once at start.
 * A bad value stops the process with the names of the bad keys (fail fast, epic-stack style).
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  // Unset: where the server listens (publicUrlOf), so e-mailed links work on any PORT.
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('SkyDesk <no-reply@skydesk.local>'),
  // Issue 27: GET /api/dev/outbox on a server listening on a public address (off: loopback only).
  DEV_OUTBOX_PUBLIC: z
    .literal(DEV_OUTBOX_PUBLIC_CONSENT, {
      error: `must be "${DEV_OUTBOX_PUBLIC_CONSENT}" to let anyone who reaches the server read its outbox`,
    })
    .optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(43_200).default(1800),
  DEMO_DATA: bool.optional(),
  // With demo data: a few months of the demo agency's past (issue 15); off for a bare demo agency.
  DEMO_HISTORY: bool.default(true),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
    .default('USD'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: one readable line per request on a terminal, JSON lines otherwise (pipes, containers).
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // Prometheus metrics (issue 17): on the main port behind this bearer token, and/or on a port of
  // their own; with neither, /metrics answers 404.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64')
    .optional(),
  TRUST_PROXY: bool.default(false),
  WEB_DIST_DIR: z.string().optional(),
  BOOKING_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(24 * 60),
  BOOKING_TICKETING_CUTOFF_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(180),
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  NOTICE_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // A test setting: unset (the default), operators decide every refund request.
  REFUND_APPROVAL_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .optional(),
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  // The supplier order saga (decision 020): how often the reconciler settles steps left under way,
  // and how long a step may wait for the supplier's answer before a missing order counts as never made.
  SUPPLIER_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  SUPPLIER_SETTLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  // Crash tests only: with SKYDESK_TEST_HOOKS=1, the process kills itself (SIGKILL) at this saga point.
  SKYDESK_TEST_HOOKS: bool.default(false),
  SKYDESK_CRASH_AT: z
    .string()
    .regex(/^[a-z]+\.[a-z-]+$/, 'must name a saga point, e.g. duffel.after-order')
    .optional(),
  // Browser journeys only: with SKYDESK_TEST_HOOKS=1, a ticket's void window lasts this long instead
  // of 24 hours, so a journey reaches the refund a ticket gets once its window has closed.
  SKYDESK_VOID_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  // How long a new WebSocket may wait before its auth frame (docs/api.md: 5 s at most); tests shorten it.
  LIVE_AUTH_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(LIVE_AUTH_TIMEOUT_MS, `must be at most ${LIVE_AUTH_TIMEOUT_MS}`)
    .default(LIVE_AUTH_TIMEOUT_MS),
  // How often every live socket is pinged; one that missed the last ping is dropped (tests shorten it).
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // Seat hoarding (docs/architecture.md §5): live holds may total this many times the available credits.
  HOLD_VALUE_RATIO: z.coerce.number().min(0).max(100).default(1),
  // A booking seats at most 9 (the search's limit), so 18 lets an agency hold two full parties on
  // one flight (a group split over two bookings, or the next party while the first is paid) while
  // no agency sits unpaid on more than a tenth of a typical 180-seat economy cabin.
  MAX_HELD_SEATS_PER_FLIGHT: z.coerce.number().int().min(0).max(999).default(18),
  // Issue 29 (decision 019): a Duffel access token switches the Duffel adapter on beside the
  // sandbox; without one nothing reaches the network. DUFFEL_API_URL points it at a test server.
  DUFFEL_ACCESS_TOKEN: z.string().min(8, 'must be a Duffel access token').optional(),
  DUFFEL_API_URL: z.url().default(DUFFEL_API_DEFAULT_URL),
  DUFFEL_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  // How long a search waits for each remote supplier before answering without it (issue 29: 10 s at most).
  SUPPLIER_SEARCH_DEADLINE_MS: z.coerce.number().int().min(500).max(10_000).default(4_000),
  // One core stays with the event loop (HTTP, database); the searches take the others.
  SEARCH_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(32)
    .default(Math.min(4, Math.max(1, availableParallelism() - 1))),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** docs/api.md: the outbox (and `GET /api/dev/outbox`) exists only without SMTP. */
  mailTransport: 'smtp' | 'outbox';
  /**
   * `GET /api/dev/outbox` answers anyone, on any listening address (DEV_OUTBOX_PUBLIC); otherwise
   * it exists only on a loopback HOST and answers requests from this machine (modules/dev).
   */
  devOutboxPublic: boolean;
  accessTokenTtlSeconds: number;
  demoData: boolean;
  /** The demo agency is seeded with a few months of bookings, deposits and searches behind it. */
  demoHistory: boolean;
  currency: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** How logs are written: `auto` is `pretty` when stdout is a terminal and `json` otherwise. */
  logFormat: 'auto' | 'json' | 'pretty';
  /** `GET /metrics` on the main port answers a request bearing this token; undefined: it does not. */
  metricsToken: string | undefined;
  /** A port of its own serving `GET /metrics` without a token (0: any free port); undefined: none. */
  metricsPort: number | undefined;
  /** Where that port listens: loopback unless set, so only this machine's scraper reaches it. */
  metricsHost: string;
  jwtSecret: string | undefined;
  dataEncryptionKey: string | undefined;
  trustProxy: boolean;
  webDistDir: string | undefined;
  /** How long a booking holds its seats unticketed, at most. */
  bookingHoldMinutes: number;
  /** A hold ends at the latest this long before the first departure. */
  ticketingCutoffMinutes: number;
  /** How often each listening server expires past-deadline holds; 0 turns the sweep off. */
  holdSweepSeconds: number;
  /**
   * How often each listening server mails the notifications' e-mail still due (retries) and tells
   * agencies of newly published announcements and offers; 0 turns the timer off (a committed
   * mailed notification is still mailed at once).
   */
  noticeSweepSeconds: number;
  /**
   * A test setting: a timer approves each refund request this long after it was made (0: in the
   * request itself). null (unset, the default): every request waits for an operator's decision.
   */
  refundApprovalDelaySeconds: number | null;
  /** Identical searches within this many seconds share an answer (docs/decisions/006); 0: off. */
  searchCacheSeconds: number;
  /** How often the supplier order reconciler runs (it also runs at start); 0 turns the timer off. */
  supplierReconcileSeconds: number;
  /**
   * How long a saga step may wait for the supplier before an order not found counts as never made
   * (its debit reversed): longer than any call's deadline, so a slow answer is never taken for none.
   */
  supplierSettleSeconds: number;
  /**
   * Crash tests only (SKYDESK_CRASH_AT, honoured with SKYDESK_TEST_HOOKS=1): the saga point at which
   * the process kills itself, as a crash between the supplier's answer and the commit would.
   */
  crashAt: string | null;
  /** How long after issue a ticket may be voided: 24 hours (SKYDESK_VOID_WINDOW_SECONDS in browser journeys). */
  voidWindowMs: number;
  /** A WebSocket on /api/ws not authenticated this long after opening is closed. */
  liveAuthTimeoutMs: number;
  /** Every live socket is pinged this often; one that did not answer the previous ping is dropped. */
  liveHeartbeatMs: number;
  /** Worker threads the embedded GDS searches on; 0 searches on the event loop. */
  searchWorkers: number;
  /**
   * Live holds' total value may be at most this many times the agency's available credits
   * (balance + credit limit); 0 turns the bound off.
   */
  holdValueRatio: number;
  /** Unticketed seats one agency may hold on one flight and date; 0 turns the cap off. */
  maxHeldSeatsPerFlight: number;
  /** The Duffel adapter (DUFFEL_ACCESS_TOKEN); null: the sandbox alone, no network. */
  duffel: { accessToken: string; apiUrl: string; webhookSecret: string | undefined } | null;
  /** How long a search waits for each remote supplier before answering without it. */
  supplierSearchDeadlineMs: number;
};

export class ConfigError extends Error {}

/**
 * PUBLIC_URL's default: the address the server listens on, so a link e-mailed by a server on
 * PORT=3108 opens on 3108. A loopback or every-interface HOST (127.0.0.1, ::1, 0.0.0.0, ::) reads
 * as `localhost`, the name a browser on this machine uses; any other host is used as it is.
 */
export function publicUrlOf(host: string, port: number): string {
  const local = ['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const definedOnly = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(definedOnly);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? publicUrlOf(e.HOST, e.PORT)).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailTransport: e.SMTP_URL ? 'smtp' : 'outbox',
    devOutboxPublic: e.DEV_OUTBOX_PUBLIC !== undefined,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    // docs/architecture.md §7: demo data is on by default only for the embedded store.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    demoHistory: e.DEMO_HISTORY,
    currency: e.CURRENCY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    bookingHoldMinutes: e.BOOKING_HOLD_MINUTES,
    ticketingCutoffMinutes: e.BOOKING_TICKETING_CUTOFF_MINUTES,
    holdSweepSeconds: e.HOLD_SWEEP_SECONDS,
    noticeSweepSeconds: e.NOTICE_SWEEP_SECONDS,
    refundApprovalDelaySeconds: e.REFUND_APPROVAL_DELAY_SECONDS ?? null,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    supplierReconcileSeconds: e.SUPPLIER_RECONCILE_SECONDS,
    supplierSettleSeconds: e.SUPPLIER_SETTLE_SECONDS,
    crashAt: e.SKYDESK_TEST_HOOKS ? (e.SKYDESK_CRASH_AT ?? null) : null,
    voidWindowMs:
      e.SKYDESK_TEST_HOOKS && e.SKYDESK_VOID_WINDOW_SECONDS
        ? e.SKYDESK_VOID_WINDOW_SECONDS * 1000
        : 86_400_000,
    liveAuthTimeoutMs: e.LIVE_AUTH_TIMEOUT_MS,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS,
    searchWorkers: e.SEARCH_WORKERS,
    holdValueRatio: e.HOLD_VALUE_RATIO,
    maxHeldSeatsPerFlight: e.MAX_HELD_SEATS_PER_FLIGHT,
    duffel: e.DUFFEL_ACCESS_TOKEN
      ? {
          accessToken: e.DUFFEL_ACCESS_TOKEN,
          apiUrl: e.DUFFEL_API_URL.replace(/\/+$/, ''),
          webhookSecret: e.DUFFEL_WEBHOOK_SECRET,
        }
      : null,
    supplierSearchDeadlineMs: e.SUPPLIER_SEARCH_DEADLINE_MS,
  };
}
