import type { TicketStatus } from '@skydesk/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import type { HeldSeats } from '../../../supplier/port.js';
import { toHeldSeats } from '../booking/repo.js';

/** The SQL of cancellations, voids and refunds; the caller's transaction holds the booking's lock. */

type Db = Kysely<Database> | Transaction<Database>;

/** A booking's tickets with their passengers' names and fares, in passenger order. */
export const ticketsWithFares = (db: Db, bookingId: string) =>
  db
    .selectFrom('tickets')
    .innerJoin('booking_passengers', 'booking_passengers.id', 'tickets.passenger_id')
    .select([
      'tickets.ticket_number',
      'tickets.status',
      'tickets.paid_minor',
      'tickets.refunded_minor',
      'booking_passengers.passenger_type',
      'booking_passengers.title',
      'booking_passengers.first_name',
      'booking_passengers.last_name',
      'booking_passengers.fare_minor',
      'booking_passengers.taxes_minor',
    ])
    .where('tickets.booking_id', '=', bookingId)
    .orderBy('booking_passengers.position')
    .execute();

export type TicketWithFare = Awaited<ReturnType<typeof ticketsWithFares>>[number];

export async function setTicketStatus(
  trx: Transaction<Database>,
  ticketNumbers: readonly string[],
  status: TicketStatus,
  at: Date,
) {
  if (ticketNumbers.length === 0) return;
  await trx
    .updateTable('tickets')
    .set({ status, updated_at: at })
    .where('ticket_number', 'in', ticketNumbers)
    .execute();
}

export async function markTicketRefunded(
  trx: Transaction<Database>,
  ticketNumber: string,
  refundedMinor: number,
  at: Date,
) {
  await trx
    .updateTable('tickets')
    .set({ status: 'refunded', refunded_minor: refundedMinor, updated_at: at })
    .where('ticket_number', '=', ticketNumber)
    .execute();
}

/**
 * Lowers what the booking holds by `seats` on every flight, so its segments always say how many
 * seats it still holds (partial refunds), and returns the seats to give back.
 */
export async function lowerHeldSeats(
  trx: Transaction<Database>,
  bookingId: string,
  seats: number,
): Promise<HeldSeats[]> {
  const segments = await trx
    .updateTable('booking_segments')
    .set({ seats: sql<number>`seats - ${seats}` })
    .where('booking_id', '=', bookingId)
    .returning(['flight', 'departure_date', 'cabin'])
    .execute();
  return segments.map((segment) => toHeldSeats({ ...segment, seats }));
}

/** The booking's refund requests not settled yet, made at or before `dueBy`, oldest first. */
export const pendingRefundOrders = (trx: Transaction<Database>, bookingId: string, dueBy: Date) =>
  trx
    .selectFrom('orders')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'refund')
    .where('status', '=', 'pending')
    .where('created_at', '<=', dueBy)
    .orderBy('created_at')
    .orderBy('order_no')
    .forUpdate()
    .execute();

/** How a refund request was decided: by an operator, or (decidedBy null) by the test-setting timer. */
export type RefundDecision = {
  decidedBy: string | null;
  reason: string | null;
  /** What the fare rules allowed; an approval's `amount_minor` becomes what was credited. */
  allowedMinor: number;
};

