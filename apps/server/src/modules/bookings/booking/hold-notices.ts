import { durationText } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { notify } from '../../notices/index.js';
import { agencyTimeZone } from './agency-zone-repo.js';
import { utcMinute } from './presenter.js';
import { activeUser, type HeldBooking, lockHoldsToWarn, markExpiryWarned } from './repo.js';

/**
 * What the agency is told of its holds (issue 14): one "expires in 2 hours" before the ticketing
 * deadline, and that it expired. Both go to the user who made the hold — theirs to ticket, and
 * they may open it whatever their bookings scope — or, once that user can no longer sign in, to
 * the whole agency, so a colleague can still act.
 */

/** How long before its deadline a hold is warned of (issue 14). */
export const HOLD_WARNING_MS = 2 * 60 * 60_000;
/** Holds warned per transaction; a sweep goes on while there are more. */
const WARN_BATCH = 100;

export const bookingLink = (bookingId: string) =>
  `/dashboard/booking-details?${new URLSearchParams({ id: bookingId })}`;

async function holdAudience(trx: Transaction<Database>, hold: HeldBooking): Promise<string | null> {
  return (await activeUser(trx, hold.created_by))?.id ?? null;
}

/** In the transaction that expires the hold (hold-expiry.ts). */
export async function tellHoldExpired(trx: Transaction<Database>, hold: HeldBooking, now: Date) {
  await notify(trx, {
    companyId: hold.company_id,
    userId: await holdAudience(trx, hold),
    kind: 'hold_expired',
    title: `Hold on booking ${hold.pnr} expired`,
    body: `Booking ${hold.pnr} was not ticketed by its ticketing deadline, ${utcMinute(hold.ticketing_deadline, await agencyTimeZone(trx, hold.company_id))}, so its seats were released. Search again to book the trip.`,
    link: bookingLink(hold.id),
    bookingId: hold.id,
    at: now,
  });
}

/**
 * Warns of every live hold whose deadline is at most 2 hours away, once each (expiry_warned_at,
 * set in the warning's transaction); answers how many it warned of.
 */
export async function warnExpiringHolds(db: Kysely<Database>, now: Date): Promise<number> {
  let warned = 0;
  for (;;) {
    const count = await db.transaction().execute(async (trx) => {
      const holds = await lockHoldsToWarn(trx, {
        now,
        until: new Date(now.getTime() + HOLD_WARNING_MS),
        limit: WARN_BATCH,
      });
      for (const hold of holds) {
        const minutes = Math.max(1, Math.round((hold.ticketing_deadline.getTime() - now.getTime()) / 60_000));
        const left = durationText(minutes);
        await notify(trx, {
          companyId: hold.company_id,
          userId: await holdAudience(trx, hold),
          kind: 'hold_expiring',
          title: `Hold on booking ${hold.pnr} expires in ${left}`,
          body: `Booking ${hold.pnr} is held until ${utcMinute(hold.ticketing_deadline, await agencyTimeZone(trx, hold.company_id))}. Issue its tickets before then, or the seats are released.`,
          link: bookingLink(hold.id),
          bookingId: hold.id,
          at: now,
        });
      }
      await markExpiryWarned(
        trx,
        holds.map((hold) => hold.id),
        now,
      );
      return holds.length;
    });
    warned += count;
    if (count < WARN_BATCH) return warned;
  }
}
