import { type BookingStatus, minorMoneyText, type PassengerType } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, StoredRemoteOffer } from '../../../platform/db/schema.js';
import type {
  RemoteCancellation,
  RemoteOffer,
  RemoteOrder,
  SupplierMoney,
} from '../../../supplier/remote-orders.js';
import { notify } from '../../notices/index.js';
import { postLedgerEntry } from '../../payments/index.js';
import { paidServicesOf, settleServiceRefund } from '../after-sales/repo.js';
import { spreadAirlineRefund } from '../after-sales/service-refunds.js';
import { bookingLink } from '../booking/hold-notices.js';
import { utcMinute } from '../booking/presenter.js';
import { insertOrder, recordEvent } from '../booking/repo.js';
import { heldServicesOf, issueHeldServices, releaseServices } from '../services/repo.js';
import {
  completeSupplierRefundOrder,
  insertSupplierTickets,
  issuedTicketsOf,
  lockSupplierBooking,
  type OrderPassengerRow,
  orderPassengersOf,
  pendingTicketOrderOf,
  refundTickets,
  type SupplierBookingRow,
  settleTicketOrder,
  updateSupplierBooking,
} from './repo.js';

/**
 * The transactions that settle a step of the supplier order saga
 * (docs/decisions/020-supplier-order-saga.md), whoever settles it: the request that made the call,
 * the reconciler, a webhook, an order read when the booking is opened. Each locks the booking first
 * and re-reads its step, and does nothing when the step is no longer the one it settles — another
 * path settled it — so settling twice, in any order, settles once. Each keeps the lock order of
 * docs/booking-and-money.md: the booking, the agency's balance (a posting), then the rollups (the
 * ledger line's and the history event's triggers); remote bookings hold no sandbox seats.
 */

type Db = Kysely<Database>;

const TICKET_NUMBER = /^\d{13}$/;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const remoteOfferOf = (stored: StoredRemoteOffer): RemoteOffer => ({
  ...stored,
  holdUntil: stored.holdUntil ? new Date(stored.holdUntil) : null,
});

export const storedOfferOf = (offer: RemoteOffer): StoredRemoteOffer => ({
  offerId: offer.offerId,
  passengers: offer.passengers,
  price: offer.price,
  rate: offer.rate,
  netMinor: offer.netMinor,
  markupMinor: offer.markupMinor,
  instantPaymentOnly: offer.instantPaymentOnly,
  holdUntil: offer.holdUntil?.toISOString() ?? null,
  ...(offer.segmentIds ? { segmentIds: offer.segmentIds } : {}),
  ...(offer.services ? { services: offer.services } : {}),
});

/** An amount of the supplier's currency in minor units of the booking's, at the booking's rate. */
export const convertedMinor = (money: SupplierMoney, rate: number): number =>
  Math.round(Math.round(Number(money.amount) * 100) * rate);

/** The same amount, to the cent: supplier amounts compare as numbers ("30.2" is "30.20"). */
export const sameAmount = (a: SupplierMoney, b: SupplierMoney) =>
  a.currency === b.currency && Math.round(Number(a.amount) * 100) === Math.round(Number(b.amount) * 100);

/**
 * The booking's passengers in the offer's order (adults, then children, then infants, as the
 * supplier's passenger ids are listed): the k-th passenger of a type is the offer's k-th of it.
 */
export function inOfferOrder(
  passengers: readonly OrderPassengerRow[],
  offer: { passengers: readonly { id: string; type: PassengerType }[] },
): OrderPassengerRow[] {
  const byType = new Map<PassengerType, OrderPassengerRow[]>();
  for (const passenger of passengers) {
    byType.set(passenger.passenger_type, [...(byType.get(passenger.passenger_type) ?? []), passenger]);
  }
  const aligned = offer.passengers.map((remote) => byType.get(remote.type)?.shift());
  if (aligned.some((passenger) => !passenger) || [...byType.values()].some((left) => left.length > 0)) {
    throw new Error("The booking's passengers are not the supplier offer's");
  }
  return aligned as OrderPassengerRow[];
}

/** The agency is told of what the airline did on its own time (the whole agency: anyone may act). */
async function tellAgency(
  trx: Transaction<Database>,
  booking: SupplierBookingRow,
  message: { kind: 'booking_failed' | 'airline_change' | 'booking_ticketed'; title: string; body: string },
  at: Date,
) {
  await notify(trx, {
    companyId: booking.company_id,
    userId: null,
    kind: message.kind,
    title: message.title,
    body: message.body,
    link: bookingLink(booking.id),
    bookingId: booking.id,
    at,
  });
}

