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

/** What settling a refund needs of the booking: the fare it was sold at and its void window. */
export const refundFactsOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('bookings')
    .select(['itinerary', 'void_until', 'first_departure_at', 'currency'])
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
