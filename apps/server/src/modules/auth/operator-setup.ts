import { randomBytes } from 'node:crypto';
import { AppError, Email, Text } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { TokenHasher } from '../../platform/security/one-time-code.js';
import type { PasswordHasher } from '../../platform/security/password.js';
import type { AuthDeps } from './deps.js';
import * as operatorRepo from './operator-repo.js';
import * as repo from './repo.js';
import { OPERATOR_RULES } from './rules.js';

/**
 * New operators (issue 11): a deployment creates them itself (`npm run operator -- create`), and
 * each gets a one-time set-up link, `<PUBLIC_URL>/admin/setup?token=…`, that chooses the first
 * password: random, kept only as a keyed hash, single use, 72 hours. The first sign-in then
 * enrols the authenticator app by QR code, as an agency user's does.
 */

const SETUP_INVALID = 'This set-up link is invalid, used or expired. Ask for a new one.';

export const NewOperator = z.strictObject({
  email: Email,
  name: Text({ min: 2, max: 120, tooShort: 'The name is too short', tooLong: 'The name is too long' }),
});
export type NewOperator = z.input<typeof NewOperator>;

/** What creating an operator or a set-up link needs: no web server, so the CLI can do it. */
export type OperatorSetupDeps = {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
  passwords: PasswordHasher;
  tokenHasher: TokenHasher;
};

export type SetupLink = {
  operator: { id: string; name: string; email: string };
  link: string;
  expiresAt: Date;
};

async function newSetupLink(
  deps: OperatorSetupDeps,
  trx: Transaction<Database>,
  operator: SetupLink['operator'],
): Promise<SetupLink> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + OPERATOR_RULES.setupLinkHours * 3_600_000);
  await operatorRepo.replaceSetupToken(trx, {
    operatorId: operator.id,
    tokenHash: deps.tokenHasher.hash(token),
    expiresAt,
    now,
  });
  return { operator, link: `${deps.publicUrl}/admin/setup?token=${encodeURIComponent(token)}`, expiresAt };
}

/**
 * Creates an operator and their set-up link. Until the link is used their password is the hash
 * of a secret nobody holds, so no password signs in.
 */
export async function createOperator(deps: OperatorSetupDeps, input: NewOperator): Promise<SetupLink> {
  const { email, name } = NewOperator.parse(input);
  const unusable = await deps.passwords.hash(randomBytes(32).toString('base64url'));
  const exists = new AppError('conflict', `An operator with the e-mail ${email} exists already.`);
  if (await operatorRepo.findOperatorByEmail(deps.db, email)) throw exists;
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const operator = await operatorRepo.insertOperator(trx, { name, email, passwordHash: unusable });
      return newSetupLink(deps, trx, operator);
    })
    .catch((error: { code?: string }) => {
      // Two creations of one e-mail at once: the unique index decides.
      if (error.code === '23505') throw exists;
      throw error;
    });
}

/** A new set-up link for an existing operator (a lost or expired one); earlier links stop working. */
export async function reissueSetupLink(deps: OperatorSetupDeps, email: string): Promise<SetupLink> {
  const operator = await operatorRepo.findOperatorByEmail(deps.db, Email.parse(email));
  if (!operator) throw new AppError('not_found', `No operator has the e-mail ${email}.`);
  const { id, name } = operator;
  return deps.db.transaction().execute((trx) => newSetupLink(deps, trx, { id, name, email: operator.email }));
}

/** `POST /api/admin/setup-password`: the link chooses the password, once. */
export function createOperatorSetup({ db, clock, platform }: AuthDeps) {
  const { rateLimiter, passwords, tokenHasher } = platform;
  const now = () => clock.now();

  return {
    /** Every session the operator had ends; the next sign-in still asks for the authenticator. */
    async setPassword(token: string, password: string, ip: string) {
      await rateLimiter.consume(OPERATOR_RULES.setupPasswordPerIp, ip);
      const passwordHash = await passwords.hash(password);
      const done = await db.transaction().execute(async (trx) => {
        const setup = await operatorRepo.lockSetupToken(trx, tokenHasher.hash(token));
        if (!setup || setup.consumed_at || setup.expires_at <= now()) return false;
        await operatorRepo.setOperatorPassword(trx, setup.operator_id, passwordHash, now());
        await repo.revokeAllSessions(trx, 'operator', setup.operator_id, now());
        return true;
      });
      if (!done) throw new AppError('validation', SETUP_INVALID, { fieldErrors: { token: [SETUP_INVALID] } });
      return {};
    },
  };
}
