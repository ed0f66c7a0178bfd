import { acceptAirlineChange, listAirlineChanges } from './airline-changes.js';
import {
  confirmCancellation,
  getCancellation,
  listCancellations,
  quoteCancellation,
} from './cancellations.js';
import {
  confirmOrderChange,
  createOrderChange,
  createOrderChangeRequest,
  getOrderChange,
  getOrderChangeOffer,
  getOrderChangeRequest,
  listOrderChangeOffers,
} from './order-changes.js';
import {
  addOrderServices,
  type BookingContext,
  createOrder,
  getOrder,
  listOrders,
  orderAvailableServices,
  payOrder,
  updateOrder,
} from './orders.js';
import { paginate } from './pagination.js';
import {
  createOfferRequest,
  findOfferRequest,
  getOffer,
  getSeatMaps,
  listOffers,
  presentOfferRequest,
} from './shopping.js';

/**
 * The endpoints, each a thin step from the request to a command and its `{ data }` or
 * `{ data, meta }` answer. Creating answers 201 (Overview › Errors: "a new resource was created");
 * reading and actions answer 200.
 */
export const DUFFEL_ROUTES = [
  'POST /air/offer_requests',
  'GET /air/offer_requests',
  'GET /air/offer_requests/{id}',
  'GET /air/offers',
  'GET /air/offers/{id}',
  'GET /air/seat_maps',
  'POST /air/orders',
  'GET /air/orders',
  'GET /air/orders/{id}',
  'PATCH /air/orders/{id}',
  'GET /air/orders/{id}/available_services',
  'POST /air/orders/{id}/services',
  'POST /air/payments',
  'POST /air/order_cancellations',
  'GET /air/order_cancellations',
  'GET /air/order_cancellations/{id}',
  'POST /air/order_cancellations/{id}/actions/confirm',
  'GET /air/airline_initiated_changes',
  'POST /air/airline_initiated_changes/{id}/actions/accept',
  'POST /air/order_change_requests',
  'GET /air/order_change_requests/{id}',
  'GET /air/order_change_offers',
  'GET /air/order_change_offers/{id}',
  'POST /air/order_changes',
  'GET /air/order_changes/{id}',
  'POST /air/order_changes/{id}/actions/confirm',
] as const;

export type DuffelRoute = (typeof DUFFEL_ROUTES)[number];

export type RouteRequest = {
  booking: BookingContext;
  id: string;
  query: URLSearchParams;
  /** The `data` of the JSON body, when the route reads one. */
  data: unknown;
};

export type RouteAnswer = { status: number; body: unknown };

const created = (data: unknown): RouteAnswer => ({ status: 201, body: { data } });
const ok = (data: unknown): RouteAnswer => ({ status: 200, body: { data } });
const page = (result: { data: unknown; meta: unknown }): RouteAnswer => ({ status: 200, body: result });

const HANDLERS: Record<DuffelRoute, (request: RouteRequest) => RouteAnswer> = {
  'POST /air/offer_requests': ({ booking, query, data }) =>
    created(createOfferRequest(booking.store, data, query.get('return_offers') !== 'false')),
  'GET /air/offer_requests': ({ booking, query }) =>
    page(
      paginate(
        [...booking.store.offerRequests.values()].map((request) =>
          presentOfferRequest(booking.store, request, false),
        ),
        query,
      ),
    ),
  'GET /air/offer_requests/{id}': ({ booking, id }) =>
    ok(presentOfferRequest(booking.store, findOfferRequest(booking.store, id))),
  'GET /air/offers': ({ booking, query }) => page(listOffers(booking.store, query)),
  'GET /air/offers/{id}': ({ booking, id, query }) =>
    ok(getOffer(booking.store, id, query.get('return_available_services') === 'true')),
  'GET /air/seat_maps': ({ booking, query }) => ok(getSeatMaps(booking.store, query)),
  'POST /air/orders': ({ booking, data }) => created(createOrder(booking, data)),
  'GET /air/orders': ({ booking, query }) => page(listOrders(booking.store, query)),
  'GET /air/orders/{id}': ({ booking, id }) => ok(getOrder(booking.store, id)),
  'PATCH /air/orders/{id}': ({ booking, id, data }) => ok(updateOrder(booking.store, id, data)),
  'GET /air/orders/{id}/available_services': ({ booking, id }) =>
    ok(orderAvailableServices(booking.store, id)),
  'POST /air/orders/{id}/services': ({ booking, id, data }) => created(addOrderServices(booking, id, data)),
  'POST /air/payments': ({ booking, data }) => created(payOrder(booking, data)),
  'POST /air/order_cancellations': ({ booking, data }) => created(quoteCancellation(booking, data)),
  'GET /air/order_cancellations': ({ booking, query }) => page(listCancellations(booking.store, query)),
  'GET /air/order_cancellations/{id}': ({ booking, id }) => ok(getCancellation(booking.store, id)),
  'POST /air/order_cancellations/{id}/actions/confirm': ({ booking, id }) =>
    ok(confirmCancellation(booking, id)),
  'GET /air/airline_initiated_changes': ({ booking, query }) => ok(listAirlineChanges(booking.store, query)),
  'POST /air/airline_initiated_changes/{id}/actions/accept': ({ booking, id }) =>
    ok(acceptAirlineChange(booking.store, id)),
  'POST /air/order_change_requests': ({ booking, data }) => created(createOrderChangeRequest(booking, data)),
  'GET /air/order_change_requests/{id}': ({ booking, id }) => ok(getOrderChangeRequest(booking.store, id)),
  'GET /air/order_change_offers': ({ booking, query }) => page(listOrderChangeOffers(booking.store, query)),
  'GET /air/order_change_offers/{id}': ({ booking, id }) => ok(getOrderChangeOffer(booking.store, id)),
  'POST /air/order_changes': ({ booking, data }) => created(createOrderChange(booking, data)),
  'GET /air/order_changes/{id}': ({ booking, id }) => ok(getOrderChange(booking.store, id)),
  'POST /air/order_changes/{id}/actions/confirm': ({ booking, id, data }) =>
    ok(confirmOrderChange(booking, id, data)),
};

/** Routes whose body must be `{ data: {…} }`; the others take no body (actions, reads). */
const READS_BODY = new Set<DuffelRoute>([
  'POST /air/offer_requests',
  'POST /air/orders',
  'PATCH /air/orders/{id}',
  'POST /air/orders/{id}/services',
  'POST /air/payments',
  'POST /air/order_cancellations',
  'POST /air/order_change_requests',
  'POST /air/order_changes',
  // The payment, when the change costs something; `{ data: {} }` otherwise.
  'POST /air/order_changes/{id}/actions/confirm',
]);

const MATCHERS = DUFFEL_ROUTES.map((name) => {
  const [method, path] = name.split(' ') as [string, string];
  // The client posts offer requests to 'air/offer_requests/': a trailing slash is the same path.
  const pattern = new RegExp(`^${path.replace('{id}', '([^/]+)')}/?$`);
  return { name, method, pattern };
});

export function matchRoute(
  method: string,
  path: string,
): { name: DuffelRoute; id: string; readsBody: boolean } | null {
  for (const matcher of MATCHERS) {
    if (matcher.method !== method) continue;
    const match = matcher.pattern.exec(path);
    if (match)
      return {
        name: matcher.name,
        id: decodeURIComponent(match[1] ?? ''),
        readsBody: READS_BODY.has(matcher.name),
      };
  }
  return null;
}

export function handleRoute(name: DuffelRoute, request: RouteRequest): RouteAnswer {
  return HANDLERS[name](request);
}
