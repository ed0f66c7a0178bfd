import { AppError, minorMoneyText, type PriceChange, SERVER } from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import { commitRequestSoFar } from '../../../platform/db/request-transaction.js';
import type { Database, StoredCancellationQuote } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { FlightShopping } from '../../../supplier/port.js';
import type { RemoteChanges } from '../../../supplier/remote-changes.js';
import {
  type CreateRemoteOrder,
  type RemoteOrderEvent,
  type RemoteOrders,
  SupplierCallError,
  withServices,
} from '../../../supplier/remote-orders.js';
import { postLedgerEntry } from '../../payments/index.js';
import { refuseOtherCurrency } from '../booking/credits-currency.js';
import { utcMinute } from '../booking/presenter.js';
import { insertOrder, recordEvent } from '../booking/repo.js';
import type { CountryOf } from '../schedule-changes/record.js';
import { createAirlineChangeSteps } from './airline-changes.js';
import type { CrashAt } from './crash-points.js';
import { createOrderChangeSteps } from './order-changes.js';
import { createOrderServiceSteps } from './order-services.js';
import {
  bookingIdOfOrder,
  expiredHoldsToCancel,
  findSupplierBooking,
  IN_FLIGHT_STATES,
  type InFlightState,
  lockSupplierBooking,
  orderPassengersOf,
  type SupplierBookingRow,
  updateSupplierBooking,
} from './repo.js';
import {
  convertedMinor,
  inOfferOrder,
  recordAirlineChange,
  recordCancellationDropped,
  recordCancelled,
  recordDebitReversed,
  recordExpiredHoldCancelled,
  recordHoldConfirmed,
  recordHoldFailed,
  recordSynced,
  recordTicketed,
  remoteOfferOf,
  sameAmount,
  storedOfferOf,
} from './settle.js';

/**
 * The supplier order saga (docs/decisions/020-supplier-order-saga.md): every call to a remote
 * supplier that makes, pays or cancels its order is one step — recorded and committed before the
 * call, the call made outside any transaction, its answer settled in a transaction after. A crash,
 * a lost answer or a `202` leaves the step recorded; `resolve` settles it later by looking the
 * order up at the supplier (the reconciler, a webhook, an order read when the booking is opened).
 *
 * Money moves only in the transactions: the ticket debit when a paying step begins ("charge first,
 * then call"), and after it either the tickets or a `reversal` of exactly that debit. An instant
 * order is never asked for twice: a lost answer is looked up, and counts as never made only once
 * the step's window (SUPPLIER_SETTLE_SECONDS) has passed, so a slow answer is never taken for none.
 */

export type SagaDeps = {
  db: Kysely<Database>;
  clock: Clock;
  orders: RemoteOrders;
  /** Re-prices an offer (an instant-only fare is priced again before it is ordered). */
  price: FlightShopping['price'];
  log: FastifyBaseLogger;
  /** How long a step may wait for the supplier before an order not found counts as never made. */
  settleWindowMs: number;
  crashAt: CrashAt;
  /** Issue 32: the supplier's order changes (remote/order-changes.ts); without them, none are made. */
  changes?: RemoteChanges;
  /** Issue 32: airports' countries, for the connections an airline's schedule change may break. */
  countryOf?: () => Promise<CountryOf>;
};

/** Expired holds' airline orders cancelled per sweep at most (the rest at the next, or the reconciler). */
const EXPIRED_BATCH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isInFlight = (state: string | null): state is InFlightState =>
  (IN_FLIGHT_STATES as readonly (string | null)[]).includes(state);

export const waitingForAirline = (booking: Pick<SupplierBookingRow, 'pnr'>) =>
  new AppError(
    'conflict',
    `Booking ${booking.pnr} is waiting for the airline to answer; it is updated as soon as the airline does`,
  );

