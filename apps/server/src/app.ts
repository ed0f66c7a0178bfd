import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { registerSystemRoutes } from './modules/system/routes.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Store } from './platform/db/store.js';
import { registerApiDocs } from './platform/http/docs.js';
import { createEndpointRegistrar } from './platform/http/endpoint-route.js';
import { registerErrorHandling } from './platform/http/errors.js';
import type { AccessGuard } from './platform/http/principal.js';
import { publicOnlyGuard } from './platform/http/public-only-guard.js';
import { registerSpa } from './platform/http/spa.js';
import type { ModuleContext } from './platform/module.js';
import { serverPath } from './platform/paths.js';
import type { Secrets } from './platform/security/secrets.js';

export type AppDeps = {
  config: Config;
  store: Store;
  secrets: Secrets;
  clock?: Clock;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against the contract's response schema (on in tests). */
  validateResponses?: boolean;
  guard?: AccessGuard;
  /** Folder of the built SPA; null serves no SPA. Defaults to apps/web/dist. */
  webDistDir?: string | null;
  version?: string;
};

/** Fields of requests that must never reach a log. */
const REDACTED = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * Builds the Fastify app: plugins, error handling, then feature modules (fastify/demo's order).
 * No I/O at import time; every dependency arrives through `deps`, so tests build real apps.
 */
export async function buildApp(deps: AppDeps) {
  const version = deps.version ?? '0.1.0';
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel, redact: REDACTED },
    trustProxy: deps.config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Validation is the contract's zod schemas (in the endpoint registrar); the JSON schemas on
  // routes exist only to describe them in OpenAPI. Answers are serialized as they are.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(helmet, {
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
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: deps.config.publicUrl.startsWith('https://'),
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 4, fields: 20, fieldSize: 10_000 },
  });
  await registerApiDocs(app, version);

  const webDistDir =
    deps.webDistDir === undefined ? (deps.config.webDistDir ?? serverPath('../web/dist')) : deps.webDistDir;
  const spaFallback = webDistDir ? await registerSpa(app, webDistDir) : undefined;
  registerErrorHandling(app, spaFallback ? { spaFallback } : {});

  const context: ModuleContext = {
    route: createEndpointRegistrar(app, {
      guard: deps.guard ?? publicOnlyGuard,
      validateResponses: deps.validateResponses ?? false,
    }),
    store: deps.store,
    config: deps.config,
    secrets: deps.secrets,
    clock: deps.clock ?? systemClock,
    version,
  };
  registerSystemRoutes(context);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
