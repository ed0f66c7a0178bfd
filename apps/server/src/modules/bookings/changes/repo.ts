import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  BookingChangesTable,
  ChangeOffersTable,
  Database,
  StoredChangeLeg,
  StoredChangeService,
} from '../../../platform/db/schema.js';

/**
 * The SQL of changes after ticketing (issue 32, migration 0022): change offers, the changes made
 * from them, and the tickets and segments a change replaces. Writes take the caller's transaction,
 * which holds the booking's row lock.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type ChangeOfferRow = Selectable<ChangeOffersTable>;
export type BookingChangeRow = Selectable<BookingChangesTable>;

export type NewChangeOffer = {
  bookingId: string;
  companyId: string;
  kind: 'voluntary' | 'schedule_change';
  scheduleChangeId: string | null;
  legs: StoredChangeLeg[];
  itinerary: unknown;
  bookingOffer: unknown;
  newTotalMinor: number;
  fareDifferenceMinor: number;
  penaltyMinor: number;
  changeTotalMinor: number;
  currency: string;
  refundTo: 'credits' | 'forfeited' | null;
  rules: string[];
  services: StoredChangeService[];
  expiresAt: Date;
  createdBy: string;
  at: Date;
};

export function insertChangeOffers(db: Db, offers: readonly NewChangeOffer[]): Promise<ChangeOfferRow[]> {
  if (offers.length === 0) return Promise.resolve([]);
  return db
    .insertInto('change_offers')
    .values(
      offers.map((offer) => ({
        booking_id: offer.bookingId,
        company_id: offer.companyId,
        kind: offer.kind,
        schedule_change_id: offer.scheduleChangeId,
        legs: JSON.stringify(offer.legs),
        itinerary: JSON.stringify(offer.itinerary),
        booking_offer: JSON.stringify(offer.bookingOffer),
        new_total_minor: offer.newTotalMinor,
        fare_difference_minor: offer.fareDifferenceMinor,
        penalty_minor: offer.penaltyMinor,
        change_total_minor: offer.changeTotalMinor,
        currency: offer.currency,
        refund_to: offer.refundTo,
        rules: JSON.stringify(offer.rules),
        services: JSON.stringify(offer.services),
        expires_at: offer.expiresAt,
        created_by: offer.createdBy,
        created_at: offer.at,
      })),
    )
    .returningAll()
    .execute();
}

/** The booking's offer, locked for the change that uses it (the booking's lock is held already). */
export const lockChangeOffer = (trx: Transaction<Database>, bookingId: string, offerId: string) =>
  trx
    .selectFrom('change_offers')
    .selectAll()
    .where('id', '=', offerId)
    .where('booking_id', '=', bookingId)
    .forUpdate()
    .executeTakeFirst();