/** confirming → confirmed: the airline holds the booking under its own reference. */
export async function recordHoldConfirmed(db: Db, bookingId: string, order: RemoteOrder, now: Date) {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (booking?.supplier_state !== 'confirming') return false;
    // The airline's deadline can only shorten ours: the booking must be paid while the airline holds it.
    const deadline =
      order.payBy && order.payBy.getTime() < booking.ticketing_deadline.getTime()
        ? order.payBy
        : booking.ticketing_deadline;
    await updateSupplierBooking(trx, booking.id, {
      supplier_state: 'confirmed',
      supplier_state_at: now,
      supplier_order_id: order.id,
      supplier_reference: order.reference,
      supplier_synced_at: now,
      ticketing_deadline: deadline,
      updated_at: now,
    });
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'airline_confirmed',
      from: booking.status,
      to: booking.status,
      note: `The airline holds the booking under its reference ${order.reference}; issue by ${utcMinute(deadline)}`,
      actorUserId: null,
      at: now,
    });
    return true;
  });
}

/** confirming → failed: no hold came of the request; nothing was paid. */
export async function recordHoldFailed(db: Db, bookingId: string, reason: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (booking?.supplier_state !== 'confirming') return false;
    await updateSupplierBooking(trx, booking.id, {
      status: 'cancelled',
      supplier_state: 'failed',
      supplier_state_at: now,
      updated_at: now,
    });
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'cancelled',
      from: booking.status,
      to: 'cancelled',
      note: `The airline did not confirm the hold: ${reason}. Nothing was charged.`,
      actorUserId: null,
      at: now,
    });
    await tellAgency(
      trx,
      booking,
      {
        kind: 'booking_failed',
        title: `Booking ${booking.pnr} was not confirmed`,
        body: `The airline did not confirm the hold on booking ${booking.pnr}: ${reason}. Nothing was charged; search again to book the trip.`,
      },
      now,
    );
    return true;
  });
}

export type TicketedOutcome = 'ticketed' | 'settled_elsewhere' | 'documents_pending';

/**
 * paying | ordering → confirmed, ticketed: the airline's order is paid and carries one e-ticket per
 * passenger. The debit was posted when the step began; its pending ticket order completes now.
 * An order paid without all its documents yet is left as it is (they follow; Duffel says so by
 * `order.updated`), never compensated: it is paid.
 */
export async function recordTicketed(
  db: Db,
  bookingId: string,
  order: RemoteOrder,
  now: Date,
): Promise<TicketedOutcome> {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (!booking || (booking.supplier_state !== 'paying' && booking.supplier_state !== 'ordering')) {
      return 'settled_elsewhere';
    }
    const offer = booking.supplier_offer!;
    const passengers = inOfferOrder(await orderPassengersOf(trx, booking.id), offer);
    const numbers = new Map(order.tickets.map((ticket) => [ticket.passengerId, ticket.number]));
    const tickets = passengers.map((passenger, index) => ({
      passengerId: passenger.id,
      number: numbers.get(offer.passengers[index]!.id),
      paidMinor: passenger.fare_minor + passenger.taxes_minor,
    }));
    if (tickets.some((ticket) => !ticket.number || !TICKET_NUMBER.test(ticket.number))) {
      return 'documents_pending';
    }
    const inserted = await insertSupplierTickets(trx, {
      bookingId: booking.id,
      tickets: tickets as { passengerId: string; number: string; paidMinor: number }[],
      at: now,
    });
    const ticketNumbers = inserted.map((ticket) => ticket.ticket_number);
    await issueOrderedServices(trx, booking.id, passengers, offer, order, now);
    const pending = await pendingTicketOrderOf(trx, booking.id);
    if (pending) await settleTicketOrder(trx, pending.id, { status: 'completed', ticketNumbers }, now);
    await updateSupplierBooking(trx, booking.id, {
      status: 'ticketed',
      issued_at: now,
      // The airline decides what comes back (its cancellation quote): no void window of SkyDesk's.
      void_until: null,
      supplier_state: 'confirmed',
      supplier_state_at: now,
      supplier_order_id: order.id,
      supplier_reference: order.reference,
      supplier_synced_at: now,
      updated_at: now,
    });
    const count = plural(inserted.length, 'ticket');
    const charged = minorMoneyText(booking.total_minor, booking.currency);
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'ticketed',
      from: booking.status,
      to: 'ticketed',
      note: `${count} issued by the airline (its reference ${order.reference}); ${charged} debited from credits`,
      actorUserId: null,
      at: now,
    });
    await tellAgency(
      trx,
      booking,
      {
        kind: 'booking_ticketed',
        title: `Booking ${booking.pnr} ticketed`,
        body: `${count} issued for booking ${booking.pnr} (airline reference ${order.reference}); ${charged} debited from your credits.`,
      },
      now,
    );
    return 'ticketed';
  });
}

