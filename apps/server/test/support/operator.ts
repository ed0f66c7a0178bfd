import { randomBytes } from 'node:crypto';
import { openOperatorSession } from '../../src/modules/auth/operator-session.js';
import type { TestApp } from './auth-flow.js';

/**
 * Back-office operators for tests: a row in `operators` and a session opened the way the operator
 * sign-in opens it (openOperatorSession), so the token passes the real access guard. Sign-in
 * itself (password, TOTP) is the auth module's and has its own tests.
 */

export type Operator = { id: string; name: string; email: string; token: string; sessionId: string };

export async function signedInOperator(t: TestApp, name = 'Olli Operator'): Promise<Operator> {
  const email = `ops.${randomBytes(4).toString('hex')}@skydesk.test`;
  const row = await t.store.db
    .insertInto('operators')
    .values({ name, email, password_hash: 'unused: these tests never sign in by password' })
    .returning(['id', 'name', 'email', 'session_version'])
    .executeTakeFirstOrThrow();
  return { ...row, ...(await operatorSession(t, row)) };
}

/** A fresh session for the same operator (after the clock moved past the token's 30 minutes). */
export async function operatorSession(t: TestApp, operator: { id: string }) {
  const current = await t.store.db
    .selectFrom('operators')
    .select(['id', 'session_version'])
    .where('id', '=', operator.id)
    .executeTakeFirstOrThrow();
  const { platform, config } = t.app.skydesk;
  const session = await openOperatorSession(
    { db: t.store.db, config, clock: t.clock, platform, log: t.app.log },
    current,
  );
  return { token: session.token, sessionId: session.sessionId };
}

export async function signInAgainAsOperator(t: TestApp, operator: Operator): Promise<Operator> {
  return { ...operator, ...(await operatorSession(t, operator)) };
}
