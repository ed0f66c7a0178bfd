import { type BookingStatus, minorToAmount } from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { Exclusively } from '../../../platform/db/task-lock.js';
import { periodicTask } from '../../../platform/periodic-task.js';
import type { SupplierBookings } from '../../../supplier/port.js';
import { issueAdjustment } from '../../invoices/index.js';
import { lockLedger, postLedgerEntry } from '../../payments/index.js';
import { addEventFees } from '../booking/fees.js';
import { heldSeatsOf, lockBooking, type OrderRow, recordEvent, updateBooking } from '../booking/repo.js';
import { releaseServices, releaseTicketServices } from '../services/repo.js';
import {
  afterSalesRules,
  refundFiguresText,
  serviceRules,
  type TicketRefund,
  ticketRefund,
} from './penalty.js';
import { spreadRefund } from './refund-split.js';
import {
  completeOrder,
  earlierRefundOrder,
  hasPendingRefund,
  lockBookingWithDueRefund,
  lockRefundOrder,
  lowerHeldSeats,
  markTicketRefunded,
  paidServicesOf,
  pendingRefundOrders,
  refundBookingOf,
  refundFactsOf,
  rejectOrder,
  setTicketStatus,
  settlementBookingOf,
  settleServiceRefund,
  type TicketWithFare,
  ticketsWithFares,
} from './repo.js';
import { type QuotedService, quoteServices, servicesFiguresText } from './service-refunds.js';

/**
 * Settling refund requests (docs/architecture.md §5). A request waits for an operator of the back office, who
 * approves it (for what the fare rules allow, or less) or rejects it with a reason. As a test
 * setting only, a timer approves every request `delay` after it was made
 * (REFUND_APPROVAL_DELAY_SECONDS; unset, the default, turns it off; 0 approves in the request
 * itself). Deciding a request is one transaction under the booking's lock: approving makes its
 * tickets `refunded`, credits the refund, completes the order, returns the refunded passengers'
 * seats and moves the booking to `refunded` or `partially_refunded`; rejecting makes them
 * `refund_rejected` (they still fly) and the booking `refund_rejected`.
 */

/** Ticket statuses whose passenger still flies, or may: they keep their seats. */
const LIVE_TICKET: ReadonlySet<string> = new Set(['issued', 'refund_requested', 'refund_rejected']);
const seated = (type: string) => type !== 'infant';
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

type Db = Kysely<Database> | Transaction<Database>;
type SettlementBooking = {
  id: string;
  company_id: string;
  pnr: string;
  status: BookingStatus;
  currency: string;
};

/**
 * The phase a refund request was made in: within the void window (everything back) only the
 * booking's first refund request can be — it was still wholly ticketed then — and only if it was
 * made before `void_until`; any other request was made in the refund phase (penalties apply).
 */
async function requestPhase(
  db: Db,
  bookingId: string,
  order: OrderRow,
  voidUntil: Date | null,
): Promise<'void' | 'refund'> {
  if (!voidUntil || order.created_at.getTime() >= voidUntil.getTime()) return 'refund';
  return (await earlierRefundOrder(db, bookingId, order.created_at)) ? 'refund' : 'void';
}

export type RefundQuote = {
  phase: 'void' | 'refund';
  refundable: boolean;
  /** The fare's after-sales rules in words, as they stood when the request was made. */
  rules: string[];
  /** The request's tickets with what each paid, keeps as penalty and may return. */
  tickets: { ticket: TicketWithFare; amounts: TicketRefund }[];
  /**
   * Issue 31: the paid seats and bags that went with the request's tickets (named on the request
   * when it was made), with what each may return and why.
   */
  services: QuotedService[];
  /** What the rules allow back in all, tickets and services: the most an approval may credit. */
  allowedMinor: number;
};

/**
 * What a refund request may return, ticket by ticket, by the rules of the phase it was made in:
 * the amounts depend on nothing else, so the quote an operator reads is what approval credits.
 */
