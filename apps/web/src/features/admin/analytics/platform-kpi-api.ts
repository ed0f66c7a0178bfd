import { adminAnalyticsEndpoints } from '@skydesk/contract';
import { api } from '../../../shared/http/api';
import { contractQuery } from '../../../shared/http/contract-endpoints';

/** The platform's figures for a range of UTC days (issue 15: `GET /api/admin/kpi`), the operator's. */
export const platformKpiApi = api.injectEndpoints({
  endpoints: (build) => ({
    platformKpi: contractQuery(build, adminAnalyticsEndpoints.kpi),
  }),
});
