import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { Platform } from '../../platform/module.js';

/** What every part of the auth module is built from (routes.ts builds them once per app). */
export type AuthDeps = {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  platform: Platform;
  log: FastifyBaseLogger;
};
