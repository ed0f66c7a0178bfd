import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { BookingServicesTable, Database } from '../../../platform/db/schema.js';
import type { ChosenSeat, ChosenSeats } from '../../../supplier/seat-maps.js';

/**
 * The SQL of the seats and bags sold beside the fare (issue 31, migration 0019). A seat held or
 * paid for is one row the unique index `booking_services_seat_taken_idx` keeps to one passenger;
 * writes take the caller's transaction, so services are held, paid and released with the booking.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type ServiceRow = Selectable<BookingServicesTable>;
export type NewService = Omit<
  Insertable<BookingServicesTable>,
  'id' | 'booking_id' | 'company_id' | 'status' | 'created_at' | 'emd_number' | 'issued_at' | 'released_at'
>;

/** Statuses in which a service belongs to its passenger (a seat is taken, a bag is on board). */
const LIVE = ['held', 'issued'] as const;

/** PostgreSQL's unique_violation on the seat index: another passenger took the seat first. */
export function isSeatTaken(error: unknown): boolean {
  const found = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (found?.code !== '23505') return false;
  return (
    found.constraint === 'booking_services_seat_taken_idx' ||
    (typeof found.message === 'string' && found.message.includes('booking_services_seat_taken_idx'))
  );
}

/** Seats SkyDesk's bookings hold or have paid for on these flights (the seat maps show them taken). */
export async function chosenSeatsOn(
  db: Db,
  flights: readonly { flight: string; date: string }[],
): Promise<ChosenSeat[]> {
  if (flights.length === 0) return [];
  const rows = await db
    .selectFrom('booking_services')
    .select(['flight', 'departure_date', 'designator', 'with_infant', 'booking_id'])
    .where('type', '=', 'seat')
    .where('status', 'in', LIVE)
    .where('flight', 'in', [...new Set(flights.map((entry) => entry.flight))])
    .where('departure_date', 'in', [...new Set(flights.map((entry) => entry.date))])
    .execute();
  const wanted = new Set(flights.map((entry) => `${entry.flight} ${entry.date}`));
  return rows
    .filter((row) => row.designator !== null && wanted.has(`${row.flight} ${row.departure_date}`))
    .map((row) => ({
      flight: row.flight,
      date: row.departure_date,
      designator: row.designator!,
      withInfant: row.with_infant,
      bookingId: row.booking_id,
    }));
}

/** The `ChosenSeats` source of the sandbox's seat maps: this database's held and issued seats. */
export const createChosenSeatsRepo = (db: Kysely<Database>): ChosenSeats => ({
  chosenSeats: (flights) => chosenSeatsOn(db, flights),
});

/** A booking's services in the order a reader expects: by flight, then passenger, seats first. */
export const servicesOf = (db: Db, bookingId: string): Promise<ServiceRow[]> =>
  db
    .selectFrom('booking_services')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('segment_index')
    .orderBy('passenger_index')
    .orderBy('type', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Holds services with a booking made in the same transaction. */
export async function insertHeldServices(
  trx: Transaction<Database>,
  input: { bookingId: string; companyId: string; at: Date; services: readonly NewService[] },
) {
  if (input.services.length === 0) return [];
  return trx
    .insertInto('booking_services')
    .values(
      input.services.map((service) => ({
        ...service,
        booking_id: input.bookingId,
        company_id: input.companyId,
        status: 'held' as const,
        created_at: input.at,
      })),
    )
    .returningAll()
    .execute();
}

/** The held services of a locked booking, to be paid with its tickets. */
export const heldServicesOf = (trx: Transaction<Database>, bookingId: string) =>
  trx
    .selectFrom('booking_services')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'held')
    .orderBy('segment_index')
    .orderBy('passenger_index')
    .orderBy('type', 'desc')
    .orderBy('id')
    .execute();

const MAX_DRAWS = 10;

/**
 * Marks held services issued; each paid one (amount above 0) gets its own EMD number, drawn as a
 * ticket number is (the carrier's accounting code and a serial), again when one is taken.
 */
export async function issueHeldServices(
  trx: Transaction<Database>,
  input: { services: readonly ServiceRow[]; at: Date; emdNumber: () => string },
): Promise<ServiceRow[]> {
  const issued: ServiceRow[] = [];
  for (const service of input.services) {
    let row: ServiceRow | undefined;
    if (service.amount_minor === 0) {
      row = await trx
        .updateTable('booking_services')
        .set({ status: 'issued', issued_at: input.at })
        .where('id', '=', service.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    for (let draw = 0; draw < MAX_DRAWS && !row; draw++) {
      const number = input.emdNumber();
      // An EMD number another document holds is drawn again (the unique key decides).
      const clash = await trx
        .selectFrom('booking_services')
        .select('id')
        .where('emd_number', '=', number)
        .executeTakeFirst();
      const ticket = await trx
        .selectFrom('tickets')
        .select('ticket_number')
        .where('ticket_number', '=', number)
        .executeTakeFirst();
      if (clash || ticket) continue;
      row = await trx
        .updateTable('booking_services')
        .set({ status: 'issued', issued_at: input.at, emd_number: number })
        .where('id', '=', service.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    if (!row) throw new Error(`No free EMD number in ${MAX_DRAWS} draws`);
    issued.push(row);
  }
  return issued;
}

/**
 * Releases a booking's live services (a hold cancelled or expired, tickets voided or refunded):
 * their seats are free again for everyone. Answers what was released.
 */
export const releaseServices = (trx: Transaction<Database>, bookingId: string, at: Date) =>
  trx
    .updateTable('booking_services')
    .set({ status: 'released', released_at: at })
    .where('booking_id', '=', bookingId)
    .where('status', 'in', LIVE)
    .returningAll()
    .execute();

/** Releases the live services of the passengers holding these tickets (a partial refund). */
export async function releaseTicketServices(
  trx: Transaction<Database>,
  bookingId: string,
  ticketNumbers: readonly string[],
  at: Date,
) {
  if (ticketNumbers.length === 0) return [];
  const positions = await trx
    .selectFrom('tickets')
    .innerJoin('booking_passengers', 'booking_passengers.id', 'tickets.passenger_id')
    .select('booking_passengers.position')
    .where('tickets.booking_id', '=', bookingId)
    .where('tickets.ticket_number', 'in', ticketNumbers)
    .execute();
  if (positions.length === 0) return [];
  return trx
    .updateTable('booking_services')
    .set({ status: 'released', released_at: at })
    .where('booking_id', '=', bookingId)
    .where('status', 'in', LIVE)
    .where(
      'passenger_index',
      'in',
      positions.map((row) => row.position),
    )
    .returningAll()
    .execute();
}

/** What a booking's issued services were paid, in minor units (a void returns it with the fare). */
export async function issuedServicesMinor(trx: Db, bookingId: string): Promise<number> {
  const row = await trx
    .selectFrom('booking_services')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('total'))
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'issued')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
