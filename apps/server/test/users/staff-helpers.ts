import { randomBytes } from 'node:crypto';
import type { User } from '@skydesk/contract';
import { expect } from 'vitest';
import {
  get,
  outbox,
  post,
  randomIp,
  type SignedIn,
  signIn,
  type TestApp,
  uniqueEmail,
} from '../support/auth-flow.js';
import type { Agent } from '../support/bookings.js';

/**
 * The users screen's calls as a manager makes them, and the invited user's side: the link read
 * from the mailed invitation, accepted, then the first sign-in through every step.
 */

export const INVITEE_PASSWORD = 'Amber-Glacier-Window-58';

/** The id of one of the agency's roles, by name (the starter roles or the Owner role). */
export async function roleId(t: TestApp, companyId: string, name = 'Ticketing agent'): Promise<string> {
  const role = await t.store.db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return role.id;
}

export async function inviteBody(t: TestApp, manager: Agent, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Nadia Rahman',
    email: uniqueEmail('staff'),
    phone: '+971 4 555 0199',
    role_id: await roleId(t, manager.companyId),
    ...overrides,
  };
}

export const invite = async (t: TestApp, manager: SignedIn, body: Record<string, unknown>) =>
  post(t, '/api/user', body, { token: manager.token });

/** Invites a user and answers the new `User`. */
export async function invited(t: TestApp, manager: Agent, overrides: Record<string, unknown> = {}) {
  const body = await inviteBody(t, manager, overrides);
  const res = await invite(t, manager, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as User;
}

/** The token of the newest invitation mailed to the address. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const mail = (await outbox(t, email)).find((m) => m.text.includes('/accept-invitation?token='));
  const link = /(http\S+\/accept-invitation\?token=\S+)/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error(`No invitation mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

export const showInvitation = (t: TestApp, token: string) =>
  get(t, `/api/invitation?token=${encodeURIComponent(token)}`);

export const acceptInvitation = (t: TestApp, token: string, password = INVITEE_PASSWORD) =>
  post(t, '/api/accept-invitation', { token, password, password_confirmation: password });

/** A well-formed token no link was ever made with. */
export const unknownToken = () => randomBytes(32).toString('base64url');

/** A colleague invited by the manager, who accepted and signed in (e-mailed code, TOTP enrolment). */
export async function invitedColleague(
  t: TestApp,
  manager: Agent,
  overrides: Record<string, unknown> = {},
): Promise<Agent & { user: SignedIn['user'] }> {
  const user = await invited(t, manager, overrides);
  const accepted = await acceptInvitation(t, await invitationToken(t, user.email));
  expect(accepted.statusCode, accepted.body).toBe(200);
  const session = await signIn(t, { email: user.email, password: INVITEE_PASSWORD });
  return { ...session, companyId: manager.companyId };
}

/** The users list as the manager reads it. */
export async function usersOf(t: TestApp, manager: SignedIn): Promise<User[]> {
  const res = await get(t, '/api/user/company-user', { token: manager.token });
  expect(res.statusCode, res.body).toBe(200);
  const [users, { total }] = res.json().data as [User[], { total: number }];
  expect(total).toBe(users.length);
  return users;
}

/** PUT and DELETE as the manager sends them (auth-flow has GET and POST). */
export const put = (t: TestApp, url: string, payload: Record<string, unknown>, token: string) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
    remoteAddress: randomIp(),
  });

export const del = (t: TestApp, url: string, token: string) =>
  t.app.inject({
    method: 'DELETE',
    url,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: randomIp(),
  });
