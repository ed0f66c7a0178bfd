import { type BookingStatus, minorToAmount } from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import { periodicTask } from '../../../platform/periodic-task.js';
import type { SupplierBookings } from '../../../supplier/port.js';
import { postLedgerEntry } from '../../payments/ledger.js';
import { heldSeatsOf, lockBooking, type OrderRow, recordEvent, updateBooking } from '../booking/repo.js';
import { ticketRefund } from './penalty.js';
import {
  completeOrder,
  earlierRefundOrder,
  lockBookingWithDueRefund,
  lowerHeldSeats,
  markTicketRefunded,
  pendingRefundOrders,
  refundFactsOf,
  settlementBookingOf,
  ticketsWithFares,
} from './repo.js';

/**
 * Settling refund requests (DESIGN.md §5). The operator back office comes later; until then the
 * sandbox supplier approves every request `delay` after it was made (REFUND_APPROVAL_DELAY_SECONDS,
 * 0 = in the request that made it). Approving one request is one transaction under the booking's
 * lock: its tickets become `refunded`, the refund is credited, the order completes, the refunded
 * passengers' seats return, and the booking moves to `refunded` or `partially_refunded`.
 */

/** Ticket statuses whose passenger still flies, or may: they keep their seats. */
const LIVE_TICKET: ReadonlySet<string> = new Set(['issued', 'refund_requested', 'refund_rejected']);
const seated = (type: string) => type !== 'infant';

/**
 * The phase a refund request was made in: within the void window (everything back) only the
 * booking's first refund request can be — it was still wholly ticketed then — and only if it was
 * made before `void_until`; any other request was made in the refund phase (penalties apply).
 */
async function requestPhase(
  trx: Transaction<Database>,
  bookingId: string,
  order: OrderRow,
  voidUntil: Date | null,
): Promise<'void' | 'refund'> {
  if (!voidUntil || order.created_at.getTime() >= voidUntil.getTime()) return 'refund';
  return (await earlierRefundOrder(trx, bookingId, order.created_at)) ? 'refund' : 'void';
}

/** Settles one pending refund order of a booking whose row the caller has locked. */
async function settleOrder(
  trx: Transaction<Database>,
  supplier: SupplierBookings,
  booking: { id: string; company_id: string; pnr: string; status: BookingStatus; currency: string },
  order: OrderRow,
  now: Date,
) {
  const facts = await refundFactsOf(trx, booking.id);
  const pricing = facts.itinerary.AirItineraryPricingInfo;
  const phase = await requestPhase(trx, booking.id, order, facts.void_until);
  const tickets = await ticketsWithFares(trx, booking.id);
  const requested = new Set(order.ticket_numbers);
  const refunding = tickets.filter((ticket) => requested.has(ticket.ticket_number));
  if (
    refunding.length !== requested.size ||
    refunding.some((ticket) => ticket.status !== 'refund_requested')
  ) {
    throw new Error(`Refund order ${order.order_no} names tickets that are not awaiting a refund`);
  }
  // The amounts depend only on the phase the request was made in (see requestPhase): the
  // settlement recomputes them per ticket and must meet the order's total.
  const amounts = refunding.map((ticket) =>
    ticketRefund(
      pricing,
      {
        passengerType: ticket.passenger_type,
        fareMinor: ticket.fare_minor,
        taxesMinor: ticket.taxes_minor,
        paidMinor: ticket.paid_minor,
      },
      phase,
    ),
  );
  const total = amounts.reduce((sum, amount) => sum + amount.refundMinor, 0);
  if (total !== order.amount_minor) {
    throw new Error(
      `Refund order ${order.order_no} is for ${order.amount_minor}, its tickets return ${total}`,
    );
  }

  // The approval is never recorded before the request it approves, even on a clock that stands still.
  const at = new Date(Math.max(now.getTime(), order.created_at.getTime() + 1));
  const described = `${minorToAmount(total).toFixed(2)} ${booking.currency}`;
  const entry =
    total > 0
      ? await postLedgerEntry(trx, {
          companyId: booking.company_id,
          kind: 'refund',
          amountMinor: total,
          bookingId: booking.id,
          note: `Refund ${order.order_no} for booking ${booking.pnr}`,
          userId: null,
        })
      : null;
  for (const [index, ticket] of refunding.entries()) {
    await markTicketRefunded(trx, ticket.ticket_number, amounts[index]!.refundMinor, at);
  }
  await completeOrder(trx, order.id, entry?.id ?? null, at);

  const after = tickets.map((ticket) =>
    requested.has(ticket.ticket_number) ? { ...ticket, status: 'refunded' as const } : ticket,
  );
  const live = after.filter((ticket) => LIVE_TICKET.has(ticket.status));
  const freedSeats = refunding.filter((ticket) => seated(ticket.passenger_type)).length;
  let status: BookingStatus;
  if (live.length === 0) {
    status = 'refunded';
    await supplier.release(trx, await heldSeatsOf(trx, booking.id));
  } else {
    if (!live.some((ticket) => seated(ticket.passenger_type))) {
      throw new Error(`Refund order ${order.order_no} would leave infants of ${booking.pnr} without a seat`);
    }
    status = live.some((ticket) => ticket.status === 'refund_requested')
      ? 'refund_requested'
      : 'partially_refunded';
    if (freedSeats > 0) await supplier.release(trx, await lowerHeldSeats(trx, booking.id, freedSeats));
  }
  await updateBooking(trx, booking.id, { status, updated_at: at });
  await recordEvent(trx, {
    bookingId: booking.id,
    action: 'refund_approved',
    from: booking.status,
    to: status,
    note: `Refund ${order.order_no} approved: ${described} credited for ${refunding.length} ticket${refunding.length === 1 ? '' : 's'}${freedSeats > 0 ? `; ${freedSeats} seat${freedSeats === 1 ? '' : 's'} per flight released` : ''}`,
    actorUserId: null,
    at,
  });
  booking.status = status;
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
  for (const order of orders) await settleOrder(trx, supplier, booking, order, now);
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
 * The settlement sweep's timer, started when the server listens and stopped when it closes, like
 * the hold-expiry sweep. It runs whatever the delay: with none, it settles what an immediate
 * settlement could not (the request's answer had gone out already).
 */
export function refundSettlementSweeper(deps: {
  db: Kysely<Database>;
  supplier: SupplierBookings;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalSeconds: number;
  delaySeconds: number;
}) {
  return periodicTask({
    name: 'refund settlement sweep',
    intervalSeconds: deps.intervalSeconds,
    log: deps.log,
    run: async () => {
      const settled = await sweepDueRefunds(
        deps.db,
        deps.supplier,
        deps.clock.now(),
        deps.delaySeconds * 1000,
        (bookingId, error) => deps.log.error({ err: error, bookingId }, 'could not settle a refund request'),
      );
      if (settled > 0) deps.log.info({ settled }, 'approved refund requests');
    },
  });
}
