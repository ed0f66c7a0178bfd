import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import { type BookingScope, findBookingIdByPnr } from './repo.js';

/**
 * The bookings a user reaches (issue 13): their agency's, or only those they made when their
 * role's bookings scope is 'own' — read live on every call, so a role change applies at once.
 * Others answer 404 and are absent from lists, exactly as another agency's.
 */
export const bookingScopeOf = (principal: CompanyPrincipal): BookingScope => ({
  companyId: principal.companyId,
  createdBy: principal.bookingsScope === 'own' ? principal.userId : null,
});

/** The booking with this PNR the user reaches, or undefined (a support ticket may name one). */
export async function reachableBookingId(
  db: Kysely<Database>,
  principal: CompanyPrincipal,
  pnr: string,
): Promise<string | undefined> {
  return (await findBookingIdByPnr(db, bookingScopeOf(principal), pnr))?.id;
}
