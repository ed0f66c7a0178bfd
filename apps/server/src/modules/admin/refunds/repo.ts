import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** The SQL of the operators' refund queue: refund requests (orders) with their booking and agency. */

type Db = Kysely<Database> | Transaction<Database>;
type OrderStatus = 'pending' | 'completed' | 'rejected';

export type RefundFilters = { status: OrderStatus; companyId?: string | undefined };

function filtered(db: Db, filters: RefundFilters) {
  let query = db
    .selectFrom('orders')
    .where('orders.kind', '=', 'refund')
    .where('orders.status', '=', filters.status);
  if (filters.companyId) query = query.where('orders.company_id', '=', filters.companyId);
  return query;
}

export async function countRefunds(db: Db, filters: RefundFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of requests: the oldest pending first (a queue), the latest decided first. */
export async function listRefundIds(
  db: Db,
  filters: RefundFilters,
  page: { offset: number; limit: number },
): Promise<string[]> {
  const pending = filters.status === 'pending';
  const rows = await filtered(db, filters)
    .select('orders.id')
    .orderBy(pending ? 'orders.created_at' : 'orders.decided_at', pending ? 'asc' : 'desc')
    .orderBy('orders.order_no', pending ? 'asc' : 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => row.id);
}

/** One request with its booking, agency and deciding operator, as the queue shows it. */
export const findRefund = (db: Db, orderId: string) =>
  db
    .selectFrom('orders')
    .innerJoin('bookings', 'bookings.id', 'orders.booking_id')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .leftJoin('operators', 'operators.id', 'orders.decided_by')
    .selectAll('orders')
    .select([
      'bookings.pnr',
      'bookings.status as booking_status',
      'bookings.trip_type',
      'bookings.first_departure_at',
      'bookings.void_until',
      'companies.name as company_name',
      'operators.name as decided_by_name',
    ])
    // Issue 30: the request as the agency made it — its note (which ends with the agency's reason)
    // and who asked, from the booking's history entry that opened this order.
    .select((eb) => [
      eb
        .selectFrom('booking_events')
        .select('booking_events.note')
        .whereRef('booking_events.booking_id', '=', 'orders.booking_id')
        .where('booking_events.action', '=', 'refund_requested')
        .where('booking_events.note', 'like', sql<string>`'Refund ' || orders.order_no || ' %'`)
        .orderBy('booking_events.created_at', 'desc')
        .limit(1)
        .as('request_note'),
      eb
        .selectFrom('booking_events')
        .innerJoin('users', 'users.id', 'booking_events.actor_user_id')
        .select(sql<string>`json_build_object('id', users.id, 'name', users.name)::text`.as('who'))
        .whereRef('booking_events.booking_id', '=', 'orders.booking_id')
        .where('booking_events.action', '=', 'refund_requested')
        .where('booking_events.note', 'like', sql<string>`'Refund ' || orders.order_no || ' %'`)
        .orderBy('booking_events.created_at', 'desc')
        .limit(1)
        .as('requested_by'),
      eb
        .selectFrom('tickets')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('tickets.booking_id', '=', 'orders.booking_id')
        .as('ticket_count'),
    ])
    .where('orders.id', '=', orderId)
    .where('orders.kind', '=', 'refund')
    .executeTakeFirst();

export type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefund>>>;

/** The booking a refund request belongs to, to lock before the request itself. */
export const refundBookingId = (db: Db, orderId: string) =>
  db
    .selectFrom('orders')
    .select(['booking_id', 'company_id'])
    .where('id', '=', orderId)
    .where('kind', '=', 'refund')
    .executeTakeFirst();
