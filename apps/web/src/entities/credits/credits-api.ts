import { paymentEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractQuery } from '../../shared/http/contract-endpoints';

/**
 * The agency's balance, shown by several features (bookings' price summary and details, the
 * payments screens, the dashboard): one query they all share, refreshed by the 'Credits' tag.
 */
export const creditsApi = api.injectEndpoints({
  endpoints: (build) => ({
    credits: contractQuery(build, paymentEndpoints.credits, { providesTags: ['Credits'] }),
  }),
});
