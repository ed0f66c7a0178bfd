import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Store } from './db/store.js';
import type { EndpointRegistrar } from './http/endpoint-route.js';
import type { Secrets } from './security/secrets.js';

/** What every feature module receives to register its routes and build its services. */
export type ModuleContext = {
  route: EndpointRegistrar;
  store: Store;
  config: Config;
  secrets: Secrets;
  clock: Clock;
  version: string;
};
