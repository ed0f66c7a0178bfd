import { skipToken } from '@reduxjs/toolkit/query';
import { type BookingDetails, waitingForSupplier } from '@skydesk/contract';
import { useEffect, useState } from 'react';
import { isApiFailure } from '../../shared/http/api-error';
import { bookingsApi } from './bookings-api';

/** How often a booking waiting for the airline is asked again (its saga settles in seconds). */
export const WAITING_POLL_MS = 3000;

export type BookingDetailsState =
  | { status: 'loading'; booking: null }
  | { status: 'done'; booking: BookingDetails }
  | { status: 'missing' | 'failed' | 'forbidden'; booking: null };

/**
 * One booking with its history (docs/api.md `GET /api/booking/{id}`). Asked again whenever a write
 * changed it (its 'Booking' tag), the booking shown meanwhile.
 */
export function useBookingDetails(id: string | null): BookingDetailsState {
  // Issue 29: while the airline has not answered a step of the booking, it is asked again often.
  const [waiting, setWaiting] = useState(false);
  const query = bookingsApi.useBookingDetailsQuery(id ? { params: { id } } : skipToken, {
    pollingInterval: waiting ? WAITING_POLL_MS : 0,
  });
  const nowWaiting = query.currentData?.supplier ? waitingForSupplier(query.currentData.supplier) : false;
  useEffect(() => setWaiting(nowWaiting), [nowWaiting]);
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
