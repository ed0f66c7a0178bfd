import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  Database,
  InvoiceLinesTable,
  InvoicesTable,
  StoredInvoiceParty,
} from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;

/**
 * The next number of the agency's sequence for the calendar year `at` falls in, in the agency's
 * time zone. The counter row is inserted or bumped in the caller's transaction: its row lock makes
 * a concurrent issue (on this process or another) wait until this one commits or rolls back, so
 * the numbers follow each other with no gap and no duplicate.
 */
export async function takeInvoiceNumber(
  trx: Transaction<Database>,
  companyId: string,
  at: Date,
): Promise<{ year: number; sequence: number }> {
  const { rows } = await sql<{ year: number; last_number: number }>`
    insert into invoice_counters (company_id, year, last_number)
    values (
      ${companyId},
      (select extract(year from ${at.toISOString()}::timestamptz at time zone z.time_zone)::int
         from company_time_zones z where z.company_id = ${companyId}),
      1
    )
    on conflict (company_id, year) do update set last_number = invoice_counters.last_number + 1
    returning year, last_number`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error(`No invoice number for company ${companyId}`);
  return { year: Number(row.year), sequence: Number(row.last_number) };
}

export type NewInvoice = {
  companyId: string;
  bookingId: string;
  number: string;
  kind: InvoicesTable['kind'];
  againstId: string | null;
  reason: InvoicesTable['reason'];
  issuedAt: Date;
  issuedBy: string;
  client: StoredInvoiceParty;
  agency: StoredInvoiceParty;
  subtotalMinor: number;
  taxMinor: number;
  taxName: string | null;
  taxRate: number | null;
  taxBaseMinor: number;
  totalMinor: number;
  netMinor: number;
  marginMinor: number;
  currency: string;
};

export type NewInvoiceLine = Omit<InvoiceLineRow, 'invoice_id' | 'position'>;

