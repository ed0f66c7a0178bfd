import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { AppError } from '@skydesk/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { adminModule } from './modules/admin/index.js';
import { authModule, createAccessGuard } from './modules/auth/index.js';
import { bookingsModule, createChosenSeatsRepo } from './modules/bookings/index.js';
import { companyModule } from './modules/company/index.js';
import { devModule } from './modules/dev/index.js';
import { flightsModule } from './modules/flights/index.js';
import { invoicesModule } from './modules/invoices/index.js';
import { liveModule } from './modules/live/index.js';
import { noticesModule } from './modules/notices/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { loadPricer, pricingModule, provideAirports } from './modules/pricing/index.js';
import { quotesModule } from './modules/quotes/index.js';
import { rolesModule } from './modules/roles/index.js';
import { supportModule } from './modules/support/index.js';
import { systemModule } from './modules/system/index.js';
import { usersModule } from './modules/users/index.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Store } from './platform/db/store.js';
import { consoleLogStream } from './platform/http/console-log.js';
import { registerApiDocs } from './platform/http/docs.js';
import { answerFailure, registerErrorHandling } from './platform/http/errors.js';
import { registerLargeAnswerCompression } from './platform/http/large-answer-compression.js';
import type { AccessGuard } from './platform/http/principal.js';
import {
  answerClientError,
  registerProtocolAnswers,
  trackRouteMethods,
} from './platform/http/protocol-answers.js';
import {
  RequestLogController,
  registerRequestIdHeader,
  requestIdGenerator,
  requestIdMixin,
} from './platform/http/request-log.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import {
  SERVER_TIMEOUTS,
  type ServerTimeouts,
  serverTimeoutOptions,
} from './platform/http/server-timeouts.js';
import { registerSpa } from './platform/http/spa.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.js';
import { metricsPlugin } from './platform/metrics/plugin.js';
import { type Platform, platformPlugin } from './platform/module.js';
import { serverPath } from './platform/paths.js';
import { createSecretBox } from './platform/security/encryption.js';
import { tokenHasherForDataKey } from './platform/security/one-time-code.js';
import { createPasswordHasher, type PasswordHasher } from './platform/security/password.js';
import { createRateLimiter } from './platform/security/rate-limit.js';
import type { Secrets } from './platform/security/secrets.js';
import { createTokenService } from './platform/security/tokens.js';
import { createLocalFileStore, type FileStore } from './platform/storage/file-store.js';
import { createDuffelSupplier } from './supplier/duffel/index.js';
import type { FlightSupplier } from './supplier/port.js';
import { createSandboxFlightContent, sharedTimetable } from './supplier/sandbox/index.js';
import { inThreadRunner } from './supplier/search-runner.js';
import { composeSuppliers } from './supplier/supplier-set.js';
import { createSupplierPolicy } from './supplier/supplier-settings.js';

export type AppDeps = {
  config: Config;
  store: Store;
  secrets: Secrets;
  clock?: Clock;
  /** How long the server waits on slow clients; tests shorten them (SERVER_TIMEOUTS otherwise). */
  timeouts?: Partial<ServerTimeouts>;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against the contract's response schema (on in tests). */
  validateResponses?: boolean;
  /** Replaces the token guard (tests of the plumbing only). */
  guard?: AccessGuard;
  /** Tests pass a cheaper scrypt cost; production uses docs/architecture.md's N=2^17. */
  passwords?: PasswordHasher;
  mailer?: Mailer;
  files?: FileStore;
  /** Flight content; defaults to the embedded sandbox GDS over the database's seat inventory. */
  supplier?: FlightSupplier;
  /** Folder of the built SPA; null serves no SPA. Defaults to apps/web/dist. */
  webDistDir?: string | null;
  version?: string;
};

/**
 * Node lets a request without Host reach the app (it answered its own empty 400 before), so that
 * registerProtocolAnswers refuses it in the envelope.
 */
function httpServerOptions<T extends { http: object }>(options: T): T {
  return { ...options, http: { ...options.http, requireHostHeader: false } };
}

/** Fields of requests that must never reach a log. */
const REDACTED = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** JSON lines, or readable lines on a terminal (LOG_FORMAT, console-log.ts). */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const pretty =
    config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  return {
    level: config.logLevel,
    redact: REDACTED,
    mixin: requestIdMixin,
    ...(pretty
      ? { stream: consoleLogStream(process.stdout, { colors: process.stdout.hasColors?.() ?? false }) }
      : {}),
  };
}

/**
 * Builds the Fastify app: plugins, error handling, then feature modules (fastify/demo's order).
 * No I/O at import time; every dependency arrives through `deps`, so tests build real apps.
 */
