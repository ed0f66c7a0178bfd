import { randomBytes } from 'node:crypto';
import type { BookingStatus, LedgerKind } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';

/**
 * An agency's history written straight into the source tables at chosen instants — bookings with
 * passengers and tickets, their events, ledger entries, searches — as a bulk load would, with the
 * analytics triggers on: the figures' tests choose every instant (the app's calls take the ledger's
 * and the search history's time from the database and the wall clock, not from the test clock).
 * The rows are as the app writes them, only as many columns as the figures read are meaningful.
 */

type Db = Kysely<Database>;

export type HistoryBooking = {
  companyId: string;
  createdBy: string;
  /** 'LHR-JFK': the first leg's origin and destination. */
  route: string;
  carrier: string;
  passengers: number;
  bookedAt: string;
  /** The status it is left in; events are added by the calls below. */
  status: BookingStatus;
  ticketingDeadline?: string;
};

/** A minimal itinerary: what the generated columns (route, first departure date) read. */
function itineraryFor(route: string, carrier: string) {
  const [origin, destination] = route.split('-');
  return {
    ValidatingCarrier: carrier,
    AirItinerary: {
      DirectionInd: 'OneWay',
      OriginDestinationOptions: {
        OriginDestinationOption: [
          {
            ElapsedTime: 420,
            FlightSegment: [
              {
                DepartureAirport: { LocationCode: origin, Terminal: null },
                ArrivalAirport: { LocationCode: destination, Terminal: null },
                DepartureDateTime: '2026-12-20T09:35:00',
                ArrivalDateTime: '2026-12-20T12:35:00',
              },
            ],
          },
        ],
      },
    },
  };
}

const newPnr = () => randomBytes(4).toString('hex').slice(0, 6).toUpperCase();

/** A booking with its passengers, and the `booked` event at `bookedAt`. */
export async function addBooking(db: Db, booking: HistoryBooking): Promise<string> {
  const row = await db
    .insertInto('bookings')
    .values({
      company_id: booking.companyId,
      pnr: newPnr(),
      status: booking.status,
      trip_type: 'OneWay',
      cabin: 'Economy',
      validating_carrier: booking.carrier,
      itinerary: JSON.stringify(itineraryFor(booking.route, booking.carrier)),
      total_minor: 10_000,
      currency: 'USD',
      contact_email: 'desk@agency.test',
      contact_phone: '+971 4 555 0100',
      ticketing_deadline: new Date(booking.ticketingDeadline ?? booking.bookedAt),
      first_departure_at: new Date('2026-12-20T09:35:00Z'),
      last_departure_date: '2026-12-20',
      created_by: booking.createdBy,
      created_at: booking.bookedAt,
      updated_at: booking.bookedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('booking_passengers')
    .values(
      Array.from({ length: booking.passengers }, (_, position) => ({
        booking_id: row.id,
        position,
        passenger_type: 'adult' as const,
        title: 'MRS' as const,
        first_name: 'AMIRA',
        last_name: 'HADDAD',
        gender: 'F' as const,
        date_of_birth: '1990-01-01',
        nationality: 'GB',
        passport_number: `P${randomBytes(4).toString('hex')}`,
        passport_expiry: '2032-01-01',
        fare_minor: 8_000,
        taxes_minor: 2_000,
      })),
    )
    .execute();
  await addEvent(db, row.id, 'booked', booking.bookedAt);
  return row.id;
}

/** One line of a booking's history at `at` (statuses as the action leaves them). */
export async function addEvent(db: Db, bookingId: string, action: string, at: string) {
  await db
    .insertInto('booking_events')
    .values({ booking_id: bookingId, action, from_status: null, to_status: 'booked', created_at: at })
    .execute();
}

/** Tickets for every passenger, then the `ticketed` event at `at`. */
export async function addTicketing(db: Db, bookingId: string, at: string) {
  const passengers = await db
    .selectFrom('booking_passengers')
    .select('id')
    .where('booking_id', '=', bookingId)
    .execute();
  await db
    .insertInto('tickets')
    .values(
      passengers.map((passenger) => ({
        ticket_number: `125${randomBytes(5).readUIntBE(0, 5).toString().padStart(10, '0').slice(0, 10)}`,
        booking_id: bookingId,
        passenger_id: passenger.id,
        status: 'issued' as const,
        paid_minor: 10_000,
        issued_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await addEvent(db, bookingId, 'ticketed', at);
}

/** A ledger line of the company, numbered after its last (the balance row is left alone). */
export async function addLedgerEntry(
  db: Db,
  entry: { companyId: string; kind: LedgerKind; amountMinor: number; at: string; bookingId?: string },
) {
  const last = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('company_id', '=', entry.companyId)
    .executeTakeFirst();
  await db
    .insertInto('ledger_entries')
    .values({
      company_id: entry.companyId,
      kind: entry.kind,
      amount_minor: entry.amountMinor,
      balance_after_minor: 0,
      credits_after_minor: 0,
      currency: 'USD',
      booking_id: entry.bookingId ?? null,
      seq: Number(last?.seq ?? 0) + 1,
      created_at: entry.at,
    })
    .execute();
}

/** `count` searches by the user at `at`, as one batch of the history writer. */
export async function addSearches(
  db: Db,
  search: { companyId: string; userId: string; at: string; count: number },
) {
  await db
    .insertInto('search_history')
    .values(
      Array.from({ length: search.count }, () => ({
        company_id: search.companyId,
        user_id: search.userId,
        trip_type: 'OneWay' as const,
        origin_destinations: JSON.stringify([
          {
            departure_date_time: '2026-12-20',
            origin_location_code: 'LHR',
            destination_location_code: 'JFK',
          },
        ]),
        adult_quantity: 1,
        child_quantity: 0,
        infant_quantity: 0,
        cabin: 'Economy' as const,
        result_count: 12,
        created_at: search.at,
      })),
    )
    .execute();
}

/**
 * A client invoice or credit note of a booking (issue 33) at `at`: only the amounts the margin
 * figures read are meaningful — sales before tax (`subtotalMinor`) and what the agency paid
 * (`netMinor`), both negative on a credit note.
 */
export async function addInvoice(
  db: Db,
  invoice: {
    companyId: string;
    bookingId: string;
    issuedBy: string;
    at: string;
    subtotalMinor: number;
    netMinor: number;
    against?: string;
  },
): Promise<string> {
  const kind = invoice.against ? 'credit_note' : 'invoice';
  const row = await db
    .insertInto('invoices')
    .values({
      company_id: invoice.companyId,
      booking_id: invoice.bookingId,
      number: `T-${randomBytes(6).toString('hex')}`,
      kind,
      against_id: invoice.against ?? null,
      reason: invoice.against ? 'refund' : null,
      issued_at: new Date(invoice.at),
      issued_by: invoice.issuedBy,
      client: JSON.stringify({ name: 'A client', email: null, address: null, tax_id: null }),
      agency: JSON.stringify({ name: 'The agency', email: null, address: null, tax_id: null }),
      subtotal_minor: invoice.subtotalMinor,
      tax_minor: 0,
      tax_base_minor: 0,
      grand_total_minor: invoice.subtotalMinor,
      net_minor: invoice.netMinor,
      margin_minor: invoice.subtotalMinor - invoice.netMinor,
      currency: 'USD',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
