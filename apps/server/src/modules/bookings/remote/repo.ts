import type { BookingStatus, SupplierState } from '@skydesk/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  BookingsTable,
  Database,
  StoredAirlineChange,
  StoredCancellationQuote,
  StoredChangeStep,
  StoredRemoteOffer,
  StoredServicesStep,
} from '../../../platform/db/schema.js';

/**
 * The SQL of the supplier order saga (docs/decisions/020-supplier-order-saga.md): a booking's step,
 * what the supplier knows it by, and the rows a settled step writes. Every write takes the caller's
 * transaction, which holds the booking's row lock (lockSupplierBooking) first.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The steps under way: the airline was asked and its answer is not recorded yet. */
export const IN_FLIGHT_STATES = [
  'confirming',
  'paying',
  'ordering',
  'adding_services',
  'changing',
  'cancelling',
] as const satisfies readonly SupplierState[];
export type InFlightState = (typeof IN_FLIGHT_STATES)[number];

export type SupplierBookingRow = Selectable<BookingsTable>;

/** The booking, whatever its company (a webhook, the reconciler), unlocked. */
export const findSupplierBooking = (db: Db, bookingId: string) =>
  db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();

/** The booking, locked until the caller's transaction ends: every settlement starts here. */
export const lockSupplierBooking = (trx: Transaction<Database>, bookingId: string) =>
  trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).forUpdate().executeTakeFirst();

/** The booking a supplier order belongs to. */
export const bookingIdOfOrder = async (db: Db, supplier: string, orderId: string) =>
  (
    await db
      .selectFrom('bookings')
      .select('id')
      .where('supplier', '=', supplier as SupplierBookingRow['supplier'])
      .where('supplier_order_id', '=', orderId)
      .executeTakeFirst()
  )?.id;

/**
 * The remote booking an Idempotency-Key request of this company made since `since` (the latest:
 * a retry after a refusal makes a new one). `idempotency_key` holds the key, a line break and the
 * request's hash.
 */
export const bookingOfRequest = (db: Db, companyId: string, key: string, since: Date) =>
  db
    .selectFrom('bookings')
    .select(['id', 'idempotency_key'])
    .where('company_id', '=', companyId)
    .where('idempotency_key', 'like', `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}\n%`)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * Bookings whose step began by `startedBy`, oldest first: the reconciler's work. Unlocked: each is
 * settled under its own lock after the supplier is asked, and a booking another path settles
 * meanwhile is found settled then.
 */
export const inFlightBookings = (db: Db, startedBy: Date, limit: number) =>
  db
    .selectFrom('bookings')
    .select(['id', 'supplier_state', 'supplier_state_at'])
    .where('supplier_state', 'in', IN_FLIGHT_STATES)
    .where('supplier_state_at', '<=', startedBy)
    .orderBy('supplier_state_at')
    .limit(limit)
    .execute();

/**
 * Expired holds whose airline order is still to be cancelled (the expiry journalled the step),
 * oldest first: what the hold sweep asks the airline to cancel once it has expired every due hold.
 */
export const expiredHoldsToCancel = (db: Db, limit: number) =>
  db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'expired')
    .where('supplier_state', '=', 'cancelling')
    .orderBy('supplier_state_at')
    .limit(limit)
    .execute();

/** Moves the locked booking's saga to another step (and whatever else changes with it). */
export async function updateSupplierBooking(
  trx: Transaction<Database>,
  bookingId: string,
  changes: {
    supplier_state?: SupplierState;
    supplier_state_at?: Date;
    status?: BookingStatus;
    supplier_order_id?: string;
    supplier_reference?: string;
    supplier_offer?: StoredRemoteOffer;
    net_minor?: number;
    markup_minor?: number;
    supplier_cancellation?: StoredCancellationQuote | null;
    supplier_synced_at?: Date;
    supplier_change?: StoredAirlineChange;
    supplier_services?: StoredServicesStep | null;
    supplier_change_step?: StoredChangeStep | null;
    ticketing_deadline?: Date;
    issued_at?: Date;
    void_until?: Date | null;
    updated_at: Date;
  },
) {
  const {
    supplier_offer,
    supplier_cancellation,
    supplier_change,
    supplier_services,
    supplier_change_step,
    ...plain
  } = changes;
  await trx
    .updateTable('bookings')
    .set({
      ...plain,
      ...(supplier_offer === undefined ? {} : { supplier_offer: JSON.stringify(supplier_offer) }),
      ...(supplier_cancellation === undefined
        ? {}
        : { supplier_cancellation: supplier_cancellation && JSON.stringify(supplier_cancellation) }),
      ...(supplier_change === undefined ? {} : { supplier_change: JSON.stringify(supplier_change) }),
      ...(supplier_services === undefined
        ? {}
        : { supplier_services: supplier_services && JSON.stringify(supplier_services) }),
      ...(supplier_change_step === undefined
        ? {}
        : { supplier_change_step: supplier_change_step && JSON.stringify(supplier_change_step) }),
    })
    .where('id', '=', bookingId)
    .execute();
}

