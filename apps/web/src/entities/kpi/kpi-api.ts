import { analyticsEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractQuery } from '../../shared/http/contract-endpoints';

/**
 * The agency's figures (issue 15: `GET /api/company/company-kpi`) for a range of its own days
 * (entities/company/agency-today says which day is its today).
 */
export const kpiApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A failure is toasted with docs/product-spec.md §8's 'Failed to fetch analytics.' and shown in the screen. */
    companyKpi: contractQuery(build, analyticsEndpoints.companyKpi),
  }),
});
