import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Store } from './db/store.js';
import type { EndpointRegistrar } from './http/endpoint-route.js';
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
