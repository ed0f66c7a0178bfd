import type { AirlineInitiatedChange, DuffelOrder, OrderSlice } from './duffel-types.js';
import { duffelError } from './errors.js';
import type { BookingContext } from './orders.js';
import { instantOfLocal, localDateTime } from './places.js';
import type { DuffelStore } from './store.js';

/**
 * Airline-initiated changes (schedule changes): a test moves a slice's flights; the order shows the
 * new times, lists the change (`removed` and `added` slices), and Duffel's
 * `order.airline_initiated_change_detected` event goes out with the change as its object.
 */
function shiftSlice(slice: OrderSlice, minutes: number): OrderSlice {
  const shift = (local: string, timeZone: string) =>
    localDateTime(new Date(instantOfLocal(local, timeZone).getTime() + minutes * 60_000), timeZone);
  return {
    ...structuredClone(slice),
    segments: slice.segments.map((segment) => ({
      ...structuredClone(segment),
      departing_at: shift(segment.departing_at, segment.origin.time_zone),
      arriving_at: shift(segment.arriving_at, segment.destination.time_zone),
    })),
  };
}

export function triggerAirlineChange(
  ctx: BookingContext,
  orderId: string,
  change: { minutes: number; sliceIndex: number },
): AirlineInitiatedChange {
  const { store } = ctx;
  const order = store.orders.get(orderId);
  const before = order?.slices[change.sliceIndex];
  if (!order || !before) throw new Error(`No order ${orderId} with a slice ${change.sliceIndex}`);
  const after = shiftSlice(before, change.minutes);
  order.slices[change.sliceIndex] = after;
  const now = store.now().toISOString();
  const aic: AirlineInitiatedChange = {
    id: store.ids.next('aic'),
    order_id: order.id,
    removed: [before],
    added: [after],
    action_taken: null,
    action_taken_at: null,
    available_actions: ['accept', 'cancel', 'change', 'update'],
    travel_agent_ticket: null,
    created_at: now,
    updated_at: now,
  };
  store.airlineInitiatedChanges.set(aic.id, aic);
  order.airline_initiated_changes.push(aic);
  order.synced_at = now;
  ctx.notify('order.airline_initiated_change_detected', aic, aic.id);
  return aic;
}

export function listAirlineChanges(store: DuffelStore, query: URLSearchParams): AirlineInitiatedChange[] {
  const orderId = query.get('order_id');
  return [...store.airlineInitiatedChanges.values()].filter(
    (aic) => orderId === null || aic.order_id === orderId,
  );
}

/** Airline-Initiated Changes › Accept: the order keeps the new schedule. */
export function acceptAirlineChange(store: DuffelStore, id: string): AirlineInitiatedChange {
  const aic = store.airlineInitiatedChanges.get(id);
  if (!aic) throw duffelError.notFound();
  if (aic.action_taken)
    throw duffelError.invalidState('already_confirmed', 'An action was already taken on this change.');
  const now = store.now().toISOString();
  Object.assign(aic, {
    action_taken: 'accepted',
    action_taken_at: now,
    available_actions: [],
    updated_at: now,
  });
  const order: DuffelOrder | undefined = store.orders.get(aic.order_id);
  const listed = order?.airline_initiated_changes.find((entry) => entry.id === id);
  if (listed) Object.assign(listed, aic);
  return aic;
}
