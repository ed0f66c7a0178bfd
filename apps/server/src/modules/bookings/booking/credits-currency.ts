import { AppError } from '@skydesk/contract';

/**
 * A debit is posted in the agency's credits currency; for a booking priced in another it would move
 * the wrong money, so the transaction that posted it is refused and rolls back with it. Every debit
 * for a booking (issuing, seats and bags after issue, a remote order and the bags added to it)
 * checks it here, after the posting, inside its transaction.
 */
export function refuseOtherCurrency(
  booking: { pnr: string; currency: string },
  credits: { currency: string },
): void {
  if (credits.currency === booking.currency) return;
  throw new AppError(
    'conflict',
    `Booking ${booking.pnr} is priced in ${booking.currency}; the agency's credits are in ${credits.currency}`,
  );
}
