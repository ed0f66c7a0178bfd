import { AppError } from '@skydesk/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, QuoteOptionsTable, QuotesTable } from '../../platform/db/schema.js';

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
