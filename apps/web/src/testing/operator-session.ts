import { appReducer, type RootState } from '../app/store';
import {
  initialOperatorSession,
  type Operator,
  type OperatorSessionState,
  operatorSessionSlice,
} from '../shared/operator-session/operator-session-slice';
import { readTokenExpiry } from '../shared/session/token-expiry';
import { fakeJwt } from './fake-session';

// The console injects its session's slice when it loads; a test that starts from an operator's
// state needs it in the store before the store is made.
appReducer.inject(operatorSessionSlice);

export const sampleOperator: Operator = {
  id: '0f8e7d6c-5b4a-4392-8180-7f6e5d4c3b2a',
  name: 'Omar Haddad',
  email: 'ops@skydesk.local',
};

/** An operator access token good for an hour. */
export const liveOperatorToken = (): string =>
  fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, sub: sampleOperator.id });

/** A signed-in operator (the refresh cookie already asked, as after a sign-in). */
export function operatorSignedInState(session: Partial<OperatorSessionState> = {}): Partial<RootState> {
  const token = session.token === undefined ? liveOperatorToken() : session.token;
  return {
    operatorSession: {
      ...initialOperatorSession,
      operator: sampleOperator,
      restoreTried: true,
      ...session,
      token,
      expiresAt: token ? readTokenExpiry(token) : null,
    },
  };
}

/** No operator session, and none to restore: the console shows its sign-in at once. */
export const operatorSignedOutState = (): Partial<RootState> => ({
  operatorSession: { ...initialOperatorSession, restoreTried: true },
});
