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

/** setTimeout's longest wait; a moment further off is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The next moment at which what the agent may do with the booking changes on the server's clock
 * (its hold's deadline, its void window's end), or null when none is ahead.
 */
export function nextActionChange(booking: BookingDetails, now: number): number | null {
  const moments = [booking.status === 'booked' ? booking.ticketing_deadline : null, booking.void_until]
    .filter((moment): moment is string => moment !== null)
    .map((moment) => Date.parse(moment))
    .filter((moment) => moment > now);
  return moments.length ? Math.min(...moments) : null;
}

/**
 * One booking with its history (docs/api.md `GET /api/booking/{id}`). Asked again whenever a write
 * changed it (its 'Booking' tag), the booking shown meanwhile, and once its void window or hold
 * ends, so a page left open offers the refund (not the void) the moment the server would.
 */
export function useBookingDetails(id: string | null): BookingDetailsState {
  // Issue 29: while the airline has not answered a step of the booking, it is asked again often.
  const [waiting, setWaiting] = useState(false);
  const query = bookingsApi.useBookingDetailsQuery(id ? { params: { id } } : skipToken, {
    pollingInterval: waiting ? WAITING_POLL_MS : 0,
  });
  const nowWaiting = query.currentData?.supplier ? waitingForSupplier(query.currentData.supplier) : false;
  useEffect(() => setWaiting(nowWaiting), [nowWaiting]);
  const { currentData: booking, refetch } = query;
  useEffect(() => {
    const at = booking ? nextActionChange(booking, Date.now()) : null;
    if (at === null) return;
    // A second past the moment, so the server's clock has passed it too.
    const timer = setTimeout(() => refetch(), Math.min(at - Date.now() + 1000, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [booking, refetch]);
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
