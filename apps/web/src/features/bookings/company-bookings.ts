import { type Booking, type BookingListQuery, bookingEndpoints } from '@skydesk/contract';
import { apiRequest } from '../../shared/http/api-request';

/**
 * The agency's bookings (API.md `GET /api/booking/company/{id}`, newest first). spec §5: a single
 * booking answered on its own is read as a list of one.
 */
export async function fetchCompanyBookings(
  companyId: string,
  query: BookingListQuery,
  signal?: AbortSignal,
): Promise<Booking[]> {
  const answer: Booking[] | Booking = await apiRequest(bookingEndpoints.list, {
    params: { id: companyId },
    query,
    signal,
  });
  return Array.isArray(answer) ? answer : [answer];
}