/**
 * Issue 31: the seats and bags ordered with the tickets (the debit paid them with the fare) are
 * issued, each paid one under the EMD the airline sent for its passenger, in the order both list
 * them. An order without enough EMDs (the airline still to send them) leaves them held: they stay
 * the booking's, and its next read of the order is no settlement of them.
 */
async function issueOrderedServices(
  trx: Transaction<Database>,
  bookingId: string,
  inOrder: readonly OrderPassengerRow[],
  offer: StoredRemoteOffer,
  order: RemoteOrder,
  now: Date,
) {
  const held = await heldServicesOf(trx, bookingId);
  if (held.length === 0) return;
  // The booking's passenger (by position) → the supplier's passenger id.
  const idOfRow = new Map(inOrder.map((row, index) => [row.id, offer.passengers[index]!.id]));
  const booked = await orderPassengersOf(trx, bookingId);
  const emds = new Map<string, string[]>();
  for (const emd of order.emds ?? [])
    emds.set(emd.passengerId, [...(emds.get(emd.passengerId) ?? []), emd.number]);
  const numbers = held
    .filter((service) => Number(service.amount_minor) !== 0)
    .map((service) => {
      const row = booked[service.passenger_index];
      return row ? emds.get(idOfRow.get(row.id) ?? '')?.shift() : undefined;
    });
  if (numbers.some((number) => !number)) return;
  let next = 0;
  await issueHeldServices(trx, {
    services: held,
    at: now,
    // The airline's own numbers, one per paid service in the same order (never drawn here).
    emdNumber: () => {
      const number = numbers[next++];
      if (!number) throw new Error(`Booking ${bookingId}: an EMD of the airline's is held already`);
      return number;
    },
  });
}

/**
 * What became of a paying or ordering step whose order never came, or was refused:
 * - `hold_kept`: the payment was refused, the airline still holds the booking (back to confirmed);
 * - `hold_gone`: the airline's hold ended unpaid (the booking expires);
 * - `offer_kept`: the instant order was refused, the fare may still be issued (back to local);
 * - `not_made`: no order came of it (the booking is cancelled).
 */
export type DebitOutcome = 'hold_kept' | 'hold_gone' | 'offer_kept' | 'not_made';

/**
 * The compensation (decision 020): a `reversal` credit of exactly the debit the step made, its
 * pending ticket order rejected, and the booking where the outcome leaves it.
 */
export async function recordDebitReversed(
  db: Db,
  bookingId: string,
  outcome: DebitOutcome,
  reason: string,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (!booking || (booking.supplier_state !== 'paying' && booking.supplier_state !== 'ordering')) {
      return false;
    }
    await postLedgerEntry(trx, {
      companyId: booking.company_id,
      kind: 'reversal',
      amountMinor: booking.total_minor,
      bookingId: booking.id,
      note: `Ticket debit of booking ${booking.pnr} given back: ${reason}`,
      userId: null,
    });
    const pending = await pendingTicketOrderOf(trx, booking.id);
    if (pending) await settleTicketOrder(trx, pending.id, { status: 'rejected', reason }, now);
    const status: BookingStatus =
      outcome === 'hold_gone' ? 'expired' : outcome === 'not_made' ? 'cancelled' : 'booked';
    // Issue 31: a booking that ends here gives its seats and bags back; one still bookable keeps them.
    if (status !== 'booked') await releaseServices(trx, booking.id, now);
    await updateSupplierBooking(trx, booking.id, {
      status,
      supplier_state: outcome === 'hold_kept' ? 'confirmed' : outcome === 'offer_kept' ? 'local' : 'failed',
      supplier_state_at: now,
      updated_at: now,
    });
    const given = minorMoneyText(booking.total_minor, booking.currency);
    await recordEvent(trx, {
      bookingId: booking.id,
      action: status === 'booked' ? 'airline_refused' : status,
      from: booking.status,
      to: status,
      note: `The airline did not issue the tickets: ${reason}. ${given} returned to credits.`,
      actorUserId: null,
      at: now,
    });
    if (status !== 'booked') {
      await tellAgency(
        trx,
        booking,
        {
          kind: 'booking_failed',
          title: `Booking ${booking.pnr} was not ticketed`,
          body: `The airline did not issue the tickets of booking ${booking.pnr}: ${reason}. The ${given} debited was returned to your credits.`,
        },
        now,
      );
    }
    return true;
  });
}

