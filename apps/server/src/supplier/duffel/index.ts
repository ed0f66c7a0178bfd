import type { Clock } from '../../platform/clock.js';
import { type CircuitBreakerOptions, createCircuitBreaker } from '../circuit-breaker.js';
import { createSupplierHealth } from '../supplier-health.js';
import type { RemoteSupplier } from '../supplier-set.js';
import type { SupplierPolicy } from '../supplier-settings.js';
import { createDuffelChanges } from './changes.js';
import { createDuffelHttp } from './http.js';
import { createDuffelIds, duffelOfferKey } from './offer-ids.js';
import { createDuffelOrders } from './orders.js';
import { createDuffelSeatMaps } from './seat-maps.js';
import { createDuffelServices } from './services.js';
import { createDuffelShopping } from './shopping.js';

/**
 * The Duffel adapter's one public entry (docs/architecture.md §4, decision 019): the composition
 * root makes the remote supplier here from the configuration (DUFFEL_ACCESS_TOKEN, DUFFEL_API_URL,
 * DUFFEL_WEBHOOK_SECRET) and hands it to the supplier set (supplier/supplier-set.ts). Nothing
 * outside supplier/ imports another file of this folder.
 */

export type { DuffelHttp } from './http.js';

export type DuffelSupplierDeps = {
  accessToken: string;
  apiUrl: string;
  webhookSecret?: string | undefined;
  /** The data encryption key: the offer and option ids' key is derived from it. */
  dataEncryptionKey: Uint8Array;
  policy: SupplierPolicy;
  clock: Clock;
  /** The platform currency (CURRENCY). */
  currency: string;
  /** SUPPLIER_SEARCH_DEADLINE_MS. */
  searchDeadlineMs: number;
  /** Tests: a quicker breaker. */
  breaker?: Omit<CircuitBreakerOptions, 'clock'>;
};

export function createDuffelSupplier(deps: DuffelSupplierDeps): RemoteSupplier {
  const health = createSupplierHealth({ clock: deps.clock });
  const breaker = createCircuitBreaker({ clock: deps.clock, ...deps.breaker });
  const http = createDuffelHttp({
    token: deps.accessToken,
    baseUrl: deps.apiUrl,
    health,
    breaker,
    clock: deps.clock,
  });
  const ids = createDuffelIds(duffelOfferKey(deps.dataEncryptionKey));
  const shopping = createDuffelShopping({
    http,
    ids,
    policy: deps.policy,
    health,
    clock: deps.clock,
    currency: deps.currency,
    searchDeadlineMs: deps.searchDeadlineMs,
  });
  const seatMaps = createDuffelSeatMaps({ http, currency: deps.currency });
  const services = createDuffelServices({ http, seatMaps, currency: deps.currency });
  return {
    code: 'duffel',
    shopping,
    // The booking life (decision 020): orders, payments, cancellations and webhooks.
    orders: createDuffelOrders({ http, webhookSecret: deps.webhookSecret }),
    // Issue 32: order changes and the airline's schedule changes (same saga, decision 020).
    changes: createDuffelChanges({ http }),
    // Issue 31: seat maps of an offer before booking (Duffel sells seats with the order).
    seatMaps,
    // Issue 31: the offer's extra bags, and seats and bags priced to go with the order.
    bagOffers: services,
    services: {
      quote: ({ offer, services: requests }) => services.quote(offer, requests),
    },
    health,
    breaker,
    ownsOfferId: ids.isOfferId,
    ownsOptionId: ids.isOptionId,
  };
}
