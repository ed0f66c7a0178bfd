import { type LoginNext, SUCCESS } from '@skydesk/contract';
import { useCallback } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ApiError } from '../../shared/http/api-error';

/** API.md login steps: the screen of each `next`. */
export const SIGN_IN_STEP_PATH: Record<LoginNext, string> = {
  verify_email: paths.verificationLogin,
  setup_2fa: paths.qrCodeScan,
  verify_2fa: paths.qrCodeScan,
};

/**
 * Location state of a screen whose code was just e-mailed: 'Resend code' waits from then, and
 * the browser keeps history state across a reload, so the wait survives one.
 */
export type CodeSentState = { codeSentAt?: number } | null;

/**
 * Goes to the screen of the step that follows the password; an enrolled authenticator is
 * reminded by a toast (spec §8), and the e-mail step knows its code was sent just now.
 */
export function useGoToSignInStep() {
  const navigate = useNavigate();
  return useCallback(
    (next: LoginNext) => {
      if (next === 'verify_2fa') toast.success(SUCCESS.checkAuthenticator);
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
export const isDeadChallenge = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
