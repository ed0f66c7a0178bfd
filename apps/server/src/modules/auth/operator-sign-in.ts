import { randomBytes } from 'node:crypto';
import { AppError, type OperatorLoginNext } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { ChallengePrincipal } from '../../platform/http/principal.js';
import { createAuthenticatorStep, type TotpStore } from './authenticator.js';
import { challengeDead, createChallenges } from './challenges.js';
import type { AuthDeps } from './deps.js';
import type { Caller, OperatorSignInAudit } from './operator-audit.js';
import * as operatorRepo from './operator-repo.js';
import type { IssuedOperatorSession, OperatorSessions } from './operator-sessions.js';
import { INVALID_CREDENTIALS, OPERATOR_RULES } from './rules.js';
import { createSignInAttempts } from './sign-in-attempts.js';

/** Operators keep their TOTP state on `operators`. */
const operatorTotpStore: TotpStore = {
  savePendingSecretIfNone: operatorRepo.savePendingOperatorTotpSecretIfNone,
  sealedSecretOf: operatorRepo.findOperatorTotpSecret,
  acceptStep: operatorRepo.acceptOperatorTotpStep,
};

const STAGES: OperatorLoginNext[] = ['setup_2fa', 'verify_2fa'];

/**
 * An operator's sign-in (issue 11): the agency's steps and rules (sign-in.ts) without the e-mailed
 * code — the platform sets operators' addresses — so the password, then the authenticator app,
 * enrolled by QR code at the first sign-in. Throttled with operators' own numbers; challenges of
 * the operator audience, never good on an agency's step (nor an agency's here). Successes and
 * failures go to the audit log.
 */
export function createOperatorSignIn(deps: AuthDeps, sessions: OperatorSessions, audit: OperatorSignInAudit) {
  const { db, clock, platform } = deps;
  const { passwords } = platform;
  // Compared against when the e-mail is unknown, so both answers take the same time.
  const dummyHash = passwords.hash(randomBytes(16).toString('hex'));
  const attempts = createSignInAttempts({
    db,
    clock,
    principal: 'operator',
    policy: OPERATOR_RULES.signInThrottle,
  });
  const challenges = createChallenges({ db, clock, tokens: platform.tokens });
  const authenticator = createAuthenticatorStep(
    { db, clock, secretBox: platform.secretBox },
    operatorTotpStore,
  );

  /** The live challenge of an active operator (locked inside a transaction). */
  async function liveChallenge(principal: ChallengePrincipal, trx?: Transaction<Database>) {
    const challenge = await challenges.live(principal, 'operator', STAGES, trx);
    const operator = await operatorRepo.findOperatorById(trx ?? db, challenge.subject_id);
    if (!operator?.is_active) throw challengeDead();
    return { challenge, operator };
  }

  return {
    /** The password step, throttled first, the same way whether or not the e-mail is known. */
    async login(email: string, password: string, caller: Caller) {
      const attempt = await attempts.admit('password', email, caller.ip);
      const operator = await operatorRepo.findOperatorByEmail(db, email);
      const valid = operator
        ? await passwords.verify(password, operator.password_hash)
        : await passwords.verify(password, await dummyHash).then(() => false);
      if (!operator || !valid) {
        await attempt.failed();
        await audit.failed(caller, { step: 'password', email, operatorId: operator?.id ?? null });
        throw new AppError('unauthorized', INVALID_CREDENTIALS);
      }
      await attempt.succeeded();
      if (!operator.is_active) throw new AppError('forbidden', 'This operator account is deactivated.');
      const next: OperatorLoginNext = operator.totp_enabled_at ? 'verify_2fa' : 'setup_2fa';
      const challengeToken = await challenges.open('operator', operator.id, next);
      return { next, challenge_token: challengeToken, email: operator.email };
    },

    async generateQrCode(principal: ChallengePrincipal) {
      const { operator } = await liveChallenge(principal);
      return authenticator.qrCode(operator);
    },

    /** The authenticator code (authenticator.ts); a session once it is accepted. */
    async verifyAuthenticator(
      principal: ChallengePrincipal,
      code: string,
      caller: Caller,
    ): Promise<IssuedOperatorSession> {
      const operatorId = await authenticator.verify({
        live: async (trx) => {
          const { challenge, operator } = await liveChallenge(principal, trx);
          return { challenge, holder: operator };
        },
        attempts,
        code,
        ip: caller.ip,
        onWrongCode: (operator) =>
          audit.failed(caller, { step: 'authenticator', email: operator.email, operatorId: operator.id }),
      });
      const operator = await operatorRepo.findOperatorById(db, operatorId);
      if (!operator) throw challengeDead();
      const session = await sessions.issue(operator);
      await audit.signedIn(caller, operator.id);
      return session;
    },
  };
}