/**
 * cancelling → cancelled: the airline confirmed the cancellation. A hold returns nothing (nothing
 * was paid); tickets return what the airline refunds, converted at the booking's rate and never more
 * than was paid, as a `refund` credit with a completed refund order: the airline decided it, so no
 * operator does (docs/booking-and-money.md, "Remote suppliers").
 */
export async function recordCancelled(
  db: Db,
  bookingId: string,
  cancellation: RemoteCancellation,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (booking?.supplier_state !== 'cancelling') return false;
    const rate = booking.supplier_offer?.rate ?? 1;
    // Issue 31: the order's seats and bags end with it.
    await releaseServices(trx, booking.id, now);
    if (booking.status === 'booked') {
      await updateSupplierBooking(trx, booking.id, {
        status: 'cancelled',
        supplier_state: 'cancelled',
        supplier_state_at: now,
        supplier_cancellation: null,
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId: booking.id,
        action: 'cancelled',
        from: 'booked',
        to: 'cancelled',
        note: 'The airline cancelled the hold; nothing was paid',
        actorUserId: null,
        at: now,
      });
      return true;
    }
    const tickets = (await issuedTicketsOf(trx, booking.id)).filter((ticket) => ticket.status === 'issued');
    // Issue 31: the airline's refund covers the order's paid seats and bags too; it is shared out
    // over the tickets and them, never more than was paid (the quote the agent confirmed, the same).
    const {
      refundMinor,
      ticketShares: shares,
      services,
    } = spreadAirlineRefund(
      tickets.map((ticket) => ticket.paid_minor),
      await paidServicesOf(trx, booking.id, { ticketNumbers: tickets.map((ticket) => ticket.ticket_number) }),
      convertedMinor(cancellation.refund, rate),
    );
    for (const { service, refundMinor: share } of services) {
      await settleServiceRefund(trx, service.id, share, now);
    }
    const entry =
      refundMinor > 0
        ? await postLedgerEntry(trx, {
            companyId: booking.company_id,
            kind: 'refund',
            amountMinor: refundMinor,
            bookingId: booking.id,
            note: `Refund of booking ${booking.pnr} by the airline`,
            userId: null,
          })
        : null;
    const numbers = tickets.map((ticket) => ticket.ticket_number);
    await refundTickets(
      trx,
      tickets.map((ticket, index) => ({ ticketNumber: ticket.ticket_number, refundedMinor: shares[index]! })),
      now,
    );
    const order = await insertOrder(trx, {
      companyId: booking.company_id,
      bookingId: booking.id,
      kind: 'refund',
      amountMinor: refundMinor,
      currency: booking.currency,
      status: 'completed',
      ticketNumbers: numbers,
      ledgerEntryId: entry?.id ?? null,
      at: now,
    });
    const back = `${cancellation.refund.amount} ${cancellation.refund.currency}`;
    await completeSupplierRefundOrder(
      trx,
      order.id,
      {
        allowedMinor: refundMinor,
        reason: `Refunded by the airline (${back}, its cancellation ${cancellation.id})`,
      },
      now,
    );
    await updateSupplierBooking(trx, booking.id, {
      status: 'refunded',
      supplier_state: 'cancelled',
      supplier_state_at: now,
      supplier_cancellation: null,
      updated_at: now,
    });
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'refund_approved',
      from: booking.status,
      to: 'refunded',
      note: `The airline cancelled the booking: ${plural(tickets.length, 'ticket')} refunded, ${minorMoneyText(refundMinor, booking.currency)} credited (refund ${order.order_no})`,
      actorUserId: null,
      at: now,
    });
    return true;
  });
}

/**
 * An expired hold's cancelling step → cancelled: the airline's order is cancelled (or ended unpaid
 * on its own). Nothing was paid for a hold, so nothing moves; the booking stays `expired`.
 */
export async function recordExpiredHoldCancelled(db: Db, bookingId: string, order: RemoteOrder, now: Date) {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (booking?.status !== 'expired' || booking.supplier_state !== 'cancelling') return false;
    await updateSupplierBooking(trx, booking.id, {
      supplier_state: 'cancelled',
      supplier_state_at: now,
      supplier_synced_at: now,
      updated_at: now,
    });
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'airline_cancelled',
      from: 'expired',
      to: 'expired',
      note:
        order.state === 'cancelled'
          ? `The airline's hold (its reference ${order.reference}) was cancelled; nothing was charged`
          : `The airline's hold (its reference ${order.reference}) ended unpaid; nothing was charged`,
      actorUserId: null,
      at: now,
    });
    return true;
  });
}

