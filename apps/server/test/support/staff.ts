import type { Permission } from '@skydesk/contract';
import { createSessionTokens } from '../../src/modules/auth/session-tokens.js';
import type { TestApp } from './auth-flow.js';
import { addRole, addUser } from './colleague.js';

/**
 * Sessions opened the way the sign-in opens them (session-tokens.ts), so their tokens pass the
 * real access guard, for tests that need many users with different roles (colleague.ts writes
 * them): signing in itself has its own tests, and a generated sweep over every endpoint can't
 * afford a full sign-in per user and call.
 */

export type StaffMember = { id: string; companyId: string; email: string; roleId: string };

/** A user of the agency whose role holds exactly these permissions (not signed in). */
export async function staffMember(
  t: TestApp,
  companyId: string,
  permissions: Permission[],
): Promise<StaffMember> {
  const roleId = await addRole(t, companyId, permissions);
  const user = await addUser(t, companyId, roleId);
  return { id: user.id, companyId, email: user.email, roleId };
}

/**
 * A fresh signed-in session of a user (an agency's owner too): its access token carries the
 * permissions the user's role holds now, as a sign-in's does.
 */
export async function staffSession(
  t: TestApp,
  user: { id: string },
): Promise<{ token: string; sessionId: string }> {
  const account = await t.store.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.company_id', 'users.session_version', 'roles.permissions'])
    .where('users.id', '=', user.id)
    .executeTakeFirstOrThrow();
  const { platform, config } = t.app.skydesk;
  const deps = { db: t.store.db, config, clock: t.clock, platform, log: t.app.log };
  const sessionTokens = createSessionTokens(deps);
  const opened = await sessionTokens.open('user', account.id);
  const token = await platform.tokens.signAccess(
    {
      kind: 'company',
      subjectId: account.id,
      sessionId: opened.sessionId,
      sessionVersion: account.session_version,
      permissions: account.permissions,
      companyId: account.company_id,
    },
    sessionTokens.accessTtlSeconds(opened.sessionExpiresAt),
  );
  return { token, sessionId: opened.sessionId };
}
