import { skipToken } from '@reduxjs/toolkit/query';
import type { BookingDetails } from '@skydesk/contract';
import { isApiFailure } from '../../shared/http/api-error';
import { bookingsApi } from './bookings-api';

export type BookingDetailsState =
  | { status: 'loading'; booking: null }
  | { status: 'done'; booking: BookingDetails }
  | { status: 'missing' | 'failed' | 'forbidden'; booking: null };

/**
 * One booking with its history (docs/api.md `GET /api/booking/{id}`). Asked again whenever a write
 * changed it (its 'Booking' tag), the booking shown meanwhile.
 */
export function useBookingDetails(id: string | null): BookingDetailsState {
  const query = bookingsApi.useBookingDetailsQuery(id ? { params: { id } } : skipToken);
  if (!id) return { status: 'missing', booking: null };
  if (query.isError) {
    // Issue 13: the role does not see bookings (or, limited to its own, not this one's kind).
    if (isApiFailure(query.error) && query.error.status === 403)
      return { status: 'forbidden', booking: null };
    // docs/api.md: another agency's booking answers 404, as a missing one does.
    const missing = isApiFailure(query.error) && (query.error.status === 404 || query.error.status === 422);
    return { status: missing ? 'missing' : 'failed', booking: null };
  }
  if (query.currentData) return { status: 'done', booking: query.currentData };
  return { status: 'loading', booking: null };
}
