import type { BookingRow } from './repo.js';

/**
 * A booking's `total` (issue 31): what the agency pays for it, on every supplier — the fare and
 * its seats and bags (the contract: totals keep meaning what the agency pays). The one place
 * that figure is made; the booking's answer, its lists, the e-ticket, the e-mails and the screens
 * all read it from here through the presenter (`BookingRecord.totalMinor`).
 *
 * The stored `total_minor` is not it on its own: on the sandbox it is the fare, the services being
 * debited beside it (at issue in the same debit, after issue in their own); on a remote supplier it
 * is the offer as ordered, the services chosen with it folded in (remote/services.ts), because the
 * saga debits, pays and reverses that one amount. So:
 *
 * - a service counts while `held` (paid with the tickets) and once paid (`issued_at` set), whatever
 *   became of it since: a seat changed after issue or a refunded bag was still paid for this
 *   booking (a refund or a void is its own credit line, as for the fare), so after issue the total
 *   is the sum of the booking's `ticket` debits;
 * - one released before it was ever paid (a hold cancelled or expired, an order the airline never
 *   made) does not;
 * - a remote booking's services made with it (same `created_at` as the booking) are inside
 *   `total_minor` already: counted, nothing is added; not counted, they are taken out. Services
 *   added to it later are charged beside it, as the sandbox's are.
 */

/** The service fields the total reads. */
export type TotalService = {
  amount_minor: number | string;
  status: 'held' | 'issued' | 'released' | 'refunded';
  issued_at: Date | null;
  created_at: Date;
};

type TotalBooking = Pick<BookingRow, 'total_minor' | 'supplier' | 'created_at'>;

/** Whether the agency pays for this service with its booking: held to be paid, or paid once. */
export const countsInTotal = (service: Pick<TotalService, 'status' | 'issued_at'>): boolean =>
  service.status === 'held' || service.issued_at !== null;

/** Whether the stored `total_minor` already holds this service's price (a remote offer's, folded). */
const foldedIntoStoredTotal = (booking: TotalBooking, service: Pick<TotalService, 'created_at'>) =>
  booking.supplier !== 'sandbox' && service.created_at.getTime() <= booking.created_at.getTime();

/** What the agency pays for the booking, in minor units: its fare and the services it pays for. */
export function bookingTotalMinor(booking: TotalBooking, services: readonly TotalService[]): number {
  let total = Number(booking.total_minor);
  for (const service of services) {
    const amount = Number(service.amount_minor);
    const counts = countsInTotal(service);
    const folded = foldedIntoStoredTotal(booking, service);
    if (counts && !folded) total += amount;
    if (!counts && folded) total -= amount;
  }
  return total;
}

/** The seats and bags part of that total (the e-ticket's "Seats and bags" line). */
export const servicesTotalMinor = (services: readonly TotalService[]): number =>
  services.reduce((sum, service) => sum + (countsInTotal(service) ? Number(service.amount_minor) : 0), 0);
