import type { QuoteStatus } from '@skydesk/contract';
import { AppError } from '@skydesk/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, QuoteOptionsTable, QuotesTable } from '../../platform/db/schema.js';
import { statusIs } from './status.js';

/**
 * The SQL of client quotes (issue 33, migration 0028): quotes, their options, and the mark an
 * option gets when it is booked. A quote's status is derived from its dates (status.ts).
 */

type Db = Kysely<Database> | Transaction<Database>;

export type QuoteRow = Selectable<QuotesTable>;
export type QuoteOptionRow = Selectable<QuoteOptionsTable>;

export const QUOTE_OPTION_MESSAGES = {
  notFound: 'Quote option not found',
  withdrawn: 'This quote was withdrawn',
  expired: 'This quote has expired',
} as const;

/**
 * Marks a quote's option booked by `bookingId`, inside the booking's own transaction (create-booking
 * calls it when `quote_option_id` is given). Another agency's option is a 404 exactly like an
 * unknown one; a withdrawn or expired quote is a 409 and the caller's transaction rolls back, so no
 * booking is made from it. `at` is the caller's clock (the app's, which tests move); it defaults to
 * the wall clock. An option booked again (its first hold expired) names the latest booking.
 */
export async function markQuoteOptionBooked(
  trx: Transaction<Database>,
  input: { companyId: string; optionId: string; bookingId: string; at?: Date },
): Promise<{ quoteId: string; optionId: string }> {
  const at = input.at ?? new Date();
  const option = await trx
    .selectFrom('quote_options as o')
    .innerJoin('quotes as q', 'q.id', 'o.quote_id')
    .select(['o.id', 'o.quote_id', 'q.valid_until', 'q.withdrawn_at'])
    .where('o.id', '=', input.optionId)
    .where('o.company_id', '=', input.companyId)
    .where('q.company_id', '=', input.companyId)
    // The quote's row: a withdraw waits for this booking, or this booking sees the withdraw.
    .forUpdate('q')
    .executeTakeFirst();
  if (!option) throw new AppError('not_found', QUOTE_OPTION_MESSAGES.notFound);
  if (option.withdrawn_at) throw new AppError('conflict', QUOTE_OPTION_MESSAGES.withdrawn);
  if (option.valid_until.getTime() <= at.getTime())
    throw new AppError('conflict', QUOTE_OPTION_MESSAGES.expired);
  await trx
    .updateTable('quote_options')
    .set({ booking_id: input.bookingId, booked_at: at })
    .where('id', '=', option.id)
    .execute();
  await trx
    .updateTable('quotes')
    .set({ booked_at: at })
    .where('id', '=', option.quote_id)
    .where('booked_at', 'is', null)
    .execute();
  return { quoteId: option.quote_id, optionId: option.id };
}

export const findQuote = (db: Db, companyId: string, id: string) =>
  db
    .selectFrom('quotes')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();

export const findQuoteByTokenHash = (db: Db, tokenHash: string) =>
  db.selectFrom('quotes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export const quoteOptions = (db: Db, quoteIds: readonly string[]) =>
  quoteIds.length === 0
    ? Promise.resolve([] as QuoteOptionRow[])
    : db
        .selectFrom('quote_options')
        .selectAll()
        .where('quote_id', 'in', quoteIds)
        .orderBy('quote_id')
        .orderBy('position')
        .execute();

export const findQuoteOption = (db: Db, companyId: string, quoteId: string, optionId: string) =>
  db
    .selectFrom('quote_options')
    .selectAll()
    .where('id', '=', optionId)
    .where('quote_id', '=', quoteId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();

export type NewQuote = {
  companyId: string;
  reference: string;
  clientName: string;
  clientEmail: string | null;
  note: string | null;
  tokenHash: string;
  tokenSealed: string;
  currency: string;
  validUntil: Date;
  createdBy: string;
  at: Date;
};

export type NewQuoteOption = Omit<
  QuoteOptionRow,
  | 'id'
  | 'quote_id'
  | 'company_id'
  | 'booking_id'
  | 'booked_at'
  | 'segments'
  | 'itinerary'
  | 'search'
  | 'passengers'
  | 'includes'
> & {
  segments: unknown[];
  itinerary: unknown;
  search: unknown;
  passengers: unknown;
  includes: unknown;
};

/** Inserts the quote unless its reference is taken in the agency (null: draw another). */
export const insertQuote = (db: Db, quote: NewQuote) =>
  db
    .insertInto('quotes')
    .values({
      company_id: quote.companyId,
      reference: quote.reference,
      client_name: quote.clientName,
      client_email: quote.clientEmail,
      note: quote.note,
      token_hash: quote.tokenHash,
      token_sealed: quote.tokenSealed,
      currency: quote.currency,
      valid_until: quote.validUntil,
      created_by: quote.createdBy,
      created_at: quote.at,
    })
    .onConflict((oc) => oc.columns(['company_id', 'reference']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const insertQuoteOptions = (db: Db, quote: QuoteRow, options: readonly NewQuoteOption[]) =>
  db
    .insertInto('quote_options')
    .values(
      options.map((option) => ({
        ...option,
        quote_id: quote.id,
        company_id: quote.company_id,
        segments: JSON.stringify(option.segments),
        itinerary: JSON.stringify(option.itinerary),
        search: JSON.stringify(option.search),
        passengers: JSON.stringify(option.passengers),
        includes: JSON.stringify(option.includes),
      })),
    )
    .returningAll()
    .execute();

export const creatorsOf = async (db: Db, userIds: readonly (string | null)[]) => {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
};

/** The agency as its quotes present it: its profile's name and contacts. */
export const agencyProfile = (db: Db, companyId: string) =>
  db
    .selectFrom('companies')
    .select(['name', 'email', 'phone', 'address', 'city', 'country'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

export const setQuoteSent = (db: Db, id: string, to: string, at: Date) =>
  db.updateTable('quotes').set({ sent_at: at, sent_to: to }).where('id', '=', id).execute();

export const setQuoteWithdrawn = (db: Db, id: string, at: Date) =>
  db
    .updateTable('quotes')
    .set({ withdrawn_at: at })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .execute();

/** The first opening of the public link; later ones change nothing. */
export const markQuoteViewed = (db: Db, id: string, at: Date) =>
  db
    .updateTable('quotes')
    .set({ viewed_at: at })
    .where('id', '=', id)
    .where('viewed_at', 'is', null)
    .execute();

/** A page of the agency's quotes, newest first, by derived status and by client name or reference. */
export async function listQuotes(
  db: Db,
  companyId: string,
  filter: { status?: QuoteStatus; q?: string; page: number; limit: number; now: Date },
) {
  let base = db.selectFrom('quotes').where('company_id', '=', companyId);
  const { status, q, now } = filter;
  if (status) base = base.where((eb) => statusIs(eb, status, now));
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('client_name', 'ilike', pattern), eb('reference', 'ilike', pattern)]),
    );
  }
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.page * filter.limit)
      .execute(),
  ]);
  return { total: Number(counted.total), rows };
}

export const userName = async (db: Db, userId: string) =>
  (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name ?? null;
