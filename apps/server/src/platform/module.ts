import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Store } from './db/store.js';
import { createEndpointRegistrar, type EndpointRegistrar } from './http/endpoint-route.js';
import type { AccessGuard } from './http/principal.js';
import type { Mailer } from './mail/mailer.js';
import type { SecretBox } from './security/encryption.js';
import type { TokenHasher } from './security/one-time-code.js';
import type { PasswordHasher } from './security/password.js';
import type { RateLimiter } from './security/rate-limit.js';
import type { TokenService } from './security/tokens.js';
import type { FileStore } from './storage/file-store.js';

/** Shared services every feature module may use; built once in buildApp. */
export type Platform = {
  mailer: Mailer;
  tokens: TokenService;
  passwords: PasswordHasher;
  secretBox: SecretBox;
  tokenHasher: TokenHasher;
  rateLimiter: RateLimiter;
  files: FileStore;
};

/** What buildApp decorates the app with, before any module registers (the `skydesk` decorator). */
export type AppServices = {
  store: Store;
  config: Config;
  clock: Clock;
  version: string;
  platform: Platform;
  guard: AccessGuard;
  /** Check every answer against the contract's response schema (on in tests). */
  validateResponses: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    skydesk: AppServices;
  }
}

/** What every feature module receives to register its routes and build its services. */
export type ModuleContext = {
  route: EndpointRegistrar;
  store: Store;
  config: Config;
  clock: Clock;
  version: string;
  platform: Platform;
  log: FastifyBaseLogger;
};

const pluginName = (name: string) => `skydesk-${name}`;

/** The platform's services as the `skydesk` decorator; every module declares it as a dependency. */
export const platformPlugin = fp<AppServices>(
  async (app, services) => {
    app.decorate('skydesk', services);
  },
  { name: pluginName('platform'), fastify: '5.x' },
);

/**
 * A feature module: one Fastify plugin that builds its services, registers its routes (under its
 * domain's OpenAPI tag) and owns its background jobs and hooks. Modules are not encapsulated
 * (fastify-plugin), so what one decorates the app with is there for the modules after it; each
 * names the modules it needs in `dependencies`, and Fastify refuses to start when one is missing
 * or registered later.
 */
export function defineModule<Options extends object = Record<never, never>>(
  meta: { name: string; tag?: string; dependencies?: string[] },
  setup: (context: ModuleContext, app: FastifyInstance, options: Options) => void | Promise<void>,
) {
  return fp<Options>(
    async (app, options) => {
      const { store, config, clock, version, platform, guard, validateResponses } = app.skydesk;
      const route = createEndpointRegistrar(app, {
        guard,
        validateResponses,
        tag: meta.tag ?? meta.name,
        db: store.db,
        clock,
      });
      await setup({ route, store, config, clock, version, platform, log: app.log }, app, options);
    },
    {
      name: pluginName(meta.name),
      fastify: '5.x',
      dependencies: [pluginName('platform'), ...(meta.dependencies ?? []).map(pluginName)],
    },
  );
}
