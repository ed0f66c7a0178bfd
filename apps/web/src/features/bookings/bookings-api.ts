import { type Booking, bookingEndpoints } from '@skydesk/contract';
import { type ApiTag, api } from '../../shared/http/api';
import type { ApiFailure } from '../../shared/http/api-error';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * What a write that moved money or changed a booking makes stale: the booking itself, the lists,
 * the orders and the balance, wherever a screen shows them. A failed write changed nothing.
 */
const changedBy = (booking: Booking | undefined) =>
  booking
    ? [
        { type: 'Booking' as const, id: booking.id },
        'Bookings' as const,
        'Orders' as const,
        'Credits' as const,
        'Statement' as const,
      ]
    : [];

/** API.md: 402 'Insufficient credits' — the credits moved since they were read. */
const balanceMoved = (error: ApiFailure | undefined): ApiTag[] =>
  error?.status === 402 ? ['Credits', 'Statement'] : [];

export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    savedTravellers: contractQuery(build, bookingEndpoints.travellers),
    createBooking: contractMutation(build, bookingEndpoints.create, {
      invalidatesTags: (booking) => (booking ? ['Bookings'] : []),
    }),
    bookingByPnr: contractQuery(build, bookingEndpoints.byPnr),
    issueBooking: contractMutation(build, bookingEndpoints.issue, {
      invalidatesTags: (booking, error) => [
        ...changedBy(booking),
        ...balanceMoved(error as ApiFailure | undefined),
      ],
    }),
    /** spec §5: a single booking answered on its own is read as a list of one. */
    companyBookings: contractQuery(build, bookingEndpoints.list, {
      transformResponse: (answer: Booking[] | Booking) => (Array.isArray(answer) ? answer : [answer]),
      providesTags: ['Bookings'],
    }),
    bookingDetails: contractQuery(build, bookingEndpoints.details, {
      providesTags: (_booking, _error, { params }) => [{ type: 'Booking', id: params.id }],
    }),
    ticketPdf: contractFile(build, bookingEndpoints.ticketPdf),
    penalty: contractQuery(build, bookingEndpoints.penalty),
    cancelBooking: contractMutation(build, bookingEndpoints.cancel, {
      invalidatesTags: (booking) => changedBy(booking),
    }),
    refundBooking: contractMutation(build, bookingEndpoints.refund, {
      invalidatesTags: (booking) => changedBy(booking),
    }),
    orders: contractQuery(build, bookingEndpoints.orders, { providesTags: ['Orders'] }),
  }),
});
