import {
  isPositiveAmount,
  type RemoteChangeOffer,
  type RemoteChanges,
  type RemoteOrderChange,
} from '../remote-changes.js';
import { SupplierCallError, type SupplierMoney } from '../remote-orders.js';
import { createDuffelAirlineChanges } from './airline-changes.js';
import { type DuffelChangeSlice, toChangeSlice } from './change-slices.js';
import type { DuffelHttp } from './http.js';
import { DUFFEL_CABIN } from './offers.js';

/**
 * Duffel's order changes (issue 32), as its API reference publishes them:
 *
 * 1. `POST /air/order_change_requests` `{ order_id, slices: { remove: [{ slice_id }], add: [{
 *    origin, destination, departure_date, cabin_class }] } }` answers the request with its
 *    `order_change_offers`, each with `change_total_amount`, `penalty_total_amount`,
 *    `new_total_amount` (each with its currency), `refund_to`, `expires_at` and `slices: { add,
 *    remove }`. Nothing is booked: a lost answer is only a failed read (`write: false`).
 * 2. `POST /air/order_changes` `{ selected_order_change_offer }`: a pending change (`confirmed_at`
 *    null). Nothing is paid. Its answer lost, the offer is read: its `order_change_id` names the
 *    change made from it, so a lost answer never makes a second change.
 * 3. `POST /air/order_changes/{id}/actions/confirm` — with `payment: { type: balance, amount,
 *    currency }` of exactly `change_total_amount` **only when it is positive**; with none when it
 *    is zero or negative (the airline returns a negative one to `refund_to`). This is the call that
 *    moves money: its lost answer is an unknown outcome, settled by reading the change
 *    (`GET /air/order_changes/{id}`: `confirmed_at` set or not), never by confirming blind.
 *
 * Airline-initiated changes (`airline-changes.ts`) complete the capability. Failures are the HTTP
 * client's SupplierCallErrors (http.ts).
 */

type DuffelChangeOffer = {
  id: string;
  order_change_id?: string | null;
  slices: { add: DuffelChangeSlice[]; remove: DuffelChangeSlice[] };
  change_total_amount: string | null;
  change_total_currency: string | null;
  penalty_total_amount?: string | null;
  penalty_total_currency?: string | null;
  new_total_amount: string | null;
  new_total_currency: string | null;
  refund_to: string | null;
  expires_at: string;
};

type DuffelChangeRequest = {
  id: string;
  order_id: string;
  order_change_offers: DuffelChangeOffer[];
};

type DuffelOrderChange = DuffelChangeOffer & { order_id: string; confirmed_at: string | null };

/** An amount Duffel may leave null (nothing to pay, no penalty) in a currency it may leave null. */
function money(
  amount: string | null | undefined,
  currency: string | null | undefined,
  fallback: string,
): SupplierMoney {
  return { amount: amount ?? '0.00', currency: currency ?? fallback };
}

function toOffer(offer: DuffelChangeOffer, orderId: string | null): RemoteChangeOffer {
  const currency = offer.change_total_currency ?? offer.new_total_currency ?? '';
  return {
    id: offer.id,
    orderId,
    add: offer.slices.add.map(toChangeSlice),
    remove: offer.slices.remove.map(toChangeSlice),
    changeTotal: money(offer.change_total_amount, offer.change_total_currency, currency),
    penalty: money(offer.penalty_total_amount, offer.penalty_total_currency, currency),
    newTotal: money(offer.new_total_amount, offer.new_total_currency, currency),
    refundTo: offer.refund_to ?? null,
    expiresAt: new Date(offer.expires_at),
    changeId: offer.order_change_id ?? null,
  };
}

function toChange(change: DuffelOrderChange): RemoteOrderChange {
  const { changeId: _changeId, orderId: _orderId, ...offer } = toOffer(change, change.order_id);
  return {
    ...offer,
    orderId: change.order_id,
    confirmedAt: change.confirmed_at ? new Date(change.confirmed_at) : null,
  };
}

export type DuffelChangesOptions = {
  http: DuffelHttp;
};

export function createDuffelChanges(options: DuffelChangesOptions): RemoteChanges {
  const { http } = options;

  const getChange = async (changeId: string): Promise<RemoteOrderChange> =>
    toChange(
      (
        await http.request<DuffelOrderChange>({
          method: 'GET',
          path: `/air/order_changes/${encodeURIComponent(changeId)}`,
        })
      ).data,
    );

  /** The offer as it is now; the reference's offer does not name its order (the caller knows it). */
  const getOffer = async (offerId: string): Promise<RemoteChangeOffer> =>
    toOffer(
      (
        await http.request<DuffelChangeOffer>({
          method: 'GET',
          path: `/air/order_change_offers/${encodeURIComponent(offerId)}`,
        })
      ).data,
      null,
    );

  /** The change made from an offer, when the airline says one was (its `order_change_id`). */
  async function changeMadeFrom(offerId: string): Promise<RemoteOrderChange | null> {
    const offer = await getOffer(offerId);
    return offer.changeId ? getChange(offer.changeId) : null;
  }

  return {
    async requestOffers(request) {
      const answer = await http.request<DuffelChangeRequest>({
        method: 'POST',
        path: '/air/order_change_requests',
        data: {
          order_id: request.orderId,
          slices: {
            remove: request.remove.map((sliceId) => ({ slice_id: sliceId })),
            add: request.add.map((slice) => ({
              origin: slice.origin,
              destination: slice.destination,
              departure_date: slice.departureDate,
              ...(slice.cabin ? { cabin_class: DUFFEL_CABIN[slice.cabin] } : {}),
            })),
          },
        },
        // A search at the airline: nothing is booked or paid, so a lost answer is only unanswered.
        write: false,
      });
      return {
        requestId: answer.data.id,
        offers: answer.data.order_change_offers.map((offer) => toOffer(offer, answer.data.order_id)),
      };
    },

    getOffer: (offerId) => getOffer(offerId),

    async createChange(offerId) {
      try {
        const answer = await http.request<DuffelOrderChange>({
          method: 'POST',
          path: '/air/order_changes',
          data: { selected_order_change_offer: offerId },
        });
        return toChange(answer.data);
      } catch (error) {
        if (!(error instanceof SupplierCallError)) throw error;
        const lost = error.kind === 'unknown_outcome';
        // A change already made from the offer (a lost answer, or a request repeated): that one.
        const made = lost || error.details.code === 'order_change_exists';
        if (!made) throw error;
        let found: RemoteOrderChange | null;
        try {
          found = await changeMadeFrom(offerId);
        } catch {
          throw error;
        }
        if (found) return found;
        // The airline made none: nothing is pending or paid, so the caller may simply ask again.
        throw new SupplierCallError('unavailable', 'The airline did not answer; try again.', {
          supplier: 'duffel',
          ...(error.details.status ? { status: error.details.status } : {}),
          code: 'order_change_not_created',
        });
      }
    },

    async confirmChange(change) {
      // Duffel takes a payment only for a positive change_total_amount: never one otherwise.
      const payment = isPositiveAmount(change.changeTotal)
        ? {
            payment: {
              type: 'balance',
              amount: change.changeTotal.amount,
              currency: change.changeTotal.currency,
            },
          }
        : {};
      const answer = await http.request<DuffelOrderChange>({
        method: 'POST',
        path: `/air/order_changes/${encodeURIComponent(change.id)}/actions/confirm`,
        data: payment,
      });
      return toChange(answer.data);
    },

    getChange,

    ...createDuffelAirlineChanges({ http }),
  };
}