/** Marks the offer used; 0 rows when another change used it first. */
export async function useChangeOffer(
  trx: Transaction<Database>,
  offerId: string,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('change_offers')
    .set({ used_at: at })
    .where('id', '=', offerId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type NewBookingChange = {
  bookingId: string;
  companyId: string;
  offerId: string | null;
  kind: 'exchange' | 'schedule_alternative' | 'schedule_accepted';
  before: StoredChangeLeg[];
  after: StoredChangeLeg[];
  fareDifferenceMinor: number;
  penaltyMinor: number;
  changeTotalMinor: number;
  servicesRefundMinor: number;
  currency: string;
  refundTo: 'credits' | 'forfeited' | null;
  tickets: { from: string; to: string }[];
  ledgerEntryId: string | null;
  actorUserId: string | null;
  at: Date;
};

export function insertBookingChange(trx: Transaction<Database>, change: NewBookingChange) {
  return trx
    .insertInto('booking_changes')
    .values({
      booking_id: change.bookingId,
      company_id: change.companyId,
      offer_id: change.offerId,
      kind: change.kind,
      before: JSON.stringify(change.before),
      after: JSON.stringify(change.after),
      fare_difference_minor: change.fareDifferenceMinor,
      penalty_minor: change.penaltyMinor,
      change_total_minor: change.changeTotalMinor,
      services_refund_minor: change.servicesRefundMinor,
      currency: change.currency,
      refund_to: change.refundTo,
      tickets: JSON.stringify(change.tickets),
      ledger_entry_id: change.ledgerEntryId,
      actor_user_id: change.actorUserId,
      created_at: change.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** PostgreSQL's unique_violation on the one change an offer makes. */
export function isOfferUsedTwice(error: unknown): boolean {
  const found = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (found?.code !== '23505') return false;
  return (
    found.constraint === 'booking_changes_offer_id_key' ||
    (typeof found.message === 'string' && found.message.includes('booking_changes_offer_id_key'))
  );
}

export type ChangeWithActor = BookingChangeRow & { actor_name: string | null };

/** A booking's changes, oldest first, with who made each. */
export const changesOf = (db: Db, bookingId: string): Promise<ChangeWithActor[]> =>
  db
    .selectFrom('booking_changes')
    .leftJoin('users', 'users.id', 'booking_changes.actor_user_id')
    .selectAll('booking_changes')
    .select('users.name as actor_name')
    .where('booking_changes.booking_id', '=', bookingId)
    .orderBy('booking_changes.created_at')
    .orderBy('booking_changes.id')
    .execute();

/** Every exchange (schedule alternatives too), newest first, with its booking and agency. */
export const listExchanges = (db: Db, limit: number) =>
  db
    .selectFrom('booking_changes')
    .innerJoin('bookings', 'bookings.id', 'booking_changes.booking_id')
    .innerJoin('companies', 'companies.id', 'booking_changes.company_id')
    .leftJoin('users', 'users.id', 'booking_changes.actor_user_id')
    .selectAll('booking_changes')
    .select(['bookings.pnr', 'companies.name as company_name', 'users.name as actor_name'])
    .where('booking_changes.kind', 'in', ['exchange', 'schedule_alternative'])
    .orderBy('booking_changes.created_at', 'desc')
    .orderBy('booking_changes.id')
    .limit(limit)
    .execute();

/** A booking's live tickets (all passengers move together), in passenger order. */
export const liveTicketsOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('tickets')
    .innerJoin('booking_passengers', 'booking_passengers.id', 'tickets.passenger_id')
    .select([
      'tickets.ticket_number',
      'tickets.status',
      'tickets.passenger_id',
      'booking_passengers.position',
      'booking_passengers.passenger_type',
    ])
    .where('tickets.booking_id', '=', bookingId)
    .where('tickets.status', '<>', 'exchanged')
    .orderBy('booking_passengers.position')
    .execute();

export const segmentsOfBooking = (db: Db, bookingId: string) =>
  db
    .selectFrom('booking_segments')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();

const MAX_DRAWS = 20;

/**
 * Replaces a passenger's ticket: the old one becomes `exchanged` first (a passenger holds one live
 * ticket), the new one under a fresh number names it (`replaces`), and the old one then names the
 * new (`exchanged_for`). A number taken already is drawn again.
 */
export async function exchangeTicket(
  trx: Transaction<Database>,
  input: {
    bookingId: string;
    passengerId: string;
    old: string;
    paidMinor: number;
    at: Date;
    ticketNumber: () => string;
  },
): Promise<string> {
  await trx
    .updateTable('tickets')
    .set({ status: 'exchanged', updated_at: input.at })
    .where('ticket_number', '=', input.old)
    .execute();
  let number: string | undefined;
  for (let draw = 0; draw < MAX_DRAWS && !number; draw++) {
    const candidate = input.ticketNumber();
    // An EMD holds numbers from the same series: a number either holds is drawn again.
    const emd = await trx
      .selectFrom('booking_services')
      .select('id')
      .where('emd_number', '=', candidate)
      .executeTakeFirst();
    if (emd) continue;
    const row = await trx
      .insertInto('tickets')
      .values({
        ticket_number: candidate,
        booking_id: input.bookingId,
        passenger_id: input.passengerId,
        status: 'issued',
        paid_minor: input.paidMinor,
        issued_at: input.at,
        updated_at: input.at,
        replaces: input.old,
      })
      .onConflict((conflict) => conflict.column('ticket_number').doNothing())
      .returning('ticket_number')
      .executeTakeFirst();
    number = row?.ticket_number;
  }
  if (!number) throw new Error(`No free ticket number in ${MAX_DRAWS} draws`);
  await trx
    .updateTable('tickets')
    .set({ exchanged_for: number })
    .where('ticket_number', '=', input.old)
    .execute();
  return number.trim();
}

export async function setPassengerFare(
  trx: Transaction<Database>,
  passengerId: string,
  fare: { base: number; taxes: number },
) {
  await trx
    .updateTable('booking_passengers')
    .set({ fare_minor: fare.base, taxes_minor: fare.taxes })
    .where('id', '=', passengerId)
    .execute();
}

export async function replaceSegments(
  trx: Transaction<Database>,
  bookingId: string,
  segments: readonly {
    leg: number;
    flight: string;
    departure_date: string;
    cabin: Selectable<Database['booking_segments']>['cabin'];
    seats: number;
    departs_at: Date;
  }[],
) {
  await trx.deleteFrom('booking_segments').where('booking_id', '=', bookingId).execute();
  await trx
    .insertInto('booking_segments')
    .values(segments.map((segment, position) => ({ ...segment, booking_id: bookingId, position })))
    .execute();
}

/** A paid service moved to the new flight: same seat or bag, same EMD. */
export async function carryService(
  trx: Transaction<Database>,
  serviceId: string,
  to: { segment_index: number; flight: string; departure_date: string },
) {
  await trx.updateTable('booking_services').set(to).where('id', '=', serviceId).execute();
}

/** A paid service of a leg changed that cannot fly the new flight: refunded in full. */
export async function refundService(trx: Transaction<Database>, serviceId: string, at: Date) {
  const row = await trx
    .selectFrom('booking_services')
    .select('amount_minor')
    .where('id', '=', serviceId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('booking_services')
    .set({ status: 'refunded', refunded_minor: Number(row.amount_minor), released_at: at })
    .where('id', '=', serviceId)
    .execute();
}

/** Services of unchanged legs keep their flights; their position in the trip may move. */
export async function moveServiceIndex(trx: Transaction<Database>, serviceId: string, segmentIndex: number) {
  await trx
    .updateTable('booking_services')
    .set({ segment_index: segmentIndex })
    .where('id', '=', serviceId)
    .execute();
}

/** The booking as the change leaves it: its flights, fare and first departure. */
export async function updateChangedBooking(
  trx: Transaction<Database>,
  bookingId: string,
  values: {
    itinerary: string;
    total_minor: number;
    net_minor: number;
    first_departure_at: Date;
    last_departure_date: string;
    void_until: Date | null;
    updated_at: Date;
  },
) {
  await trx.updateTable('bookings').set(values).where('id', '=', bookingId).execute();
}
