import { AppError } from '@skydesk/contract';
import type { CodePurpose } from '../../platform/db/schema.js';
import { generateSixDigitCode } from '../../platform/security/one-time-code.js';
import type { AuthDeps } from './deps.js';
import { verificationCodeMail } from './mails.js';
import * as repo from './repo.js';
import { AUTH_RULES } from './rules.js';

export const CODE_WRONG = 'The code is not correct';
const CODE_EXPIRED = 'The code has expired. Request a new one.';
const CODE_EXHAUSTED = 'Too many wrong attempts. Request a new code.';

export const codeError = (message: string) =>
  new AppError('validation', message, { fieldErrors: { code: [message] } });

type Recipient = { id: string; name: string; email: string };

/** The 6-digit codes agency users are e-mailed at registration and at sign-in (docs/architecture.md §6). */
export function createEmailedCodes({ db, clock, platform }: AuthDeps) {
  const { rateLimiter, tokenHasher, mailer } = platform;
  const now = () => clock.now();

  async function send(user: Recipient, purpose: CodePurpose) {
    const code = generateSixDigitCode();
    await repo.replaceCode(db, {
      userId: user.id,
      purpose,
      codeHash: tokenHasher.hash(code),
      expiresAt: new Date(now().getTime() + AUTH_RULES.codeTtlMinutes * 60_000),
      now: now(),
    });
    await mailer.send(
      verificationCodeMail({
        to: user.email,
        name: user.name,
        code,
        minutes: AUTH_RULES.codeTtlMinutes,
        purpose,
      }),
    );
  }

  return {
    send,

    /** A new code at most once a minute and five times an hour per account (spec: cool-down shown). */
    async resend(user: Recipient, purpose: CodePurpose) {
      const latest = await repo.latestCode(db, user.id, purpose);
      if (latest) {
        const waited = (now().getTime() - latest.created_at.getTime()) / 1000;
        if (waited < AUTH_RULES.resendCooldownSeconds) {
          const retryAfter = Math.ceil(AUTH_RULES.resendCooldownSeconds - waited);
          throw new AppError(
            'rate_limited',
            `Please wait ${retryAfter} seconds before asking for a new code.`,
            {
              retryAfter,
              data: { retry_after: retryAfter },
            },
          );
        }
      }
      await rateLimiter.consume(AUTH_RULES.resendPerAccount, user.id);
      await send(user, purpose);
    },

    /** Checks a code: single use, 10 minutes, at most 5 wrong tries, then a new one is needed. */
    async check(userId: string, purpose: CodePurpose, code: string) {
      const outcome = await db.transaction().execute(async (trx) => {
        const live = await repo.lockLiveCode(trx, userId, purpose);
        if (!live || live.expires_at <= now()) return CODE_EXPIRED;
        if (live.attempts >= AUTH_RULES.codeMaxAttempts) return CODE_EXHAUSTED;
        if (!tokenHasher.matches(code, live.code_hash)) {
          await repo.recordCodeAttempt(trx, live.id);
          return live.attempts + 1 >= AUTH_RULES.codeMaxAttempts ? CODE_EXHAUSTED : CODE_WRONG;
        }
        await repo.consumeCode(trx, live.id, now());
        return null;
      });
      if (outcome) throw codeError(outcome);
    },
  };
}
export type EmailedCodes = ReturnType<typeof createEmailedCodes>;
