import type { BookingsScope, Permission } from '@skydesk/contract';
import { createPasswordHasher } from '../../src/platform/security/password.js';
import { type SignedIn, STRONG_PASSWORD, signIn, type TestApp, uniqueEmail } from './auth-flow.js';
import type { Agent } from './bookings.js';

/**
 * Staff of one agency without the users screens: a role and a user holding it, written straight
 * into the database (e-mail verified), then signed in through every step like anybody else.
 */

const hasher = createPasswordHasher(10);
let roleSequence = 0;

/** A role of the agency holding these permissions, over the agency's or the user's own bookings. */
export async function addRole(
  t: TestApp,
  companyId: string,
  permissions: Permission[],
  bookingsScope: BookingsScope = 'all',
): Promise<string> {
  const role = await t.store.db
    .insertInto('roles')
    .values({
      company_id: companyId,
      name: `Staff role ${roleSequence++}`,
      permissions,
      bookings_scope: bookingsScope,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return role.id;
}

/** A user of the agency holding the role, not signed in. */
export async function addUser(t: TestApp, companyId: string, roleId: string) {
  const email = uniqueEmail('staff');
  const user = await t.store.db
    .insertInto('users')
    .values({
      company_id: companyId,
      role_id: roleId,
      name: 'Staff Member',
      email,
      password_hash: await hasher.hash(STRONG_PASSWORD),
      email_verified_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, email, password: STRONG_PASSWORD };
}

/** A colleague of `of` holding the role, signed in. */
export async function colleague(t: TestApp, of: Pick<Agent, 'companyId'>, roleId: string): Promise<Agent> {
  const user = await addUser(t, of.companyId, roleId);
  const signedIn: SignedIn = await signIn(t, user);
  return { ...signedIn, companyId: of.companyId };
}