export async function quoteRefundOrder(db: Db, bookingId: string, order: OrderRow): Promise<RefundQuote> {
  const facts = await refundFactsOf(db, bookingId);
  const pricing = facts.itinerary.AirItineraryPricingInfo;
  const phase = await requestPhase(db, bookingId, order, facts.void_until);
  const requested = new Set(order.ticket_numbers);
  const tickets = (await ticketsWithFares(db, bookingId))
    .filter((ticket) => requested.has(ticket.ticket_number))
    .map((ticket) => ({
      ticket,
      amounts: ticketRefund(
        pricing,
        {
          passengerType: ticket.passenger_type,
          fareMinor: ticket.fare_minor,
          taxesMinor: ticket.taxes_minor,
          paidMinor: ticket.paid_minor,
        },
        phase,
      ),
    }));
  // The services' rules read the moment the request was made, as the phase does.
  const services = quoteServices(
    facts,
    await paidServicesOf(db, bookingId, { refundOrderId: order.id }),
    phase,
    order.created_at,
  );
  return {
    phase,
    refundable: pricing.Refundable,
    rules: [
      ...afterSalesRules(
        {
          pricing,
          currency: facts.currency,
          voidUntil: facts.void_until,
          firstDepartureAt: facts.first_departure_at,
        },
        phase,
      ),
      ...(services.length > 0 ? [serviceRules(phase)] : []),
    ],
    tickets,
    services,
    allowedMinor:
      tickets.reduce((sum, { amounts }) => sum + amounts.refundMinor, 0) +
      services.reduce((sum, { amounts }) => sum + amounts.refundMinor, 0),
  };
}

/** The request's quote, checked against what the order says: its tickets all await a refund. */
async function checkedQuote(trx: Transaction<Database>, bookingId: string, order: OrderRow) {
  const quote = await quoteRefundOrder(trx, bookingId, order);
  if (
    quote.tickets.length !== new Set(order.ticket_numbers).size ||
    quote.tickets.some(({ ticket }) => ticket.status !== 'refund_requested')
  ) {
    throw new Error(`Refund order ${order.order_no} names tickets that are not awaiting a refund`);
  }
  // The amounts depend only on the phase the request was made in (see requestPhase): the
  // settlement recomputes them per ticket and must meet what the request asked for.
  if (order.status === 'pending' && quote.allowedMinor !== order.amount_minor) {
    throw new Error(
      `Refund order ${order.order_no} is for ${order.amount_minor}, its tickets return ${quote.allowedMinor}`,
    );
  }
  return quote;
}

/**
 * Locks a refund request for a decision, in the settlement's lock order (its booking, then the
 * request), so a decision, a new request and the timer on one booking queue up. Undefined when
 * there is no such request.
 */
export async function lockRefundRequest(trx: Transaction<Database>, orderId: string) {
  const found = await refundBookingOf(trx, orderId);
  if (!found) return undefined;
  await lockBooking(trx, found.booking_id);
  const order = await lockRefundOrder(trx, orderId);
  if (!order) return undefined;
  return { order, booking: await settlementBookingOf(trx, order.booking_id) };
}

/** The approval is never recorded before the request it approves, even on a clock that stands still. */
const decisionTime = (order: OrderRow, now: Date) =>
  new Date(Math.max(now.getTime(), order.created_at.getTime() + 1));

/**
 * Approves one pending refund request of a booking whose row the caller has locked, crediting
 * `amountMinor` (what the fare rules allow unless an operator lowered it; a lowered amount is
 * spread over the tickets by spreadRefund). Returns the ledger entry (none for nothing credited)
 * and the booking's new status.
 */