export async function completeOrder(
  trx: Transaction<Database>,
  orderId: string,
  settled: { ledgerEntryId: string | null; amountMinor: number; decision: RefundDecision },
  at: Date,
) {
  await trx
    .updateTable('orders')
    .set({
      status: 'completed',
      ledger_entry_id: settled.ledgerEntryId,
      amount_minor: settled.amountMinor,
      allowed_minor: settled.decision.allowedMinor,
      decided_by: settled.decision.decidedBy,
      decision_reason: settled.decision.reason,
      decided_at: at,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .execute();
}

export async function rejectOrder(
  trx: Transaction<Database>,
  orderId: string,
  decision: RefundDecision,
  at: Date,
) {
  await trx
    .updateTable('orders')
    .set({
      status: 'rejected',
      allowed_minor: decision.allowedMinor,
      decided_by: decision.decidedBy,
      decision_reason: decision.reason,
      decided_at: at,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .execute();
}

/** A refund request, locked; the caller holds its booking's lock (the settlement's lock order). */
export const lockRefundOrder = (trx: Transaction<Database>, orderId: string) =>
  trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('kind', '=', 'refund')
    .forUpdate()
    .executeTakeFirst();

/** The booking a refund request belongs to (to lock first), or undefined. */
export const refundBookingOf = (trx: Transaction<Database>, orderId: string) =>
  trx
    .selectFrom('orders')
    .select('booking_id')
    .where('id', '=', orderId)
    .where('kind', '=', 'refund')
    .executeTakeFirst();

/** Whether the booking has a refund request still waiting. */
export const hasPendingRefund = async (trx: Transaction<Database>, bookingId: string) =>
  Boolean(
    await trx
      .selectFrom('orders')
      .select('id')
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'refund')
      .where('status', '=', 'pending')
      .executeTakeFirst(),
  );

/**
 * Locks one booking, of any company, with a refund request due by `dueBy`, skipping bookings
 * another transaction holds (a request being made, another process's sweep) and those in `skip`.
 */
export function lockBookingWithDueRefund(trx: Transaction<Database>, dueBy: Date, skip: readonly string[]) {
  let query = trx
    .selectFrom('bookings')
    .select(['id', 'company_id'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('orders')
          .select('orders.id')
          .whereRef('orders.booking_id', '=', 'bookings.id')
          .where('orders.kind', '=', 'refund')
          .where('orders.status', '=', 'pending')
          .where('orders.created_at', '<=', dueBy),
      ),
    );
  if (skip.length > 0) query = query.where('id', 'not in', skip);
  return query.limit(1).forUpdate().skipLocked().executeTakeFirst();
}

/**
 * What settling a refund needs of the booking: the fare it was sold at, its void window, and the
 * airline's changes recorded on it (the seats' refund rule asks them, issue 31).
 */
export const refundFactsOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('bookings')
    .select(['itinerary', 'void_until', 'first_departure_at', 'currency', 'supplier_change'])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();

/** The booking as settlement records it. */
export const settlementBookingOf = (trx: Transaction<Database>, bookingId: string) =>
  trx
    .selectFrom('bookings')
    .select(['id', 'company_id', 'pnr', 'status', 'currency'])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();

/** A refund request of the booking made before `before`, if any. */
export const earlierRefundOrder = (db: Db, bookingId: string, before: Date) =>
  db
    .selectFrom('orders')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'refund')
    .where('created_at', '<', before)
    .executeTakeFirst();

/**
 * The paid seats and bags of a booking's passengers (issue 31), with the ticket of the passenger
 * each belongs to and when its flight leaves: issued, or released after it was paid (a seat changed
 * for another), never credited back yet. `ticketNumbers` narrows them to those tickets' passengers;
 * `refundOrderId` to the services a refund request named (whatever they became since).
 */
export function paidServicesOf(
  db: Db,
  bookingId: string,
  which: { ticketNumbers: readonly string[] } | { refundOrderId: string },
) {
  let query = db
    .selectFrom('booking_services')
    .innerJoin('booking_passengers', (join) =>
      join
        .onRef('booking_passengers.booking_id', '=', 'booking_services.booking_id')
        .onRef('booking_passengers.position', '=', 'booking_services.passenger_index'),
    )
    .innerJoin('tickets', 'tickets.passenger_id', 'booking_passengers.id')
    .innerJoin('booking_segments', (join) =>
      join
        .onRef('booking_segments.booking_id', '=', 'booking_services.booking_id')
        .onRef('booking_segments.position', '=', 'booking_services.segment_index'),
    )
    .select([
      'booking_services.id',
      'booking_services.type',
      'booking_services.passenger_index',
      'booking_services.segment_index',
      'booking_services.flight',
      'booking_services.designator',
      'booking_services.quantity',
      'booking_services.weight_kg',
      'booking_services.amount_minor',
      'booking_services.status',
      'booking_services.issued_at',
      'booking_services.released_at',
      'booking_services.refund_order_id',
      'booking_services.refunded_minor',
      'tickets.ticket_number',
      'booking_passengers.title',
      'booking_passengers.first_name',
      'booking_passengers.last_name',
      'booking_segments.departs_at',
      // Issue 32: when an airline's schedule change first touched the service's flight, if one did.
      (eb) =>
        eb
          .selectFrom('schedule_change_bookings as sc')
          .select((inner) => inner.fn.min('sc.detected_at').as('at'))
          .whereRef('sc.booking_id', '=', 'booking_services.booking_id')
          .where(sql<boolean>`booking_services.segment_index = any(sc.segment_indexes)`)
          .as('schedule_changed_at'),
    ])
    .where('booking_services.booking_id', '=', bookingId)
    .where('booking_services.issued_at', 'is not', null)
    .where('booking_services.amount_minor', '>', 0);
  if ('refundOrderId' in which) {
    query = query.where('booking_services.refund_order_id', '=', which.refundOrderId);
  } else {
    if (which.ticketNumbers.length === 0) return Promise.resolve([]);
    query = query
      .where('tickets.ticket_number', 'in', which.ticketNumbers)
      .where('booking_services.status', 'in', ['issued', 'released'])
      .where('booking_services.refunded_minor', 'is', null);
  }
  return query
    .orderBy('booking_passengers.position')
    .orderBy('booking_services.segment_index')
    .orderBy('booking_services.type', 'desc')
    .orderBy('booking_services.issued_at')
    .orderBy('booking_services.id')
    .execute();
}

export type PaidServiceRow = Awaited<ReturnType<typeof paidServicesOf>>[number];

/** Names the refund request the services go with (made in the request's transaction). */
export async function markServicesForRefund(
  trx: Transaction<Database>,
  serviceIds: readonly string[],
  refundOrderId: string,
) {
  if (serviceIds.length === 0) return;
  await trx
    .updateTable('booking_services')
    .set({ refund_order_id: refundOrderId })
    .where('id', 'in', serviceIds)
    .execute();
}

/**
 * Records what came back for a service given back with its ticket: `refunded` when something did,
 * otherwise `released` (its money kept) — either way its seat is free again.
 */
export async function settleServiceRefund(
  trx: Transaction<Database>,
  serviceId: string,
  refundedMinor: number,
  at: Date,
) {
  await trx
    .updateTable('booking_services')
    .set({
      status: refundedMinor > 0 ? 'refunded' : 'released',
      refunded_minor: refundedMinor,
      released_at: sql<Date>`coalesce(released_at, ${at})`,
    })
    .where('id', '=', serviceId)
    .execute();
}

/**
 * A void's services (issue 31): every seat and bag paid for the booking comes back whole —
 * `refunded`, its whole amount recorded — a seat changed for another after issue too. Answers what
 * came back.
 */
export const refundPaidServices = (trx: Transaction<Database>, bookingId: string, at: Date) =>
  trx
    .updateTable('booking_services')
    .set({
      status: 'refunded',
      refunded_minor: sql<number>`amount_minor`,
      released_at: sql<Date>`coalesce(released_at, ${at})`,
    })
    .where('booking_id', '=', bookingId)
    .where('issued_at', 'is not', null)
    .where('amount_minor', '>', 0)
    .where('refunded_minor', 'is', null)
    .where('status', 'in', ['issued', 'released'])
    .returning(['id', 'amount_minor'])
    .execute();
