import type { RemoteAirlineChange, RemoteChanges } from '../remote-changes.js';
import { SupplierCallError } from '../remote-orders.js';
import { type DuffelChangeSlice, toChangeSlice } from './change-slices.js';
import type { DuffelHttp } from './http.js';

/**
 * Duffel's airline-initiated changes (issue 32; Airline-Initiated Changes in its reference): a
 * schedule change the airline made to an order, with the slices as they were (`removed`) and as
 * they are now (`added`, new ids), what was done about it (`action_taken`: accepted, cancelled,
 * changed; `action_taken_at`) and what may be done through the API (`available_actions`).
 *
 * - `GET /air/airline_initiated_changes?order_id=` lists an order's changes;
 * - `POST /air/airline_initiated_changes/{id}/actions/accept` keeps the order on the new schedule.
 *   Accepting moves no money, so a lost answer is settled by listing the order's changes again;
 *   one already answered is read rather than refused, so a repeat is harmless.
 *
 * Duffel tells of a new one with the webhook `order.airline_initiated_change_detected` (its object
 * is the change: webhooks.ts reads its id and order id).
 */

type DuffelAirlineChange = {
  id: string;
  order_id: string;
  removed: DuffelChangeSlice[];
  added: DuffelChangeSlice[];
  action_taken: 'accepted' | 'cancelled' | 'changed' | null;
  action_taken_at: string | null;
  available_actions: string[];
  created_at: string;
};

function toAirlineChange(change: DuffelAirlineChange): RemoteAirlineChange {
  return {
    id: change.id,
    orderId: change.order_id,
    removed: change.removed.map(toChangeSlice),
    added: change.added.map(toChangeSlice),
    actionTaken: change.action_taken ?? null,
    actionTakenAt: change.action_taken_at ? new Date(change.action_taken_at) : null,
    availableActions: change.available_actions ?? [],
    createdAt: new Date(change.created_at),
  };
}

export function createDuffelAirlineChanges(options: {
  http: DuffelHttp;
}): Pick<RemoteChanges, 'airlineChanges' | 'acceptAirlineChange'> {
  const { http } = options;

  async function airlineChanges(orderId: string): Promise<RemoteAirlineChange[]> {
    const answer = await http.request<DuffelAirlineChange[]>({
      method: 'GET',
      path: '/air/airline_initiated_changes',
      params: { order_id: orderId },
    });
    return answer.data.map(toAirlineChange).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  return {
    airlineChanges,

    async acceptAirlineChange(orderId, changeId) {
      try {
        const answer = await http.request<DuffelAirlineChange>({
          method: 'POST',
          path: `/air/airline_initiated_changes/${encodeURIComponent(changeId)}/actions/accept`,
        });
        return toAirlineChange(answer.data);
      } catch (error) {
        // Refused because an action was already taken (by a lost answer of ours, or by Duffel for
        // us): the change as it stands is the answer. Other failures are the caller's.
        if (!(error instanceof SupplierCallError) || error.kind !== 'refused') throw error;
        const found = (await airlineChanges(orderId)).find((change) => change.id === changeId);
        if (found?.actionTaken) return found;
        throw error;
      }
    },
  };
}
