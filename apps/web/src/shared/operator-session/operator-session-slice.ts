import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readTokenExpiry } from '../session/token-expiry';

/** Who is signed in to the back office (docs/api.md: `operator: { id, name, email }`). */
export type Operator = { id: string; name: string; email: string };

/** An operator's sign-in between the password and the authenticator code. */
export type OperatorChallenge = { email: string; next: 'setup_2fa' | 'verify_2fa'; token: string };

/**
 * The operator console's session, apart from the agency's (shared/session): its own token, sent
 * only to the back office's calls (shared/http/http-config), its own refresh cookie (scoped to
 * `/api/admin/auth`), its own logout. Never persisted — the token lives in memory (docs/architecture.md §6)
 * and each visit to /admin asks the refresh cookie for a new one. Loaded with the console: the
 * store takes this slice in when the console's code arrives (app/admin), so the agency's start-up
 * bundle carries none of it.
 */
export type OperatorSessionState = {
  operator: Operator | null;
  token: string | null;
  /** The token's `exp`, in seconds since the epoch. */
  expiresAt: number | null;
  /** The sign-in under way, if any (a credential: memory only, like the whole slice). */
  challenge: OperatorChallenge | null;
  /** Whether this page load has asked the refresh cookie for a session yet. */
  restoreTried: boolean;
};

export const initialOperatorSession: OperatorSessionState = {
  operator: null,
  token: null,
  expiresAt: null,
  challenge: null,
  restoreTried: false,
};

export const operatorSessionSlice = createSlice({
  name: 'operatorSession',
  initialState: initialOperatorSession,
  reducers: {
    /** The password was right; the authenticator step is next. */
    operatorChallengeIssued(state, action: PayloadAction<OperatorChallenge>) {
      state.challenge = action.payload;
    },
    /** The challenge died (expired, too many wrong codes) or the operator started over. */
    operatorChallengeEnded(state) {
      state.challenge = null;
    },
    /** Signed in (authenticator accepted, or restored from the refresh cookie). */
    operatorSessionStarted(state, action: PayloadAction<{ token: string; operator: Operator }>) {
      state.operator = action.payload.operator;
      state.token = action.payload.token;
      state.expiresAt = readTokenExpiry(action.payload.token);
      state.challenge = null;
      state.restoreTried = true;
    },
    /** A new access token from the refresh cookie ('Continue Session'). */
    operatorTokenRenewed(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.expiresAt = readTokenExpiry(action.payload);
    },
    /** The refresh cookie was asked at the start of /admin and gave no session. */
    operatorRestoreFailed(state) {
      state.restoreTried = true;
    },
    /** Logout, a 401 or the timer: nothing of the session is kept; no second restore is tried. */
    operatorLoggedOut() {
      return { ...initialOperatorSession, restoreTried: true };
    },
  },
});

export const {
  operatorChallengeIssued,
  operatorChallengeEnded,
  operatorSessionStarted,
  operatorTokenRenewed,
  operatorRestoreFailed,
  operatorLoggedOut,
} = operatorSessionSlice.actions;

/**
 * The store before the console loaded has no `operatorSession` yet (the slice joins it lazily),
 * and just after, until the next action: read it as signed out until then.
 */
type WithOperatorSession = { operatorSession?: OperatorSessionState };
const sessionOf = (state: WithOperatorSession): OperatorSessionState =>
  state.operatorSession ?? initialOperatorSession;

export const selectOperator = (state: WithOperatorSession) => sessionOf(state).operator;
export const selectOperatorToken = (state: WithOperatorSession) => sessionOf(state).token;
export const selectOperatorChallenge = (state: WithOperatorSession) => sessionOf(state).challenge;
/** Signed in to the back office, with a token to call it with. */
export const selectOperatorSignedIn = (state: WithOperatorSession) =>
  sessionOf(state).operator !== null && sessionOf(state).token !== null;
/** The refresh cookie still has to be asked (first visit to /admin in this page load). */
export const selectOperatorRestorePending = (state: WithOperatorSession) =>
  !sessionOf(state).restoreTried && sessionOf(state).token === null;