export async function settleRefundOrder(
  trx: Transaction<Database>,
  supplier: SupplierBookings,
  booking: SettlementBooking,
  order: OrderRow,
  now: Date,
  decision: { decidedBy: string | null; reason: string | null; amountMinor?: number },
) {
  const quote = await checkedQuote(trx, booking.id, order);
  const total = decision.amountMinor ?? quote.allowedMinor;
  // One spread over the tickets and then the services (issue 31): a lowered amount lowers each in
  // proportion to what it may return, and the shares add up to the one credit.
  const allShares = spreadRefund(
    [
      ...quote.tickets.map(({ amounts }) => amounts.refundMinor),
      ...quote.services.map(({ amounts }) => amounts.refundMinor),
    ],
    total,
  );
  const shares = allShares.slice(0, quote.tickets.length);
  const serviceShares = quote.services.map(({ service }, index) => ({
    service,
    refundMinor: allShares[quote.tickets.length + index]!,
  }));
  const refunding = quote.tickets.map(({ ticket }) => ticket);
  const requested = new Set(order.ticket_numbers);
  const tickets = await ticketsWithFares(trx, booking.id);

  const at = decisionTime(order, now);
  const paidMinor =
    quote.tickets.reduce((sum, { amounts }) => sum + amounts.paidMinor, 0) +
    quote.services.reduce((sum, { amounts }) => sum + amounts.paidMinor, 0);
  // What was kept is what was paid less what is credited: the rules' penalty, and any amount an
  // operator held back besides. The same words in the history, the statement and the e-ticket;
  // the seats and bags named after them, each returned or kept.
  const figures = `${refundFiguresText(
    { paidMinor, penaltyMinor: paidMinor - total, refundMinor: total },
    booking.currency,
  )}${servicesFiguresText(serviceShares, booking.currency)}`;
  const lowered = total < quote.allowedMinor;

  const after = tickets.map((ticket) =>
    requested.has(ticket.ticket_number) ? { ...ticket, status: 'refunded' as const } : ticket,
  );
  const live = after.filter((ticket) => LIVE_TICKET.has(ticket.status));
  const freedSeats = refunding.filter((ticket) => seated(ticket.passenger_type)).length;
  let status: BookingStatus;
  if (live.length === 0) status = 'refunded';
  else if (!live.some((ticket) => seated(ticket.passenger_type))) {
    throw new Error(`Refund order ${order.order_no} would leave infants of ${booking.pnr} without a seat`);
  } else {
    status = live.some((ticket) => ticket.status === 'refund_requested')
      ? 'refund_requested'
      : 'partially_refunded';
  }

  // The lock order (ledger.ts, lockLedger): the balance row, then the seats, then the credit.
  await lockLedger(trx, booking.company_id);
  // Issue 31: the request's paid seats and bags are `refunded` for their share of the credit, or
  // `released` with their money kept (a seat on a flight the airline did not change); then every
  // other service of the refunded passengers (a seat included in the fare) is released. Their seats
  // are free again either way.
  for (const { service, refundMinor } of serviceShares) {
    await settleServiceRefund(trx, service.id, refundMinor, at);
  }
  if (status === 'refunded') {
    await supplier.release(trx, await heldSeatsOf(trx, booking.id));
    await releaseServices(trx, booking.id, at);
  } else {
    if (freedSeats > 0) await supplier.release(trx, await lowerHeldSeats(trx, booking.id, freedSeats));
    await releaseTicketServices(trx, booking.id, order.ticket_numbers, at);
  }
  const entry =
    total > 0
      ? await postLedgerEntry(trx, {
          companyId: booking.company_id,
          kind: 'refund',
          amountMinor: total,
          bookingId: booking.id,
          note: `Refund ${order.order_no} for booking ${booking.pnr}: ${figures}`,
          userId: null,
        })
      : null;
  for (const [index, ticket] of refunding.entries()) {
    await markTicketRefunded(trx, ticket.ticket_number, shares[index]!, at);
  }
  await completeOrder(
    trx,
    order.id,
    {
      ledgerEntryId: entry?.id ?? null,
      amountMinor: total,
      decision: { decidedBy: decision.decidedBy, reason: decision.reason, allowedMinor: quote.allowedMinor },
    },
    at,
  );
  await updateBooking(trx, booking.id, { status, updated_at: at });
  // Issue 33: the refund's service fees by the agency's fee rules (its income, never debited), on
  // the credit note below.
  await addEventFees(trx, {
    companyId: booking.company_id,
    bookingId: booking.id,
    userId: null,
    event: 'refund',
    at,
  });
  // Issue 33: the client's credit note for what came back, against the booking's invoice (an
  // operator's or the timer's decision: issued in the name of the booking's maker).
  await issueAdjustment(trx, {
    companyId: booking.company_id,
    bookingId: booking.id,
    userId: null,
    reason: 'refund',
    at,
  });
  const allowed = `${minorToAmount(quote.allowedMinor).toFixed(2)} ${booking.currency}`;
  await recordEvent(trx, {
    bookingId: booking.id,
    action: 'refund_approved',
    from: booking.status,
    to: status,
    note: `Refund ${order.order_no} of ${plural(refunding.length, 'ticket')} approved${decision.decidedBy ? ' by SkyDesk' : ''}: ${figures}${lowered ? ` (the fare rules allowed ${allowed}; reason: ${decision.reason ?? 'none given'})` : ''}${freedSeats > 0 ? `; ${plural(freedSeats, 'seat')} per flight released` : ''}`,
    actorUserId: null,
    at,
  });
  booking.status = status;
  return { entry, status, creditedMinor: total, allowedMinor: quote.allowedMinor };
}

/**
 * Rejects one pending refund request of a booking whose row the caller has locked: its tickets
 * become `refund_rejected` (their passengers still fly; nothing is credited, no seat returns) and
 * the booking `refund_rejected`, or stays `refund_requested` while another request waits.
 */
