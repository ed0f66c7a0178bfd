import { flightEndpoints } from '@skydesk/contract';
import { api } from '../http/api';
import { contractQuery } from '../http/contract-endpoints';

/** The airports and routes (API.md `POST /api/booking-all-active-routes`), shared by flights and bookings. */
export const airportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Asked once per app start and kept until logout; its errors are suppressed (spec §7).
    activeRoutes: contractQuery(build, flightEndpoints.activeRoutes, { keepUnusedDataFor: Infinity }),
  }),
});