export async function buildApp(deps: AppDeps) {
  const version = deps.version ?? '0.1.0';
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config),
    trustProxy: deps.config.trustProxy,
    genReqId: requestIdGenerator({ trustProxy: deps.config.trustProxy }),
    // One line per request, written when it is answered.
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    ...httpServerOptions(serverTimeoutOptions({ ...SERVER_TIMEOUTS, ...deps.timeouts })),
    // A request arriving while the server closes answers 503 in the envelope
    // (registerProtocolAnswers), not Fastify's own body.
    return503OnClosing: false,
    // What Node's parser refuses (headers past its limit, a broken request line, a slow client)
    // answers in the envelope too (issue 27).
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    // URLs the router refuses (bad percent-encoding, over-long ids) answer in the envelope too.
    frameworkErrors: answerFailure,
  });

  // Validation is the contract's zod schemas (in the endpoint registrar); the JSON schemas on
  // routes exist only to describe them in OpenAPI. Answers are serialized as they are.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // docs/product-spec.md §7: clients send `Content-Type: application/json` on every call, bodiless POSTs
  // included; an empty body is "no body", not an error. (JSON.parse makes `__proto__` an own key,
  // which the contract's strict objects then reject as an unknown field.)
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('bad_request', 'The request body is not valid JSON'), undefined);
    }
  });

  // Before any route is added: a path that exists under other methods answers 405, not 404.
  const allowedMethods = trackRouteMethods(app);
  registerProtocolAnswers(app);
  registerRequestIdHeader(app);
  // Before every route: its hooks measure them all.
  await app.register(metricsPlugin, { config: deps.config, store: deps.store, version });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The operator console shows an agency's PDF documents in a frame, from an object URL.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.config.publicUrl.startsWith('https://'),
  });
  // Answers travel compressed: large ones (a search can carry hundreds of itineraries, ~2 MB of
  // JSON) in one job on the thread pool, everything else and every stream by @fastify/compress.
  registerLargeAnswerCompression(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 4, fields: 20, fieldSize: 10_000 },
  });
  await registerApiDocs(app, version);

  const webDistDir =
    deps.webDistDir === undefined ? (deps.config.webDistDir ?? serverPath('../web/dist')) : deps.webDistDir;
  const spaFallback = webDistDir ? await registerSpa(app, webDistDir) : undefined;
  registerErrorHandling(app, { allowedMethods, ...(spaFallback ? { spaFallback } : {}) });

  const clock = deps.clock ?? systemClock;
  const platform: Platform = {
    mailer:
      deps.mailer ??
      (deps.config.smtpUrl
        ? createSmtpMailer({ url: deps.config.smtpUrl, from: deps.config.mailFrom })
        : createOutboxMailer(deps.store.db, app.log)),
    tokens: createTokenService({ secret: deps.secrets.jwtSecret, now: () => clock.now() }),
    passwords: deps.passwords ?? createPasswordHasher(),
    secretBox: createSecretBox(deps.secrets.dataEncryptionKey),
    tokenHasher: tokenHasherForDataKey(deps.secrets.dataEncryptionKey),
    rateLimiter: createRateLimiter(deps.store.db, () => clock.now()),
    files: deps.files ?? createLocalFileStore(join(deps.config.dataDir, 'uploads')),
  };
  const guard = deps.guard ?? createAccessGuard({ store: deps.store, tokens: platform.tokens, clock });
  await app.register(platformPlugin, {
    store: deps.store,
    config: deps.config,
    clock,
    version,
    platform,
    guard,
    validateResponses: deps.validateResponses ?? false,
  });

  // Flight content: the supplier the app was given, or the embedded sandbox GDS. The adapter is
  // chosen here; the modules see only the port (supplier/port.ts).
  const local = deps.supplier
    ? { supplier: deps.supplier, runner: inThreadRunner(deps.supplier) }
    : await createSandboxFlightContent({
        store: deps.store,
        clock,
        dataEncryptionKey: deps.secrets.dataEncryptionKey,
        currency: deps.config.currency,
        searchWorkers: deps.config.searchWorkers,
        onWorkerExit: (error) => app.log.error({ err: error }, 'a search worker stopped; starting another'),
        // Issue 31: the seat maps show the seats SkyDesk's own bookings hold or have paid for.
        chosenSeats: createChosenSeatsRepo(deps.store.db),
      });
  // Issue 29: remote suppliers beside it, each on with its configuration (none: the sandbox alone,
  // exactly as before, with no network). The supplier set asks them all and merges the answers.
  const supplierPolicy = createSupplierPolicy({
    db: deps.store.db,
    clock,
    platformCurrency: deps.config.currency,
    // Issue 33: the platform's pricing rules price remote offers (the agency's net).
    loadPlatformRules: () => loadPricer(deps.store.db, { companyId: null }),
  });
  const remotes = deps.config.duffel
    ? [
        createDuffelSupplier({
          accessToken: deps.config.duffel.accessToken,
          apiUrl: deps.config.duffel.apiUrl,
          webhookSecret: deps.config.duffel.webhookSecret,
          dataEncryptionKey: deps.secrets.dataEncryptionKey,
          policy: supplierPolicy,
          clock,
          currency: deps.config.currency,
          searchDeadlineMs: deps.config.supplierSearchDeadlineMs,
        }),
      ]
    : [];
  const flights = composeSuppliers({
    local,
    remotes,
    policy: supplierPolicy,
    deadlineMs: deps.config.supplierSearchDeadlineMs,
    onRemoteFailure: (code, error) =>
      app.log.warn({ err: error, supplier: code }, 'a supplier did not answer a search; answered without it'),
  });

  // The feature modules, each a plugin that builds, registers and runs what its domain needs, in
  // the order they build on each other (a module names the ones it needs; Fastify checks).
  await app.register(systemModule);
  await app.register(authModule);
  await app.register(companyModule, {
    labels: { airline: async (code) => flights.supplier.airlineName?.(code) },
  });
  await app.register(usersModule);
  await app.register(rolesModule);
  // Issue 33: the agency's markup rules, service fees and earnings settings.
  // Route rules place airports by the sandbox network's (every airport with scheduled service).
  provideAirports(async () => (await sharedTimetable()).airports);
  await app.register(pricingModule);
  await app.register(devModule);
  await app.register(flightsModule, flights);
  await app.register(bookingsModule);
  // Issue 33: client quotes, re-priced and booked through the flights module's supplier.
  await app.register(quotesModule);
  await app.register(paymentsModule);
  // Issue 33: the client invoices and credit notes the bookings' transactions issue.
  await app.register(invoicesModule);
  await app.register(liveModule);
  await app.register(noticesModule);
  await app.register(supportModule);
  await app.register(adminModule);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
