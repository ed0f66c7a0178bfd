import { authEndpoints, companyEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/** The agency's registration and vendor verification (docs/api.md#authentication-and-onboarding, "Company"). */
export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerCompany: contractMutation(build, authEndpoints.registerCompany),
    vendorStatus: contractQuery(build, companyEndpoints.vendorStatus),
    submitVendorForm: contractMutation(build, companyEndpoints.submitVendorForm),
    vendorDocument: contractFile(build, companyEndpoints.vendorDocument),
  }),
});
