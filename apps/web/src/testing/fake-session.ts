import type { CompanySummary, SessionUser } from '@skydesk/contract';
import type { RootState } from '../app/store';
import { initialSessionState, type SessionState } from '../features/auth/session-slice';

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

/** A signed-in state to start a test from. */
export function signedInState(session: Partial<SessionState> = {}): Partial<RootState> {
  return {
    session: { ...initialSessionState, user: sampleUser, company: sampleCompany, ...session },
  };
}
