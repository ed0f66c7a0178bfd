import { bookingEndpoints, type OrderPage } from '@skydesk/contract';
import { changedBy, sharedBookingsApi } from '../../entities/bookings/bookings-api';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * The bookings screens' calls: the list and the issue call come from entities/bookings (the
 * dashboard's home uses them too), the rest are the bookings screens' own.
 */
export const bookingsApi = sharedBookingsApi.injectEndpoints({
  endpoints: (build) => ({
    savedTravellers: contractQuery(build, bookingEndpoints.travellers),
    createBooking: contractMutation(build, bookingEndpoints.create, {
      invalidatesTags: (booking) => (booking ? ['Bookings'] : []),
    }),
    bookingByPnr: contractQuery(build, bookingEndpoints.byPnr),
    bookingDetails: contractQuery(build, bookingEndpoints.details, {
      providesTags: (_booking, _error, { params }) => [{ type: 'Booking', id: params.id }],
    }),
    ticketPdf: contractFile(build, bookingEndpoints.ticketPdf),
    // Its refusals (409 voided, 429, bad addresses) are shown in the e-mail dialog, not toasted.
    emailTicket: contractMutation(build, bookingEndpoints.ticketEmail, {
      suppressErrors: true,
      invalidatesTags: (answer, _error, { params }) => (answer ? [{ type: 'Booking', id: params.id }] : []),
    }),
    penalty: contractQuery(build, bookingEndpoints.penalty),
    cancelBooking: contractMutation(build, bookingEndpoints.cancel, {
      invalidatesTags: (booking) => changedBy(booking),
    }),
    refundBooking: contractMutation(build, bookingEndpoints.refund, {
      invalidatesTags: (booking) => changedBy(booking),
    }),
    /** One page of the orders with how many match and their totals (issue 30): asked with `view: 'page'`. */
    orders: contractQuery(build, bookingEndpoints.orders, {
      providesTags: ['Orders'],
      transformResponse: (answer): OrderPage => {
        if (Array.isArray(answer)) throw new Error('Expected a page of the orders');
        return answer;
      },
    }),
  }),
});
