import { flightEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractQuery } from '../../shared/http/contract-endpoints';

/** The airports and routes (docs/api.md `POST /api/booking-all-active-routes`), shared by flights and bookings. */
export const airportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Asked once per app start and kept until logout; its errors are suppressed (docs/product-spec.md §7).
    activeRoutes: contractQuery(build, flightEndpoints.activeRoutes, { keepUnusedDataFor: Infinity }),
  }),
});
