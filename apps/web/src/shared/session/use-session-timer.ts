import { SESSION } from '@skydesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { readTokenExpiry } from './token-expiry';

/** docs/product-spec.md §9: the warning opens 60 s before the token expires. */
export const WARNING_BEFORE_EXPIRY_MS = 60_000;

/** One toast per ending, even when React runs the effect twice (StrictMode in development). */
const SESSION_ENDED_TOAST_ID = 'session-ended';

/** Longest delay setTimeout honours; a longer one would fire at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

export type SessionTimerOptions = {
  /** The access token; its `exp` drives the timers. null = signed out. */
  token: string | null;
  /** Log out and go to the login page (the app decides how). */
  onExpire: () => void;
};

export type SessionTimer = {
  /** The "Session Expiring Soon" warning is showing. */
  isWarningOpen: boolean;
  closeWarning: () => void;
};

/**
 * docs/product-spec.md §4, whenever a token exists (expiry read from it):
 * - already expired: onExpire, error toast 'Session expired';
 * - otherwise the warning opens 60 s before expiry,
 * - and at expiry: onExpire, error toast 'Session expired, Please login again'.
 * With no token the warning is closed and no timer runs; a new token starts over.
 */
export function useSessionTimer({ token, onExpire }: SessionTimerOptions): SessionTimer {
  const [isWarningOpen, setWarningOpen] = useState(false);

  // Read through a ref so a new callback identity does not restart the timers; only the token does.
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    setWarningOpen(false);
    if (!token) return;
    const expiresAt = readTokenExpiry(token);
    if (expiresAt === null) return;

    const msLeft = expiresAt * 1000 - Date.now();
    if (msLeft <= 0) {
      toast.error(SESSION.alreadyExpired, { id: SESSION_ENDED_TOAST_ID });
      onExpireRef.current();
      return;
    }
    if (msLeft > MAX_TIMEOUT_MS) return;

    const warning = setTimeout(() => setWarningOpen(true), Math.max(0, msLeft - WARNING_BEFORE_EXPIRY_MS));
    const expiry = setTimeout(() => {
      setWarningOpen(false);
      toast.error(SESSION.expiredNow, { id: SESSION_ENDED_TOAST_ID });
      onExpireRef.current();
    }, msLeft);
    return () => {
      clearTimeout(warning);
      clearTimeout(expiry);
    };
  }, [token]);

  const closeWarning = useCallback(() => setWarningOpen(false), []);
  return { isWarningOpen, closeWarning };
}
