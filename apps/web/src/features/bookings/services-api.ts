import { serviceEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * Extra bags and seats beyond the fare (issue 31): what is on sale with an offer before booking,
 * what a booking has and may still add, and adding it after issue (charged at once).
 */
export const servicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    offerServices: contractQuery(build, serviceEndpoints.offerServices),
    bookingServices: contractQuery(build, serviceEndpoints.bookingServices, {
      providesTags: (_answer, _error, { params }) => [{ type: 'Booking', id: params.id }],
    }),
    // Its refusals (409 seat taken, 402 credits) are shown in the dialog, not toasted.
    addServices: contractMutation(build, serviceEndpoints.addServices, {
      suppressErrors: true,
      invalidatesTags: (answer, _error, { params }) =>
        answer ? [{ type: 'Booking', id: params.id }, 'Bookings', 'Orders', 'Credits', 'Statement'] : [],
    }),
  }),
});

export const { useOfferServicesQuery, useBookingServicesQuery } = servicesApi;
