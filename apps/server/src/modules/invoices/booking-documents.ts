import { type BookingDetails, minorToAmount } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { documentsOfBooking } from './repo.js';

/**
 * A booking's client documents for its details (BookingDetails.invoices), oldest first: its
 * invoice and the credit notes and supplementary invoices issued against it.
 */
export async function bookingDocuments(
  db: Kysely<Database> | Transaction<Database>,
  companyId: string,
  bookingId: string,
): Promise<NonNullable<BookingDetails['invoices']>> {
  const rows = await documentsOfBooking(db, companyId, bookingId);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind,
    total: { Amount: minorToAmount(Number(row.grand_total_minor)), CurrencyCode: row.currency },
  }));
}
