import { randomBytes } from 'node:crypto';
import { AppError } from '@skydesk/contract';
import type { AuthDeps } from './deps.js';
import { passwordResetMail } from './mails.js';
import * as repo from './repo.js';
import { AUTH_RULES } from './rules.js';
import { createSignInAttempts } from './sign-in-attempts.js';

const RESET_INVALID = 'This reset link is invalid or has expired. Request a new one.';

/** Forgotten passwords: a single-use link by e-mail, 30 minutes (docs/architecture.md §6). */
export function createPasswordReset(deps: AuthDeps) {
  const { db, config, clock, platform, log } = deps;
  const { rateLimiter, passwords, tokenHasher, mailer } = platform;
  const now = () => clock.now();
  const attempts = createSignInAttempts({ db, clock, principal: 'user', policy: AUTH_RULES.signInThrottle });

  async function sendPasswordReset(email: string) {
    const account = await repo.findAccountByEmail(db, email);
    if (!account?.is_active) return;
    try {
      await rateLimiter.consume(AUTH_RULES.forgotPerAccount, account.id);
    } catch {
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await repo.createPasswordReset(db, {
      userId: account.id,
      tokenHash: tokenHasher.hash(token),
      expiresAt: new Date(now().getTime() + AUTH_RULES.resetTtlMinutes * 60_000),
    });
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send(
      passwordResetMail({
        to: account.email,
        name: account.name,
        link,
        minutes: AUTH_RULES.resetTtlMinutes,
      }),
    );
  }

  return {
    /**
     * Always answers the same, at once; the work (token, mail) happens afterwards, so neither
     * the answer nor its timing tells whether the e-mail is known (docs/architecture.md §6).
     */
    async forgotPassword(email: string, ip: string) {
      await rateLimiter.consume(AUTH_RULES.forgotPerIp, ip);
      setImmediate(() => {
        sendPasswordReset(email).catch((error) => log.error({ err: error }, 'password reset mail failed'));
      });
      return {};
    },

    /**
     * Single use, 30 minutes; every session ends, and the next sign-in still asks for TOTP. The
     * reset proves the mailbox, so its source becomes known to the account: its owner can sign
     * in from there even while the account is slowed by failures from elsewhere.
     */
    async resetPassword(token: string, password: string, ip: string) {
      const passwordHash = await passwords.hash(password);
      const userId = await db.transaction().execute(async (trx) => {
        const reset = await repo.lockPasswordReset(trx, tokenHasher.hash(token));
        if (!reset || reset.consumed_at || reset.expires_at <= now()) return null;
        await repo.setPassword(trx, reset.user_id, passwordHash, now());
        await repo.revokeAllSessions(trx, 'user', reset.user_id, now());
        return reset.user_id;
      });
      if (!userId)
        throw new AppError('validation', RESET_INVALID, { fieldErrors: { token: [RESET_INVALID] } });
      const account = await repo.findAccountById(db, userId);
      if (account) await attempts.trust(account.email, ip);
      return {};
    },
  };
}
