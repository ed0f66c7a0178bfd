import {
  type CompanySummary,
  type LoginNext,
  type Me,
  PERMISSIONS,
  type SessionUser,
} from '@skydesk/contract';
import type { RootState } from '../app/store';
import { initialSessionState, type SessionState } from '../shared/session/session-slice';
import { readTokenExpiry } from '../shared/session/token-expiry';

/** A JWT-shaped token with the given `exp` (seconds). Unsigned: the client never verifies. */
export function fakeJwt(claims: { exp?: number; sub?: string }): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const sampleUser: SessionUser = {
  id: '3f1c8a52-7d0e-4b8a-9f1e-2c6d5a4b3e21',
  name: 'Amina Rahman',
  email: 'amina@demo-travels.example',
  phone: '+971 50 123 4567',
  image_url: null,
  role: { id: '9b2e4c61-1a3f-4d5e-8b7c-6a5f4e3d2c1b', name: 'Owner' },
  company_id: 'c4d5e6f7-8a9b-4c0d-9e1f-2a3b4c5d6e7f',
  is_owner: true,
};

export const sampleCompany: CompanySummary = {
  id: 'c4d5e6f7-8a9b-4c0d-9e1f-2a3b4c5d6e7f',
  name: 'Demo Travels',
  verification_status: 'approved',
  rejection_reason: null,
  currency: 'USD',
  country: 'AE',
};

/** An access token good for an hour from now (a live session's). */
export const liveToken = (): string =>
  fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, sub: sampleUser.id });

/**
 * A signed-in state to start a test from: the user, the approved company and a live token, as
 * after a sign-in. (A saved user without a token is a reload: the app asks the refresh cookie
 * first; pass `token: null` to start from there.)
 */
export function signedInState(session: Partial<SessionState> = {}): Partial<RootState> {
  const token = session.token === undefined ? liveToken() : session.token;
  return {
    session: {
      ...initialSessionState,
      user: sampleUser,
      company: sampleCompany,
      // The sample user is the owner: every permission (issue 13 hides and refuses the rest).
      permissions: [...PERMISSIONS],
      ...session,
      token,
      expiresAt: token ? readTokenExpiry(token) : null,
    },
  };
}

/** `GET /api/me` of the sample user. */
export const sampleMe = (company: Partial<CompanySummary> = {}): Me => ({
  user: sampleUser,
  company: { ...sampleCompany, ...company },
  permissions: ['flights.search', 'bookings.view'],
});

export const CHALLENGE_TOKEN = fakeJwt({ exp: 1_900_000_000, sub: 'challenge' });

/** A sign-in half-way: the password was right and the server named the next step. */
export function signingInState(next: LoginNext, returnTo: string | null = null): Partial<RootState> {
  return {
    signIn: { challenge: { email: sampleUser.email, next, token: CHALLENGE_TOKEN }, returnTo },
  };
}
