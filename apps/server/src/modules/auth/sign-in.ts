import { randomBytes } from 'node:crypto';
import { ACCESS, AppError, type LoginNext } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { ChallengePrincipal } from '../../platform/http/principal.js';
import { createAuthenticatorStep, userTotpStore } from './authenticator.js';
import { challengeDead, createChallenges } from './challenges.js';
import { createEmailedCodes } from './codes.js';
import type { AuthDeps } from './deps.js';
import * as repo from './repo.js';
import { AUTH_RULES, INVALID_CREDENTIALS } from './rules.js';
import type { SessionClient } from './session-tokens.js';
import type { IssuedSession, Sessions } from './sessions.js';
import { createSignInAttempts } from './sign-in-attempts.js';

const nextStepFor = (account: repo.UserAccount): LoginNext => {
  if (!account.email_verified_at) return 'verify_email';
  return account.totp_enabled_at ? 'verify_2fa' : 'setup_2fa';
};

/**
 * An agency user's sign-in (docs/api.md login steps): the password, the e-mailed code while the
 * address is unproved, then the authenticator app — enrolled by QR code the first time.
 */
export function createSignIn(deps: AuthDeps, sessions: Sessions) {
  const { db, clock, platform } = deps;
  const { passwords } = platform;
  const now = () => clock.now();
  // Compared against when the e-mail is unknown, so both answers take the same time.
  const dummyHash = passwords.hash(randomBytes(16).toString('hex'));
  const attempts = createSignInAttempts({ db, clock, principal: 'user', policy: AUTH_RULES.signInThrottle });
  const challenges = createChallenges({ db, clock, tokens: platform.tokens });
  const codes = createEmailedCodes(deps);
  const authenticator = createAuthenticatorStep({ db, clock, secretBox: platform.secretBox }, userTotpStore);

  const openChallenge = (account: repo.UserAccount, stage: LoginNext) =>
    challenges.open('user', account.id, stage);

  /** The live challenge of an active user (locked inside a transaction). */
  async function liveChallenge(
    principal: ChallengePrincipal,
    stages: LoginNext[],
    trx?: Transaction<Database>,
  ) {
    const challenge = await challenges.live(principal, 'user', stages, trx);
    const account = await repo.findAccountById(trx ?? db, challenge.subject_id);
    if (!account?.is_active) throw challengeDead();
    return { challenge, account };
  }

  return {
    /**
     * The password step. Throttled before the password is checked, the same way whether or not
     * the e-mail is known (an unknown e-mail is still compared against a hash, for the timing).
     */
    async login(email: string, password: string, ip: string) {
      const attempt = await attempts.admit('password', email, ip);
      const account = await repo.findAccountByEmail(db, email);
      const valid = account?.password_hash
        ? await passwords.verify(password, account.password_hash)
        : await passwords.verify(password, await dummyHash).then(() => false);
      if (!account || !valid) {
        await attempt.failed();
        throw new AppError('unauthorized', INVALID_CREDENTIALS);
      }
      await attempt.succeeded();
      if (!account.is_active) {
        throw new AppError(
          'forbidden',
          'This account is deactivated. Ask your agency owner to reactivate it.',
        );
      }
      if (account.verification_status === 'suspended')
        throw new AppError('forbidden', ACCESS.agencySuspended);
      const next = nextStepFor(account);
      if (next === 'verify_email') await codes.send(account, 'login');
      return { next, challenge_token: await openChallenge(account, next), email: account.email };
    },

    /** The e-mailed code step; its wrong codes are throttled like the authenticator's. */
    async verifyLoginCode(email: string, code: string, challengeToken: string, ip: string) {
      const { challenge, account } = await liveChallenge(await challenges.fromToken(challengeToken), [
        'verify_email',
      ]);
      if (account.email.toLowerCase() !== email) throw challengeDead();
      const attempt = await attempts.admit('second_factor', account.email, ip);
      try {
        await codes.check(account.id, 'login', code);
      } catch (error) {
        await attempt.failed();
        throw error;
      }
      await attempt.succeeded();
      await repo.markEmailVerified(db, account, now());
      await repo.consumeChallenge(db, challenge.id, now());
      const verified = { ...account, email_verified_at: now() };
      const next = nextStepFor(verified);
      return { next, challenge_token: await openChallenge(verified, next) };
    },

    async resendLoginCode(email: string, challengeToken: string) {
      const { account } = await liveChallenge(await challenges.fromToken(challengeToken), ['verify_email']);
      if (account.email.toLowerCase() !== email) throw challengeDead();
      await codes.resend(account, 'login');
      return {};
    },

    async generateQrCode(principal: ChallengePrincipal) {
      const { account } = await liveChallenge(principal, ['setup_2fa', 'verify_2fa']);
      return authenticator.qrCode(account);
    },

    /**
     * The authenticator code (authenticator.ts); a session once it is accepted, recorded with
     * the browser's address and User-Agent (the settings screen's list of devices).
     */
    async verifyAuthenticator(
      principal: ChallengePrincipal,
      code: string,
      ip: string,
      userAgent?: SessionClient['userAgent'],
    ): Promise<IssuedSession> {
      const userId = await authenticator.verify({
        live: async (trx) => {
          const { challenge, account } = await liveChallenge(principal, ['setup_2fa', 'verify_2fa'], trx);
          return { challenge, holder: account };
        },
        attempts,
        code,
        ip,
      });
      await repo.recordSignIn(db, userId, now());
      const account = await repo.findAccountById(db, userId);
      if (!account) throw challengeDead();
      return sessions.issue(account, { ip, userAgent });
    },
  };
}