export async function insertInvoice(
  trx: Transaction<Database>,
  invoice: NewInvoice,
  lines: readonly NewInvoiceLine[],
): Promise<InvoiceRow> {
  const row = await trx
    .insertInto('invoices')
    .values({
      company_id: invoice.companyId,
      booking_id: invoice.bookingId,
      number: invoice.number,
      kind: invoice.kind,
      against_id: invoice.againstId,
      reason: invoice.reason,
      issued_at: invoice.issuedAt,
      issued_by: invoice.issuedBy,
      client: JSON.stringify(invoice.client),
      agency: JSON.stringify(invoice.agency),
      subtotal_minor: invoice.subtotalMinor,
      tax_minor: invoice.taxMinor,
      tax_name: invoice.taxName,
      tax_rate: invoice.taxRate,
      tax_base_minor: invoice.taxBaseMinor,
      grand_total_minor: invoice.totalMinor,
      net_minor: invoice.netMinor,
      margin_minor: invoice.marginMinor,
      currency: invoice.currency,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await trx
      .insertInto('invoice_lines')
      .values(lines.map((line, index) => ({ ...line, invoice_id: row.id, position: index + 1 })))
      .execute();
  }
  return row;
}

/** What an invoice is made from: the booking as it stands in the caller's transaction. */
export const invoiceBookingOf = (db: Db, companyId: string, bookingId: string) =>
  db
    .selectFrom('bookings')
    .select([
      'id',
      'company_id',
      'pnr',
      'supplier',
      'selling_minor',
      'currency',
      'contact_email',
      'created_by',
      'created_at',
      'issued_at',
      'updated_at',
    ])
    .where('id', '=', bookingId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();

export const invoicePassengersOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('booking_passengers')
    .select([
      'id',
      'position',
      'passenger_type',
      'title',
      'first_name',
      'last_name',
      'fare_minor',
      'taxes_minor',
    ])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();

export const invoiceServicesOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('booking_services')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('created_at')
    .orderBy('passenger_index')
    .orderBy('segment_index')
    .execute();

/**
 * What the agency paid for the booking: its ticket debits (the fare and the seats and bags paid
 * with it, and any paid after), as the ledger holds them — the booking's total after issue.
 */
export async function ticketDebitsOf(db: Db, bookingId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(-sum(amount_minor), 0)`.as('paid'))
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'ticket')
    .executeTakeFirstOrThrow();
  return Number(row.paid);
}

/** The agency's time zone (its own, or its country's), in which its years and days are counted. */
export async function agencyZoneOf(db: Db, companyId: string): Promise<string> {
  const { rows } = await sql<{ time_zone: string | null }>`
    select (select z.time_zone from company_time_zones z where z.company_id = ${companyId}) as time_zone`.execute(
    db,
  );
  return rows[0]?.time_zone ?? 'UTC';
}

/** The booking's service fees of one event (written by the selling side: booking_fees). */
export const eventFeesOf = (db: Db, bookingId: string, event: 'issue' | 'change' | 'refund') =>
  db
    .selectFrom('booking_fees')
    .select(['id', 'name', 'amount_minor', 'currency'])
    .where('booking_id', '=', bookingId)
    .where('event', '=', event)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The live (or last) ticket of each passenger: what it paid and what came back. */
export const passengerTicketsOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('tickets')
    .select(['ticket_number', 'passenger_id', 'status', 'paid_minor', 'refunded_minor'])
    .where('booking_id', '=', bookingId)
    .where('status', '<>', 'exchanged')
    .execute();

export const agencyPartyOf = (db: Db, companyId: string) =>
  db
    .selectFrom('companies')
    .select(['name', 'address', 'city', 'country', 'phone', 'email', 'iata_number'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

/** The booking's client invoice (the first one issued), the document adjustments are against. */
export const bookingInvoiceOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'invoice')
    .orderBy('issued_at')
    .orderBy('number')
    .executeTakeFirst();

/** Every line of the booking's documents: what was billed or credited for what. */
export const bookingLinesOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('invoice_lines as l')
    .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
    .select(['l.invoice_id', 'l.position', 'l.kind', 'l.description', 'l.quantity'])
    .select(['l.unit_amount_minor', 'l.amount_minor', 'l.source_id', 'i.kind as document_kind'])
    .where('i.booking_id', '=', bookingId)
    .orderBy('i.issued_at')
    .orderBy('l.position')
    .execute();

export const linesOf = (db: Db, invoiceIds: readonly string[]) =>
  invoiceIds.length === 0
    ? Promise.resolve([] as InvoiceLineRow[])
    : db
        .selectFrom('invoice_lines')
        .selectAll()
        .where('invoice_id', 'in', invoiceIds)
        .orderBy('invoice_id')
        .orderBy('position')
        .execute();

/** The newest change of the booking (the one the caller's transaction just made). */
export const latestChangeOf = (db: Db, bookingId: string) =>
  db
    .selectFrom('booking_changes')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** An invoice with what its answer names beside it: its booking's PNR, its issuer, what it is against. */
export type InvoiceRecord = InvoiceRow & {
  pnr: string;
  issued_by_name: string;
  against_number: string | null;
};

export type InvoiceFilter = {
  companyId: string;
  timeZone: string;
  kind?: InvoiceRow['kind'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(db: Db, filter: InvoiceFilter) {
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .where('i.company_id', '=', filter.companyId);
  if (filter.kind) query = query.where('i.kind', '=', filter.kind);
  // Issue days in the agency's time zone, inclusive.
  if (filter.from) {
    query = query.where(
      sql<boolean>`(i.issued_at at time zone ${filter.timeZone})::date >= ${filter.from}::date`,
    );
  }
  if (filter.to) {
    query = query.where(
      sql<boolean>`(i.issued_at at time zone ${filter.timeZone})::date <= ${filter.to}::date`,
    );
  }
  if (filter.q) {
    const pattern = likePattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb('i.number', 'ilike', pattern),
        eb('b.pnr', 'ilike', pattern),
        eb(sql<string>`i.client ->> 'name'`, 'ilike', pattern),
      ]),
    );
  }
  return query;
}

const recordColumns = (db: Db, filter: InvoiceFilter) =>
  matching(db, filter)
    .leftJoin('users as u', 'u.id', 'i.issued_by')
    .leftJoin('invoices as a', 'a.id', 'i.against_id')
    .selectAll('i')
    .select(['b.pnr', 'a.number as against_number'])
    .select(sql<string>`coalesce(u.name, 'A former colleague')`.as('issued_by_name'))
    .orderBy('i.issued_at', 'desc')
    .orderBy('i.number', 'desc');

export async function countInvoices(db: Db, filter: InvoiceFilter) {
  const row = await matching(db, filter)
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(i.grand_total_minor), 0)`.as('billed'),
      sql<string>`coalesce(sum(i.net_minor), 0)`.as('net'),
      sql<string>`coalesce(sum(i.margin_minor), 0)`.as('margin'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    billedMinor: Number(row.billed),
    netMinor: Number(row.net),
    marginMinor: Number(row.margin),
  };
}

export const invoicePage = (db: Db, filter: InvoiceFilter, page: number, limit: number) =>
  recordColumns(db, filter)
    .limit(limit)
    .offset(page * limit)
    .execute() as Promise<InvoiceRecord[]>;

/**
 * Every match, newest first, a batch at a time (the CSV export): each batch starts after the last
 * row of the one before (keyset), so documents issued meanwhile neither repeat nor push rows out.
 */
export async function* invoiceBatches(
  db: Db,
  filter: InvoiceFilter,
  size = 500,
): AsyncGenerator<InvoiceRecord[]> {
  let after: { issuedAt: Date; number: string } | null = null;
  for (;;) {
    let query = recordColumns(db, filter);
    if (after) {
      const { issuedAt, number } = after;
      query = query.where(sql<boolean>`(i.issued_at, i.number) < (${issuedAt}, ${number})`);
    }
    const rows = (await query.limit(size).execute()) as InvoiceRecord[];
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { issuedAt: last.issued_at, number: last.number };
  }
}

/** One of the agency's documents, or undefined (another agency's reads as missing). */
export const findInvoice = async (db: Db, companyId: string, id: string) =>
  (await recordColumns(db, { companyId, timeZone: 'UTC' }).where('i.id', '=', id).executeTakeFirst()) as
    | InvoiceRecord
    | undefined;

/** A user's name (who sent a document), or undefined for a user since deleted. */
export const userNameOf = async (db: Db, userId: string): Promise<string | undefined> =>
  (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name;

/** A booking's client documents, oldest first: its invoice and what was issued against it. */
export const documentsOfBooking = (db: Db, companyId: string, bookingId: string) =>
  db
    .selectFrom('invoices')
    .select(['id', 'number', 'kind', 'grand_total_minor', 'currency'])
    .where('company_id', '=', companyId)
    .where('booking_id', '=', bookingId)
    .orderBy('issued_at')
    .orderBy('number')
    .execute();