/** E.164, as airlines take a phone number: '+', the country code, the number, nothing else. */
export function internationalPhone(phone: string): string | null {
  const compact = phone.replace(/[\s()-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/**
 * A supplier's refusal as the agent's answer (never a 500): what the supplier said, in the
 * client's words (http.ts), as 409, 410 when the fare or hold is gone, 503 when it did not answer.
 */
export function refusal(error: SupplierCallError): AppError {
  if (error.kind === 'gone') return new AppError('gone', error.message);
  if (error.kind === 'unavailable' || error.kind === 'unknown_outcome') {
    return new AppError('unavailable', error.message, { retryAfter: 60 });
  }
  return new AppError('conflict', error.message);
}

export function createSupplierSaga(deps: SagaDeps) {
  const { db, clock, orders, log } = deps;

  const overdue = (booking: Pick<SupplierBookingRow, 'supplier_state_at'>, now: Date) =>
    booking.supplier_state_at !== null &&
    now.getTime() - booking.supplier_state_at.getTime() >= deps.settleWindowMs;

  /** The booking's orders at the supplier, found by its id in their metadata. */
  async function ordersOf(booking: SupplierBookingRow) {
    const passengers = await orderPassengersOf(db, booking.id);
    const found = await orders.findByBooking(booking.id, booking.created_at, {
      passengerName: passengers[0]?.last_name,
    });
    return found.filter((order) => order.state !== 'cancelled');
  }

  /**
   * A second order the supplier made for one booking (a create whose answer was lost, made again
   * by the supplier): cancelled at once, so no order stays that no agency is charged for.
   */
  async function cancelDuplicates(booking: SupplierBookingRow, keep: string, found: { id: string }[]) {
    for (const extra of found.filter((order) => order.id !== keep)) {
      try {
        const quote = await orders.quoteCancellation(extra.id);
        await orders.confirmCancellation(quote.id);
        await db.transaction().execute((trx) =>
          recordEvent(trx, {
            bookingId: booking.id,
            action: 'airline_duplicate_cancelled',
            from: booking.status,
            to: booking.status,
            note: `A second order the airline made for this booking (${extra.id}) was cancelled`,
            actorUserId: null,
            at: clock.now(),
          }),
        );
      } catch (error) {
        log.error(
          { err: error, bookingId: booking.id, orderId: extra.id },
          'could not cancel a duplicate supplier order: cancel it at the supplier',
        );
      }
    }
  }

  async function orderInput(booking: SupplierBookingRow): Promise<CreateRemoteOrder> {
    const offer = remoteOfferOf(booking.supplier_offer!);
    const passengers = inOfferOrder(await orderPassengersOf(db, booking.id), offer);
    const phone = internationalPhone(booking.contact_phone) ?? booking.contact_phone;
    return {
      bookingId: booking.id,
      offer,
      passengers: passengers.map((passenger) => ({
        title: passenger.title,
        firstName: passenger.first_name,
        lastName: passenger.last_name,
        gender: passenger.gender,
        dateOfBirth: passenger.date_of_birth,
        email: booking.contact_email,
        phone,
      })),
    };
  }

  // ── settling a step from what the supplier says ─────────────────────────────────────────

  /**
   * Settles whatever step the booking is at by asking the supplier, idempotently: found orders are
   * recorded, a held order still payable is paid again (a paid order refuses a second payment),
   * and an order not found counts as never made only when `missingMeansNone` (the step is past its
   * window, or the supplier reported the creation failed). Supplier failures propagate: the caller
   * logs them and the next run tries again.
   */
  async function resolve(bookingId: string, options: { creationFailed?: boolean } = {}): Promise<void> {
    const booking = await findSupplierBooking(db, bookingId);
    if (!booking || booking.supplier === 'sandbox') return;
    const now = clock.now();
    const missingMeansNone = overdue(booking, now) || options.creationFailed === true;
    switch (booking.supplier_state) {
      case 'confirming': {
        const found = await ordersOf(booking);
        const [first] = found;
        if (first) {
          await recordHoldConfirmed(db, booking.id, first, clock.now());
          await cancelDuplicates(booking, first.id, found);
        } else if (missingMeansNone) {
          await recordHoldFailed(db, booking.id, 'no hold was made', clock.now());
        }
        return;
      }
      case 'ordering': {
        const found = await ordersOf(booking);
        const [first] = found;
        if (first) {
          await recordTicketed(db, booking.id, first, clock.now());
          await cancelDuplicates(booking, first.id, found);
        } else if (missingMeansNone) {
          await recordDebitReversed(db, booking.id, 'not_made', 'no order was made', clock.now());
        }
        return;
      }
      case 'paying': {
        const orderId = booking.supplier_order_id!;
        let order = await orders.get(orderId);
        if (order.state === 'held' && payable(order.payBy, now) && overdue(booking, now)) {
          // Its own call has long ended unanswered: paying again cannot pay twice, as the supplier
          // refuses a second payment of a paid order.
          try {
            order = await orders.pay(orderId, remoteOfferOf(booking.supplier_offer!).price);
          } catch (error) {
            if (!(error instanceof SupplierCallError) || error.kind === 'unknown_outcome') throw error;
            order = await orders.get(orderId);
          }
        }
        if (order.state === 'paid') await recordTicketed(db, booking.id, order, clock.now());
        else if (order.state === 'cancelled' || !payable(order.payBy, clock.now())) {
          await recordDebitReversed(
            db,
            booking.id,
            'hold_gone',
            "the airline's hold ended unpaid",
            clock.now(),
          );
        }
        return;
      }
      case 'cancelling': {
        if (booking.status === 'expired') return cancelExpiredHold(booking);
        const quote = booking.supplier_cancellation!;
        const cancellation = await orders.getCancellation(quote.id);
        if (cancellation.confirmedAt) await recordCancelled(db, booking.id, cancellation, clock.now());
        else if (missingMeansNone || (cancellation.expiresAt && cancellation.expiresAt <= now)) {
          await recordCancellationDropped(db, booking.id, 'its quote was not confirmed', clock.now());
        }
        return;
      }
      case 'adding_services':
        return orderServices.settle(booking, missingMeansNone);
      case 'changing':
        return orderChanges?.settle(booking, missingMeansNone);
      case 'confirmed': {
        if (!booking.supplier_order_id) return;
        await recordSynced(db, booking.id, await orders.get(booking.supplier_order_id), clock.now());
        return;
      }
      default:
        return;
    }
  }

  /**
   * An expired hold's airline order, cancelled (its step journalled by the expiry): read first, so
   * that an order cancelled before a crash or by another path is only recorded; then the airline's
   * quote (nothing back for an unpaid hold) confirmed. A refusal is read again: an order still held
   * and payable stays for the next run, one past its payment deadline has ended unpaid. A failure
   * propagates, and the step stays for the reconciler. Nothing is ever charged or credited.
   */
  async function cancelExpiredHold(booking: SupplierBookingRow): Promise<void> {
    const orderId = booking.supplier_order_id!;
    let order = await orders.get(orderId);
    // Cancelled even past the airline's own payment deadline: an unpaid order is not always ended
    // at once there, and cancelling it costs nothing.
    if (order.state === 'held') {
      try {
        const quote = await orders.quoteCancellation(orderId);
        await orders.confirmCancellation(quote.id);
      } catch (error) {
        // Unknown or unanswered: looked up again at the next run. A refusal (cancelled meanwhile,
        // by a racing path or the airline) is read below.
        if (!(error instanceof SupplierCallError) || error.kind === 'unknown_outcome') throw error;
        if (error.kind === 'unavailable') throw error;
      }
      deps.crashAt('duffel.after-expiry-cancel');
      order = await orders.get(orderId);
    }
    if (order.state === 'paid') {
      // Never made by SkyDesk (an expired hold is not paid): left to operators, loudly, once.
      log.error(
        { bookingId: booking.id, orderId },
        "an expired hold's airline order is paid: settle it with the airline",
      );
    } else if (order.state === 'held' && payable(order.payBy, clock.now())) {
      throw new Error(`The airline still holds order ${orderId} of expired booking ${booking.pnr}`);
    }
    await recordExpiredHoldCancelled(db, booking.id, order, clock.now());
  }

  /**
   * The airline orders of holds that expired here, cancelled there (the hold sweep, after it has
   * expired every due hold): each settled on its own, a failure logged and left to the reconciler.
   * Returns how many were asked for.
   */
  async function cancelExpiredHolds(): Promise<number> {
    const due = await expiredHoldsToCancel(db, EXPIRED_BATCH);
    for (const { id } of due) await tryResolve(id);
    return due.length;
  }

  /** `resolve`, its supplier failures logged instead of thrown (what a request may leave behind). */
  async function tryResolve(bookingId: string, options?: { creationFailed?: boolean }) {
    try {
      await resolve(bookingId, options);
    } catch (error) {
      log.warn({ err: error, bookingId }, 'the supplier order could not be looked up; the reconciler will');
    }
  }

  // Issue 31: bags added to a paid order after issue, one more step (remote/order-services.ts).
  const orderServices = createOrderServiceSteps({
    db,
    clock,
    orders,
    crashAt: deps.crashAt,
    settleWindowMs: deps.settleWindowMs,
    tryResolve,
    refusal,
    waiting: waitingForAirline,
  });

  // Issue 32: the airline's own schedule changes, as the schedule module's (remote/airline-changes.ts).
  const airlineChanges = deps.changes
    ? createAirlineChangeSteps({
        db,
        clock,
        changes: deps.changes,
        countryOf: deps.countryOf ?? (async () => () => undefined),
        refusal,
      })
    : null;

  // Issue 32: a change of flights confirmed with the airline, one more step (remote/order-changes.ts).
  const orderChanges = deps.changes
    ? createOrderChangeSteps({
        db,
        clock,
        orders,
        changes: deps.changes,
        crashAt: deps.crashAt,
        settleWindowMs: deps.settleWindowMs,
        tryResolve,
        refusal,
        waiting: waitingForAirline,
      })
    : null;

  // ── the hold ────────────────────────────────────────────────────────────────────────────

  /**
   * Asks the supplier to hold a booking whose `confirming` step is committed, and settles it. A
   * refusal ends the booking (nothing was paid) and answers the supplier's reason; a lost answer
   * is looked up once, then left to the reconciler.
   */
  async function hold(bookingId: string): Promise<void> {
    const booking = await findSupplierBooking(db, bookingId);
    if (booking?.supplier_state !== 'confirming') return;
    let answer: Awaited<ReturnType<RemoteOrders['createHold']>>;
    try {
      answer = await orders.createHold(await orderInput(booking));
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      if (error.kind === 'unknown_outcome') return tryResolve(bookingId);
      await recordHoldFailed(db, bookingId, error.message.replace(/\.$/, ''), clock.now());
      throw refusal(error);
    }
    deps.crashAt('duffel.after-hold');
    if (answer.status === 'pending') return;
    await recordHoldConfirmed(db, bookingId, answer.order, clock.now());
  }

  // ── issuing ─────────────────────────────────────────────────────────────────────────────

  /** What the booking must be to be issued now; the row is locked. */
  function checkIssuable(booking: SupplierBookingRow, now: Date, state: 'confirmed' | 'local') {
    if (booking.status !== 'booked') {
      throw new AppError(
        'conflict',
        `Booking ${booking.pnr} is ${booking.status.replaceAll('_', ' ')}: only a held booking can be ticketed`,
      );
    }
    if (isInFlight(booking.supplier_state)) throw waitingForAirline(booking);
    if (booking.ticketing_deadline.getTime() <= now.getTime()) {
      throw new AppError(
        'conflict',
        `The hold on booking ${booking.pnr} expired at ${utcMinute(booking.ticketing_deadline)}: book again`,
      );
    }
    if (booking.supplier_state !== state) {
      throw new AppError('conflict', `Booking ${booking.pnr} cannot be ticketed now`);
    }
  }

  /**
   * The transaction that starts a paying step: the ticket debit (402 when credits can't cover it),
   * a pending ticket order, the step and its history line. Committed before the supplier is asked.
   */
  async function startDebitStep(
    principal: CompanyPrincipal,
    bookingId: string,
    step: { from: 'confirmed' | 'local'; to: 'paying' | 'ordering' },
    fresh?: { offer: ReturnType<typeof storedOfferOf> },
  ) {
    await commitRequestSoFar();
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const booking = await lockSupplierBooking(trx, bookingId);
      if (!booking) throw new AppError('not_found', 'Booking not found');
      checkIssuable(booking, now, step.from);
      const entry = await postLedgerEntry(trx, {
        companyId: principal.companyId,
        kind: 'ticket',
        amountMinor: -booking.total_minor,
        bookingId: booking.id,
        note: `Tickets for booking ${booking.pnr}`,
        userId: principal.userId,
      });
      refuseOtherCurrency(booking, entry);
      await insertOrder(trx, {
        companyId: principal.companyId,
        bookingId: booking.id,
        kind: 'ticket',
        amountMinor: booking.total_minor,
        currency: booking.currency,
        status: 'pending',
        ticketNumbers: [],
        ledgerEntryId: entry.id,
        at: now,
      });
      await updateSupplierBooking(trx, booking.id, {
        supplier_state: step.to,
        supplier_state_at: now,
        ...(fresh
          ? {
              supplier_offer: fresh.offer,
              net_minor: fresh.offer.netMinor,
              markup_minor: booking.total_minor - fresh.offer.netMinor,
            }
          : {}),
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId: booking.id,
        action: step.to === 'paying' ? 'airline_payment' : 'airline_order',
        from: 'booked',
        to: 'booked',
        note: `${step.to === 'paying' ? 'Paying the airline for the held booking' : 'Ordering the tickets from the airline'}; ${minorMoneyText(booking.total_minor, booking.currency)} debited from credits`,
        actorUserId: principal.userId,
        at: now,
      });
      return { ...booking, ...(fresh ? { supplier_offer: fresh.offer } : {}) };
    });
  }

  /** Pays the order the supplier holds for the booking (its `confirmed` hold). */
  async function payHeld(principal: CompanyPrincipal, bookingId: string): Promise<void> {
    const booking = await startDebitStep(principal, bookingId, { from: 'confirmed', to: 'paying' });
    deps.crashAt('duffel.before-payment');
    const orderId = booking.supplier_order_id!;
    let order: Awaited<ReturnType<RemoteOrders['pay']>>;
    try {
      order = await orders.pay(orderId, remoteOfferOf(booking.supplier_offer!).price);
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      if (error.kind === 'unknown_outcome') return tryResolve(bookingId);
      if (error.details.code === 'already_paid') return tryResolve(bookingId);
      const outcome = error.kind === 'gone' ? 'hold_gone' : 'hold_kept';
      await recordDebitReversed(db, bookingId, outcome, error.message.replace(/\.$/, ''), clock.now());
      throw refusal(error);
    }
    deps.crashAt('duffel.after-payment');
    await recordTicketed(db, bookingId, order, clock.now());
  }

  /**
   * Orders and pays at once a booking the supplier would not hold (`local`): the offer is priced
   * again first (the price-changed flow: a higher price needs the agent's yes, by booking the new
   * offer), then the debit, then one instant order — never asked for twice.
   */
  async function orderInstant(principal: CompanyPrincipal, bookingId: string): Promise<void> {
    const held = await findSupplierBooking(db, bookingId);
    if (!held) throw new AppError('not_found', 'Booking not found');
    checkIssuable(held, clock.now(), 'local');
    const stored = held.supplier_offer!;
    // No transaction stays open over a supplier's call (on the embedded store it would hold the
    // only connection): what a keyed request read so far is committed first.
    await commitRequestSoFar();
    const answer = await deps.price(held.itinerary.offer_id);
    switch (answer.status) {
      case 'expired':
        throw new AppError('gone', `${answer.message}: book again`);
      case 'invalid':
      case 'unavailable':
      case 'soldOut':
        throw new AppError('conflict', answer.message);
      case 'priced':
        break;
    }
    const priced = answer.booking.remote;
    if (!priced || priced.offerId !== stored.offerId) {
      throw new AppError('conflict', 'The airline no longer sells this fare: book again');
    }
    // Issue 31: the booking's seats and bags go with the order, folded into the fresh fare as they
    // were into the stored one (their prices as booked), so fare plus services compare with fare
    // plus services and the order pays for both; the booking's total counts them too.
    const fresh = withServices(priced, stored.services);
    const servicesMinor = stored.services?.netMinor ?? 0;
    const rose =
      fresh.price.currency !== stored.price.currency ||
      Number(fresh.price.amount) > Number(stored.price.amount) ||
      answer.booking.totalMinor + servicesMinor > held.total_minor ||
      fresh.netMinor > held.total_minor;
    if (rose) {
      const change: PriceChange = {
        previous_total: { Amount: held.total_minor / 100, CurrencyCode: held.currency },
        new_total: answer.itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare,
        offer_id: answer.itinerary.offer_id,
        offer_expires_at: answer.itinerary.offer_expires_at,
      };
      throw new AppError('conflict', SERVER.priceChanged, { data: change });
    }
    const freshOffer = storedOfferOf(fresh);
    const booking = await startDebitStep(
      principal,
      bookingId,
      { from: 'local', to: 'ordering' },
      sameAmount(fresh.price, stored.price) ? undefined : { offer: freshOffer },
    );
    deps.crashAt('duffel.before-order');
    let created: Awaited<ReturnType<RemoteOrders['createInstant']>>;
    try {
      const input = await orderInput(booking);
      created = await orders.createInstant({ ...input, payment: input.offer.price });
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      // Never asked again blind: looked up now, settled by the reconciler when not found yet.
      if (error.kind === 'unknown_outcome') return tryResolve(bookingId);
      const outcome = error.kind === 'gone' ? 'not_made' : 'offer_kept';
      await recordDebitReversed(db, bookingId, outcome, error.message.replace(/\.$/, ''), clock.now());
      throw refusal(error);
    }
    deps.crashAt('duffel.after-order');
    if (created.status === 'pending') return;
    const outcome = await recordTicketed(db, bookingId, created.order, clock.now());
    if (outcome === 'documents_pending') {
      // Paid without its tickets yet: recorded as the booking's order now, tickets when they come.
      await db.transaction().execute(async (trx) => {
        const locked = await lockSupplierBooking(trx, bookingId);
        if (locked?.supplier_state !== 'ordering' || locked.supplier_order_id) return;
        await updateSupplierBooking(trx, bookingId, {
          supplier_order_id: created.order.id,
          supplier_reference: created.order.reference,
          supplier_state: 'paying',
          updated_at: clock.now(),
        });
      });
    }
  }

  /** POST /api/booking-issue for a remote booking: pays the held order or orders an instant one. */
  async function issue(principal: CompanyPrincipal, bookingId: string): Promise<void> {
    const booking = await findSupplierBooking(db, bookingId);
    if (!booking) throw new AppError('not_found', 'Booking not found');
    if (isInFlight(booking.supplier_state)) throw waitingForAirline(booking);
    if (booking.supplier_state === 'local') return orderInstant(principal, bookingId);
    return payHeld(principal, bookingId);
  }

  // ── cancelling ──────────────────────────────────────────────────────────────────────────

  /** The quote stored on the booking while it can still be confirmed (a minute to spare). */
  const liveQuote = (booking: SupplierBookingRow, now: Date, spareMs = 60_000) => {
    const quote = booking.supplier_cancellation;
    if (!quote) return null;
    return !quote.expiresAt || Date.parse(quote.expiresAt) - now.getTime() > spareMs ? quote : null;
  };

  /**
   * The supplier's cancellation quote for the booking: the one shown already while it holds, or a
   * new one (nothing is cancelled yet), kept on the booking so confirming credits what was shown.
   */
  async function quoteCancellation(bookingId: string): Promise<StoredCancellationQuote> {
    const booking = await findSupplierBooking(db, bookingId);
    if (!booking) throw new AppError('not_found', 'Booking not found');
    if (isInFlight(booking.supplier_state)) throw waitingForAirline(booking);
    if (booking.supplier_state !== 'confirmed' || !booking.supplier_order_id) {
      throw new AppError('conflict', `Booking ${booking.pnr} has no airline order to cancel`);
    }
    const kept = liveQuote(booking, clock.now());
    if (kept) return kept;
    // As before every supplier call: no request's transaction open over it.
    await commitRequestSoFar();
    let quote: Awaited<ReturnType<RemoteOrders['quoteCancellation']>>;
    try {
      quote = await orders.quoteCancellation(booking.supplier_order_id);
    } catch (error) {
      if (error instanceof SupplierCallError) throw refusal(error);
      throw error;
    }
    const now = clock.now();
    const rate = booking.supplier_offer?.rate ?? 1;
    const saved: StoredCancellationQuote = {
      id: quote.id,
      refund: quote.refund,
      refundMinor: Math.min(booking.total_minor, convertedMinor(quote.refund, rate)),
      expiresAt: quote.expiresAt?.toISOString() ?? null,
      quotedAt: now.toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      const locked = await lockSupplierBooking(trx, bookingId);
      if (locked?.supplier_state !== 'confirmed') return;
      await updateSupplierBooking(trx, bookingId, { supplier_cancellation: saved, updated_at: now });
    });
    return saved;
  }

  /**
   * Cancels the booking's order at the supplier as `quote` says (the hold's: nothing back; the
   * tickets': the quote shown), and settles it: the cancelling step committed first, the
   * confirmation, then the credit. A quote that ran out puts the booking back (409: ask again).
   */
  async function cancel(
    principal: CompanyPrincipal,
    bookingId: string,
    quote: StoredCancellationQuote,
    reason: string,
  ): Promise<void> {
    await commitRequestSoFar();
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const booking = await lockSupplierBooking(trx, bookingId);
      if (!booking) throw new AppError('not_found', 'Booking not found');
      if (isInFlight(booking.supplier_state)) throw waitingForAirline(booking);
      if (booking.supplier_state !== 'confirmed' || booking.supplier_cancellation?.id !== quote.id) {
        throw new AppError('conflict', `Booking ${booking.pnr} changed meanwhile: ask for a new quote`);
      }
      await updateSupplierBooking(trx, bookingId, {
        supplier_state: 'cancelling',
        supplier_state_at: now,
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId,
        action: 'airline_cancellation',
        from: booking.status,
        to: booking.status,
        note: `Cancelling at the airline (its quote returns ${minorMoneyText(quote.refundMinor, booking.currency)}). Reason: ${reason}`,
        actorUserId: principal.userId,
        at: now,
      });
    });
    let cancellation: Awaited<ReturnType<RemoteOrders['confirmCancellation']>>;
    try {
      cancellation = await orders.confirmCancellation(quote.id);
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      if (error.kind === 'unknown_outcome' || error.details.code === 'already_confirmed') {
        return tryResolve(bookingId);
      }
      await recordCancellationDropped(db, bookingId, error.message.replace(/\.$/, ''), clock.now());
      throw refusal(error);
    }
    deps.crashAt('duffel.after-cancel');
    await recordCancelled(db, bookingId, cancellation, clock.now());
  }

  // ── webhooks and opening a booking ──────────────────────────────────────────────────────

  /**
   * A supplier's event: the booking it names is settled as the reconciler would (the event says
   * what to look up, never what to credit); an airline's change flags the booking.
   */
  async function handleEvent(event: RemoteOrderEvent, supplier: SupplierBookingRow['supplier']) {
    let bookingId = event.bookingId && UUID.test(event.bookingId) ? event.bookingId : null;
    if (bookingId) {
      const booking = await findSupplierBooking(db, bookingId);
      if (!booking || booking.supplier !== supplier) bookingId = null;
    }
    if (!bookingId && event.orderId)
      bookingId = (await bookingIdOfOrder(db, supplier, event.orderId)) ?? null;
    if (!bookingId) return;
    switch (event.type) {
      case 'airline_change': {
        // Issue 32: recorded as a schedule change the agency answers (banner, accept, cancel),
        // which tells the agency itself; the booking is flagged as before either way.
        const recorded = (await airlineChanges?.record(bookingId)) ?? 0;
        await recordAirlineChange(db, bookingId, event.changeId, clock.now(), recorded === 0);
        return;
      }
      case 'other':
        return;
      default:
        await resolve(bookingId, { creationFailed: event.type === 'order_creation_failed' });
    }
  }

  /** How old a booking's copy of its order may be when it is opened before it is read again. */
  const SYNC_AFTER_MS = 5 * 60_000;

  /**
   * When a remote booking is opened: a step under way is looked up (found orders are recorded), a
   * copy older than a few minutes is read again. Failures leave the stored copy as it is.
   */
  async function refreshOnOpen(
    booking: Pick<SupplierBookingRow, 'id' | 'supplier' | 'supplier_state' | 'supplier_synced_at'>,
  ) {
    if (booking.supplier === 'sandbox') return;
    const stale =
      booking.supplier_state === 'confirmed' &&
      (!booking.supplier_synced_at ||
        clock.now().getTime() - booking.supplier_synced_at.getTime() > SYNC_AFTER_MS);
    if (!stale && !isInFlight(booking.supplier_state)) return;
    await commitRequestSoFar();
    await tryResolve(booking.id);
  }

  return {
    hold,
    issue,
    quoteCancellation,
    liveQuote,
    cancel,
    resolve,
    handleEvent,
    refreshOnOpen,
    cancelExpiredHolds,
    orderServices,
    orderChanges,
    airlineChanges,
  };
}

export type SupplierSaga = ReturnType<typeof createSupplierSaga>;

/** Whether a held order may still be paid at `now`. */
function payable(payBy: Date | null, now: Date): boolean {
  return payBy === null || payBy.getTime() > now.getTime();
}
