import { analyticsEndpoints, type Booking, bookingEndpoints, paymentEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractQuery } from '../../shared/http/contract-endpoints';

/**
 * What the dashboard's home reads: the credits, the bookings lists (holds by deadline, departures
 * of the agency's today and tomorrow, the latest bookings) and the last 30 days' figures. Quiet on
 * failure, as the home's news cards (entities/notices): each block says so in its place with a way
 * to ask again, rather than greeting a sign-in with a toast per block. They provide the tags the
 * writes invalidate (a ticket issued here or elsewhere refreshes the credits and the lists).
 */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    homeCredits: contractQuery(build, paymentEndpoints.credits, {
      providesTags: ['Credits'],
      suppressErrors: true,
    }),
    homeBookings: contractQuery(build, bookingEndpoints.list, {
      providesTags: ['Bookings'],
      suppressErrors: true,
      // docs/product-spec.md §5: a single booking answered on its own is read as a list of one.
      transformResponse: (answer: Booking[] | Booking) => (Array.isArray(answer) ? answer : [answer]),
    }),
    homeKpis: contractQuery(build, analyticsEndpoints.companyKpi, { suppressErrors: true }),
  }),
});
