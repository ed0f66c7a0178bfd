import { authEndpoints, type ResponseOf } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import type { ApiFailure } from '../../shared/http/api-error';
import { contractBaseQuery } from '../../shared/http/contract-base-query';
import { contractMutation } from '../../shared/http/contract-endpoints';

type Enrolment = ResponseOf<typeof authEndpoints.generateQrCode>;
type EnrolmentAnswer = { data: Enrolment } | { error: ApiFailure };

/** generate-qrcode calls under way, by challenge token (see `enrolment`). */
const enrolmentsInFlight = new Map<string, Promise<EnrolmentAnswer>>();

/**
 * The sign-in and password screens' calls (docs/api.md#authentication-and-onboarding). Public and challenge endpoints never
 * end a session on a 401: there, it means wrong credentials or a dead challenge (apiRequest).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: contractMutation(build, authEndpoints.login),
    verifyEmail: contractMutation(build, authEndpoints.verifyEmail),
    resendEmailCode: contractMutation(build, authEndpoints.resendEmailCode),
    verifyLoginCode: contractMutation(build, authEndpoints.verifyLoginCode),
    resendLoginCode: contractMutation(build, authEndpoints.resendLoginCode),
    /**
     * The authenticator's QR code and secret for this challenge: one call per challenge, shared
     * by whoever asks while it runs (a screen mounted again, StrictMode's second effect). The
     * server keeps one pending secret per user, and two calls racing could leave the QR on
     * screen out of step with the secret it checks; so the call is not cancelled when its screen
     * goes, and kept only while it runs (a retry after a failure, or a new sign-in, asks afresh).
     */
    enrolment: build.query<Enrolment, { bearerToken: string }>({
      queryFn: ({ bearerToken }, queryApi, extraOptions) => {
        let pending = enrolmentsInFlight.get(bearerToken);
        if (!pending) {
          const call = { endpoint: authEndpoints.generateQrCode, bearerToken };
          const uncancelled = { ...queryApi, signal: new AbortController().signal };
          pending = Promise.resolve(contractBaseQuery(call, uncancelled, extraOptions)).then((answer) =>
            answer.error ? { error: answer.error } : { data: answer.data as Enrolment },
          );
          enrolmentsInFlight.set(bearerToken, pending);
          void pending.finally(() => enrolmentsInFlight.delete(bearerToken));
        }
        return pending;
      },
    }),
    verifyAuthenticator: contractMutation(build, authEndpoints.verifyAuthenticator),
    forgotPassword: contractMutation(build, authEndpoints.forgotPassword),
    resetPassword: contractMutation(build, authEndpoints.resetPassword),
  }),
});
