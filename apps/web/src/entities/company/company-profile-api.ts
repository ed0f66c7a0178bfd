import { companyEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractQuery } from '../../shared/http/contract-endpoints';

/**
 * The agency's profile (docs/api.md `GET /api/company/profile`, any signed-in user): the settings
 * screen shows and edits it, the dashboard's home reads its time zone to know the agency's
 * "today". One query both use; a saved profile replaces it (features/users' account API). The
 * failure is shown where the profile is needed, with a way to ask again, not toasted.
 */
export const companyProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    companyProfile: contractQuery(build, companyEndpoints.profile, { suppressErrors: true }),
  }),
});
