import { analyticsEndpoints, companyEndpoints } from '@skydesk/contract';
import { api } from '../http/api';
import { contractQuery } from '../http/contract-endpoints';

/**
 * The agency's figures (issue 15: `GET /api/company/company-kpi`), shared by the analytics screen
 * and the dashboard home's cards, and the agency's time zone its days are counted in — a range
 * preset's "today" is the agency's today, whatever the browser's clock says.
 */
export const kpiApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A failure is toasted with spec §8's 'Failed to fetch analytics.' and shown in the screen. */
    companyKpi: contractQuery(build, analyticsEndpoints.companyKpi),
    /**
     * The profile's `time_zone` only. Its own cache entry rather than the settings screen's
     * profile (features may not share endpoints): a screen without it says so in place.
     */
    agencyTimeZone: contractQuery(build, companyEndpoints.profile, {
      suppressErrors: true,
      transformResponse: (profile) => profile.time_zone,
    }),
  }),
});