/** cancelling → confirmed: the airline did not take the cancellation (its quote ran out, or it refused). */
export async function recordCancellationDropped(db: Db, bookingId: string, reason: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (booking?.supplier_state !== 'cancelling') return false;
    await updateSupplierBooking(trx, booking.id, {
      supplier_state: 'confirmed',
      supplier_state_at: now,
      supplier_cancellation: null,
      updated_at: now,
    });
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'airline_cancellation_dropped',
      from: booking.status,
      to: booking.status,
      note: `The airline did not cancel the booking: ${reason}. Ask for a new quote to cancel it.`,
      actorUserId: null,
      at: now,
    });
    return true;
  });
}

/**
 * An order read from the supplier: the booking's copy of it is brought up to date. An order the
 * airline cancelled by itself (not through SkyDesk's cancellation) is reflected:
 * - a hold (nothing paid): the booking is cancelled — there is nothing left to issue — and the
 *   agency told; no money moves;
 * - tickets: the booking is flagged and the agency told; what is owed back is the airline's and
 *   the operators' to settle (the airline refunds SkyDesk's balance, not the agency), never guessed.
 */
export async function recordSynced(db: Db, bookingId: string, order: RemoteOrder, now: Date) {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (booking?.supplier_state !== 'confirmed' || booking.supplier_order_id !== order.id) return false;
    await updateSupplierBooking(trx, booking.id, {
      supplier_reference: order.reference,
      supplier_synced_at: now,
      updated_at: now,
    });
    if (order.state !== 'cancelled') return true;
    if (booking.status === 'booked') {
      await updateSupplierBooking(trx, booking.id, {
        status: 'cancelled',
        supplier_state: 'cancelled',
        supplier_state_at: now,
        supplier_cancellation: null,
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId: booking.id,
        action: 'cancelled',
        from: 'booked',
        to: 'cancelled',
        note: `The airline cancelled its hold (its reference ${order.reference}); nothing was charged`,
        actorUserId: null,
        at: now,
      });
      await tellAgency(
        trx,
        booking,
        {
          kind: 'airline_change',
          title: `The airline cancelled booking ${booking.pnr}`,
          body: `The airline cancelled its hold on booking ${booking.pnr} (airline reference ${order.reference}). Nothing was charged; search again to book the trip.`,
        },
        now,
      );
      return true;
    }
    if (booking.status === 'ticketed' && !booking.supplier_change) {
      await flagChange(
        trx,
        booking,
        { id: null, detectedAt: now.toISOString() },
        'The airline cancelled its order',
        now,
        'Contact SkyDesk support about what is refunded.',
      );
    }
    return true;
  });
}

async function flagChange(
  trx: Transaction<Database>,
  booking: SupplierBookingRow,
  change: { id: string | null; detectedAt: string },
  what: string,
  now: Date,
  advice = 'Check the new schedule with your traveller.',
  tell = true,
) {
  await updateSupplierBooking(trx, booking.id, { supplier_change: change, updated_at: now });
  await recordEvent(trx, {
    bookingId: booking.id,
    action: 'airline_change',
    from: booking.status,
    to: booking.status,
    note: `${what}: check the booking with the airline`,
    actorUserId: null,
    at: now,
  });
  if (!tell) return;
  await tellAgency(
    trx,
    booking,
    {
      kind: 'airline_change',
      title: `The airline changed booking ${booking.pnr}`,
      body: `${what} on booking ${booking.pnr} (airline reference ${booking.supplier_reference ?? 'not known'}). ${advice}`,
    },
    now,
  );
}

/**
 * An airline-initiated change the supplier reported: the booking is flagged and the agency told,
 * once per change (a repeated webhook finds the same change recorded).
 */
export async function recordAirlineChange(
  db: Db,
  bookingId: string,
  changeId: string | null,
  now: Date,
  /** Issue 32: false when the schedule change recorded for it tells the agency (before and after, deadline). */
  tell = true,
) {
  return db.transaction().execute(async (trx) => {
    const booking = await lockSupplierBooking(trx, bookingId);
    if (!booking || booking.supplier === 'sandbox') return false;
    if (booking.supplier_change && booking.supplier_change.id === changeId) return false;
    await flagChange(
      trx,
      booking,
      { id: changeId, detectedAt: now.toISOString() },
      'The airline changed the schedule',
      now,
      undefined,
      tell,
    );
    return true;
  });
}
