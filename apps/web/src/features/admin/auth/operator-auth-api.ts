import { api } from '../../../shared/http/api';
import { contractMutation, contractQuery } from '../../../shared/http/contract-endpoints';
import { operatorAuthEndpoints } from './operator-auth-endpoints';

/** The operator's sign-in and set-up screens' calls: a 401 here is a wrong password or a dead challenge. */
export const operatorAuthApi = api.injectEndpoints({
  endpoints: (build) => ({
    operatorLogin: contractMutation(build, operatorAuthEndpoints.login),
    /** The QR code of this challenge; kept while its screen shows (one pending secret per operator). */
    operatorEnrolment: contractQuery(build, operatorAuthEndpoints.generateQrCode),
    operatorVerifyAuthenticator: contractMutation(build, operatorAuthEndpoints.verifyAuthenticator),
    operatorSetupPassword: contractMutation(build, operatorAuthEndpoints.setupPassword),
  }),
});
