import type { Cabin, FlightSegment } from '@skydesk/contract';
import type { SupplierMoney } from './remote-orders.js';

/**
 * What the portal asks of a supplier that keeps its own orders (Duffel) for changes after
 * ticketing (issue 32), beside its `orders` (remote-orders.ts). Each write is one step of the order
 * saga (docs/decisions/020-supplier-order-saga.md): recorded before the call, settled after it, and
 * looked up — never repeated blind — when its answer is lost.
 *
 * - A voluntary change is three calls: `requestOffers` (the airline's priced offers for the slices
 *   to replace), `createChange` (a pending change from one offer: nothing paid, nothing changed)
 *   and `confirmChange`, which pays `changeTotal` from the platform's balance **only when it is
 *   positive** and returns a negative one to where `refundTo` says; the order keeps its id, its
 *   slices are replaced and its e-tickets reissued under new numbers (read them with the order).
 * - An airline-initiated change (a schedule change the airline made) is read per order and answered
 *   with `acceptAirlineChange`; the supplier's webhook names it (RemoteOrderEvent `airline_change`).
 */
export type RemoteChanges = {
  /** The airline's change offers for the order, the slices named replaced by the ones searched. */
  requestOffers(request: RemoteChangeRequest): Promise<{ requestId: string; offers: RemoteChangeOffer[] }>;
  /** One offer as it is now (its `changeId` once a change was made from it). */
  getOffer(offerId: string): Promise<RemoteChangeOffer>;
  /**
   * A pending change from an offer (nothing paid yet). Its answer lost, the offer is read: the
   * change made from it is answered (`offer.changeId`), so a lost answer never makes a second one;
   * none made fails as `unavailable` (nothing happened: the caller may ask again).
   */
  createChange(offerId: string): Promise<RemoteOrderChange>;
  /**
   * Confirms the change: with one balance payment of exactly `changeTotal` when it is positive,
   * without any payment otherwise (a payment given for a zero or negative total is a programming
   * error, refused before sending). A lost answer (`unknown_outcome`) is looked up with `getChange`.
   */
  confirmChange(change: RemoteOrderChange): Promise<RemoteOrderChange>;
  getChange(changeId: string): Promise<RemoteOrderChange>;
  /** The airline's changes to the order (schedule changes), oldest first. */
  airlineChanges(orderId: string): Promise<RemoteAirlineChange[]>;
  /**
   * Keeps the order on the airline's new schedule. One already answered (a lost answer of ours
   * repeated) is read from the order's changes and answered as it stands.
   */
  acceptAirlineChange(orderId: string, changeId: string): Promise<RemoteAirlineChange>;
};

/** The slices to replace (the supplier's slice ids) and what to search instead, in the same order. */
export type RemoteChangeRequest = {
  orderId: string;
  remove: string[];
  add: { origin: string; destination: string; departureDate: string; cabin: Cabin | null }[];
};

/** A slice (a leg) as a change or the airline shows it: the supplier's ids and the flights. */
export type RemoteChangeSlice = {
  /** The supplier's slice id (a new one for an added slice). */
  id: string;
  origin: string;
  destination: string;
  /** The airline's own brand name ('Standard'), when it says. */
  fareBrand: string | null;
  /** The supplier's segment ids, in order. */
  segmentIds: string[];
  /** The flights in the contract's shape (SeatsRemaining is the supplier's 9: it gives no count). */
  segments: FlightSegment[];
};

/**
 * An airline's offer to change an order. The three amounts are the supplier's, never mixed:
 * `newTotal` (the trip bought new today), `penalty` (the airline's change fee) and `changeTotal`
 * (what is paid when positive, given back to `refundTo` when negative). The fare difference is
 * `changeTotal − penalty`.
 */
export type RemoteChangeOffer = {
  id: string;
  /** The order it changes; null when the offer was read on its own (Duffel's offer does not name it). */
  orderId: string | null;
  add: RemoteChangeSlice[];
  remove: RemoteChangeSlice[];
  changeTotal: SupplierMoney;
  penalty: SupplierMoney;
  newTotal: SupplierMoney;
  /** Where a negative `changeTotal` goes ('original_form_of_payment', 'voucher'…); null when none. */
  refundTo: string | null;
  expiresAt: Date;
  /** The change made from this offer, once one was. */
  changeId: string | null;
};

/** A change made from an offer: pending until `confirmedAt`. */
export type RemoteOrderChange = Omit<RemoteChangeOffer, 'changeId' | 'orderId'> & {
  orderId: string;
  confirmedAt: Date | null;
};

/** A schedule change the airline made to an order: the slices as they were and as they are. */
export type RemoteAirlineChange = {
  id: string;
  orderId: string;
  removed: RemoteChangeSlice[];
  added: RemoteChangeSlice[];
  /** What was answered (by the agency, or by the supplier for it); null while open. */
  actionTaken: 'accepted' | 'cancelled' | 'changed' | null;
  actionTakenAt: Date | null;
  /** What may be answered now through the supplier ('accept', 'cancel', 'change', 'update'). */
  availableActions: string[];
  createdAt: Date;
};

/** Whether a supplier's amount ('30.20', '-12.00', '0.00') is more than zero. */
export const isPositiveAmount = (money: SupplierMoney): boolean => {
  const value = Number(money.amount);
  return Number.isFinite(value) && value > 0;
};
