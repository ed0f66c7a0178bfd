import { seatMapEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractQuery } from '../../shared/http/contract-endpoints';

/**
 * Seat maps (issue 31): an offer's before booking, a booking's after. Not kept once no screen shows
 * them: seats are taken by other agents all the time, so a map is asked for again when it opens.
 */
export const seatMapsApi = api.injectEndpoints({
  endpoints: (build) => ({
    offerSeatMaps: contractQuery(build, seatMapEndpoints.offerSeatMaps),
    bookingSeatMaps: contractQuery(build, seatMapEndpoints.bookingSeatMaps),
  }),
});

export const { useOfferSeatMapsQuery, useBookingSeatMapsQuery } = seatMapsApi;
