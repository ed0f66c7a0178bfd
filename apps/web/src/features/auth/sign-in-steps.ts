import type { LoginNext } from '@skydesk/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isApiFailure } from '../../shared/http/api-error';
import { type CodeSentState, paths } from '../../shared/routing/paths';

/** docs/api.md login steps: the screen of each `next`. */
export const SIGN_IN_STEP_PATH: Record<LoginNext, string> = {
  verify_email: paths.verificationLogin,
  setup_2fa: paths.qrCodeScan,
  verify_2fa: paths.qrCodeScan,
};

/**
 * Goes to the screen of the step that follows the password; the e-mail step knows its code was
 * sent just now. The authenticator's reminder (docs/product-spec.md §8 'Check your authenticator app for the
 * code') is said by the code screen itself, announced as it appears, rather than a success toast
 * that would stay over the user menu into the dashboard after the step is done.
 */
export function useGoToSignInStep() {
  const navigate = useNavigate();
  return useCallback(
    (next: LoginNext) => {
      const state: CodeSentState = next === 'verify_email' ? { codeSentAt: Date.now() } : null;
      navigate(SIGN_IN_STEP_PATH[next], { state });
    },
    [navigate],
  );
}

/**
 * A 401 from a sign-in step means the challenge is over (expired, used, too many wrong codes):
 * the server's message has been toasted, and the sign-in starts again at '/'.
 */
export const isDeadChallenge = (error: unknown): boolean => isApiFailure(error) && error.status === 401;
