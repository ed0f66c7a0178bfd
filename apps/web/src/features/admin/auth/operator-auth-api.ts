import { adminAuthEndpoints } from '@skydesk/contract';
import { api } from '../../../shared/http/api';
import { contractMutation, contractQuery } from '../../../shared/http/contract-endpoints';

/** The operator's sign-in and set-up screens' calls: a 401 here is a wrong password or a dead challenge. */
export const operatorAuthApi = api.injectEndpoints({
  endpoints: (build) => ({
    operatorLogin: contractMutation(build, adminAuthEndpoints.login),
    /** The QR code of this challenge; kept while its screen shows (one pending secret per operator). */
    operatorEnrolment: contractQuery(build, adminAuthEndpoints.generateQrCode),
    operatorVerifyAuthenticator: contractMutation(build, adminAuthEndpoints.verifyAuthenticator),
    operatorSetupPassword: contractMutation(build, adminAuthEndpoints.setupPassword),
  }),
});
