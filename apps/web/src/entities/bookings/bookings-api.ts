import { type Booking, bookingEndpoints } from '@skydesk/contract';
import { type ApiTag, api } from '../../shared/http/api';
import type { ApiFailure } from '../../shared/http/api-error';
import { contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * What a write that moved money or changed a booking makes stale: the booking itself, the lists,
 * the orders and the balance, wherever a screen shows them. A failed write changed nothing.
 */
export const changedBy = (booking: Booking | undefined) =>
  booking
    ? [
        { type: 'Booking' as const, id: booking.id },
        'Bookings' as const,
        'Orders' as const,
        'Credits' as const,
        'Statement' as const,
      ]
    : [];

/** docs/api.md: 402 'Insufficient credits' — the credits moved since they were read. */
const balanceMoved = (error: ApiFailure | undefined): ApiTag[] =>
  error?.status === 402 ? ['Credits', 'Statement'] : [];

/**
 * The agency's bookings list and the issue call, which the bookings screens and the dashboard's
 * home both use (the home's holds, departures and recent bookings, and its one-click issue): one
 * definition each, so a ticket issued on either screen refreshes the lists and balance of both.
 * features/bookings adds its other endpoints on top of these.
 */
export const sharedBookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    issueBooking: contractMutation(build, bookingEndpoints.issue, {
      invalidatesTags: (booking, error) => [
        ...changedBy(booking),
        ...balanceMoved(error as ApiFailure | undefined),
      ],
    }),
    /** docs/product-spec.md §5: a single booking answered on its own is read as a list of one. */
    companyBookings: contractQuery(build, bookingEndpoints.list, {
      transformResponse: (answer: Booking[] | Booking) => (Array.isArray(answer) ? answer : [answer]),
      providesTags: ['Bookings'],
    }),
  }),
});