/** The booking's passengers in booking order, as an order names them. */
export const orderPassengersOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('booking_passengers')
    .select([
      'id',
      'passenger_type',
      'title',
      'first_name',
      'last_name',
      'gender',
      'date_of_birth',
      'fare_minor',
      'taxes_minor',
    ])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();

export type OrderPassengerRow = Awaited<ReturnType<typeof orderPassengersOf>>[number];

/** The supplier's tickets, under the numbers it issued (13 digits, the airline's prefix first). */
export async function insertSupplierTickets(
  trx: Transaction<Database>,
  input: {
    bookingId: string;
    tickets: readonly { passengerId: string; number: string; paidMinor: number }[];
    at: Date;
  },
) {
  if (input.tickets.length === 0) return [];
  return trx
    .insertInto('tickets')
    .values(
      input.tickets.map((ticket) => ({
        ticket_number: ticket.number,
        booking_id: input.bookingId,
        passenger_id: ticket.passengerId,
        status: 'issued' as const,
        paid_minor: ticket.paidMinor,
        issued_at: input.at,
        updated_at: input.at,
      })),
    )
    .returningAll()
    .execute();
}

/** The ticket order a paying step opened, still pending (to complete or reject it). */
export const pendingTicketOrderOf = (trx: Transaction<Database>, bookingId: string) =>
  trx
    .selectFrom('orders')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'ticket')
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

export async function settleTicketOrder(
  trx: Transaction<Database>,
  orderId: string,
  outcome: { status: 'completed' | 'rejected'; ticketNumbers?: string[]; reason?: string },
  at: Date,
) {
  await trx
    .updateTable('orders')
    .set({
      status: outcome.status,
      ...(outcome.ticketNumbers ? { ticket_numbers: outcome.ticketNumbers } : {}),
      ...(outcome.reason ? { decision_reason: outcome.reason } : {}),
      decided_at: at,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .execute();
}

/** The booking's issued tickets in passenger order (a supplier refund returns them all). */
export const issuedTicketsOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('tickets')
    .innerJoin('booking_passengers', 'booking_passengers.id', 'tickets.passenger_id')
    .select(['tickets.ticket_number', 'tickets.paid_minor', 'tickets.status'])
    .where('tickets.booking_id', '=', bookingId)
    .orderBy('booking_passengers.position')
    .execute();

export async function refundTickets(
  trx: Transaction<Database>,
  refunds: readonly { ticketNumber: string; refundedMinor: number }[],
  at: Date,
) {
  for (const refund of refunds) {
    await trx
      .updateTable('tickets')
      .set({ status: 'refunded', refunded_minor: refund.refundedMinor, updated_at: at })
      .where('ticket_number', '=', refund.ticketNumber)
      .execute();
  }
}

/** A refund the supplier decided, completed as it is recorded (no operator decides it). */
export async function completeSupplierRefundOrder(
  trx: Transaction<Database>,
  orderId: string,
  settled: { allowedMinor: number; reason: string },
  at: Date,
) {
  await trx
    .updateTable('orders')
    .set({
      allowed_minor: settled.allowedMinor,
      decision_reason: settled.reason,
      decided_at: at,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .execute();
}

/** Whether another booking already holds one of these ticket numbers (a supplier's mistake). */
export const takenTicketNumbers = async (db: Db, numbers: readonly string[]) =>
  numbers.length === 0
    ? []
    : (
        await db.selectFrom('tickets').select('ticket_number').where('ticket_number', 'in', numbers).execute()
      ).map((row) => row.ticket_number);

/**
 * Takes a supplier's webhook event once per id (migration 0018): true when this delivery is the
 * first, false when the event was taken before (a repeat, answered as received and left alone).
 */
export async function claimSupplierEvent(
  db: Db,
  event: { supplier: 'duffel'; eventId: string; type: string; bookingId: string | null; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('supplier_events')
    .values({
      supplier: event.supplier,
      event_id: event.eventId,
      type: event.type,
      booking_id: event.bookingId,
      received_at: event.at,
    })
    .onConflict((conflict) => conflict.columns(['supplier', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Gives an event back whose settlement failed, so that the supplier's next delivery is taken. */
export const releaseSupplierEvent = (db: Db, supplier: 'duffel', eventId: string) =>
  db.deleteFrom('supplier_events').where('supplier', '=', supplier).where('event_id', '=', eventId).execute();

/** Forgets events taken before `before` (no supplier delivers an event again that late). */
export async function pruneSupplierEvents(db: Db, before: Date): Promise<number> {
  const deleted = await db.deleteFrom('supplier_events').where('received_at', '<', before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