export async function rejectRefundOrder(
  trx: Transaction<Database>,
  booking: SettlementBooking,
  order: OrderRow,
  now: Date,
  decision: { decidedBy: string; reason: string },
) {
  const quote = await checkedQuote(trx, booking.id, order);
  const at = decisionTime(order, now);
  await setTicketStatus(trx, order.ticket_numbers, 'refund_rejected', at);
  await rejectOrder(trx, order.id, { ...decision, allowedMinor: quote.allowedMinor }, at);
  const status: BookingStatus = (await hasPendingRefund(trx, booking.id))
    ? 'refund_requested'
    : 'refund_rejected';
  await updateBooking(trx, booking.id, { status, updated_at: at });
  await recordEvent(trx, {
    bookingId: booking.id,
    action: 'refund_rejected',
    from: booking.status,
    to: status,
    note: `Refund ${order.order_no} of ${plural(quote.tickets.length, 'ticket')} rejected by SkyDesk; the tickets stay valid. Reason: ${decision.reason}`,
    actorUserId: null,
    at,
  });
  booking.status = status;
  return { status, allowedMinor: quote.allowedMinor };
}

/**
 * Settles every refund request of a booking due by `now`, in the order they were made; the caller
 * has locked the booking. Returns how many it settled.
 */
export async function settleDueRefundsOfLocked(
  trx: Transaction<Database>,
  supplier: SupplierBookings,
  bookingId: string,
  now: Date,
  delayMs: number,
): Promise<number> {
  const booking = await settlementBookingOf(trx, bookingId);
  const orders = await pendingRefundOrders(trx, bookingId, new Date(now.getTime() - delayMs));
  for (const order of orders) {
    await settleRefundOrder(trx, supplier, booking, order, now, { decidedBy: null, reason: null });
  }
  return orders.length;
}

/** Settles the booking's due refund requests in a transaction of its own, waiting for its lock. */
export function settleDueRefunds(
  db: Kysely<Database>,
  supplier: SupplierBookings,
  bookingId: string,
  now: Date,
  delayMs: number,
) {
  return db.transaction().execute(async (trx) => {
    const locked = await lockBooking(trx, bookingId);
    return locked ? settleDueRefundsOfLocked(trx, supplier, bookingId, now, delayMs) : 0;
  });
}

/** At most this many bookings per sweep, so one run never hogs a connection for long. */
const SWEEP_BATCH = 1_000;

/**
 * Settles every due refund request, one booking per transaction. `skip locked` lets several
 * server processes sweep at once, each taking bookings nobody else is working on. A booking whose
 * settlement fails is reported and left for the next run, so it never holds up the others.
 * Returns how many requests it settled.
 */
export async function sweepDueRefunds(
  db: Kysely<Database>,
  supplier: SupplierBookings,
  now: Date,
  delayMs: number,
  onFailure: (bookingId: string, error: unknown) => void = () => {},
): Promise<number> {
  const dueBy = new Date(now.getTime() - delayMs);
  const failed: string[] = [];
  let settled = 0;
  for (let bookings = 0; bookings < SWEEP_BATCH; bookings++) {
    let picked: string | undefined;
    try {
      const done = await db.transaction().execute(async (trx) => {
        const booking = await lockBookingWithDueRefund(trx, dueBy, failed);
        if (!booking) return null;
        picked = booking.id;
        return settleDueRefundsOfLocked(trx, supplier, booking.id, now, delayMs);
      });
      if (done === null) break;
      settled += done;
    } catch (error) {
      if (!picked) throw error;
      failed.push(picked);
      onFailure(picked, error);
    }
  }
  return settled;
}

/**
 * The settlement timer's sweep (a test setting), started when the server listens and stopped when
 * it closes, like the hold-expiry sweep. Off unless a delay is set (null: operators decide every
 * request); with a delay of 0 it settles what an immediate settlement could not (the request's
 * answer had gone out already).
 */
export function refundSettlementSweeper(deps: {
  db: Kysely<Database>;
  supplier: SupplierBookings;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalSeconds: number;
  delaySeconds: number | null;
  /** One server at a time (the store's). */
  exclusively: Exclusively;
}) {
  const { delaySeconds } = deps;
  return periodicTask({
    name: 'refund settlement sweep',
    intervalSeconds: delaySeconds === null ? 0 : deps.intervalSeconds,
    log: deps.log,
    exclusively: deps.exclusively,
    run: async () => {
      if (delaySeconds === null) return;
      const settled = await sweepDueRefunds(
        deps.db,
        deps.supplier,
        deps.clock.now(),
        delaySeconds * 1000,
        (bookingId, error) => deps.log.error({ err: error, bookingId }, 'could not settle a refund request'),
      );
      if (settled > 0) deps.log.info({ settled }, 'approved refund requests');
    },
  });
}
