import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginNext, LoginStep } from '@skydesk/contract';

/**
 * A sign-in between the password and the second factor (docs/api.md login steps). The challenge
 * token is a credential for those steps, so this slice lives in memory only: the store never
 * persists it (app/store.ts whitelist). A reload ends the sign-in and starts it over.
 */
export type SignInChallenge = {
  email: string;
  next: LoginNext;
  token: string;
};

export type SignInState = {
  challenge: SignInChallenge | null;
  /** Where to go once signed in (the dashboard screen the user was sent away from). */
  returnTo: string | null;
};

export const initialSignInState: SignInState = { challenge: null, returnTo: null };

export const signInSlice = createSlice({
  name: 'signIn',
  initialState: initialSignInState,
  reducers: {
    /** The password was right: the server names the next step. */
    challengeIssued(state, action: PayloadAction<{ step: LoginStep; returnTo?: string | null }>) {
      const { step, returnTo } = action.payload;
      state.challenge = { email: step.email, next: step.next, token: step.challenge_token };
      state.returnTo = returnTo ?? null;
    },
    /** A step passed; the next one comes with a new challenge token. */
    challengeAdvanced(state, action: PayloadAction<Pick<LoginStep, 'next' | 'challenge_token'>>) {
      if (!state.challenge) return;
      state.challenge.next = action.payload.next;
      state.challenge.token = action.payload.challenge_token;
    },
    /** Signed in, or the challenge died (401): nothing of it is kept. */
    challengeEnded() {
      return initialSignInState;
    },
  },
  selectors: {
    selectChallenge: (state) => state.challenge,
    selectReturnTo: (state) => state.returnTo,
  },
});

export const { challengeIssued, challengeAdvanced, challengeEnded } = signInSlice.actions;
export const { selectChallenge, selectReturnTo } = signInSlice.selectors;
