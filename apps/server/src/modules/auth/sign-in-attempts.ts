import { AppError, SIGN_IN_THROTTLED } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database, PrincipalKind, SignInStep } from '../../platform/db/schema.js';
import { createSignInThrottle, type ThrottlePolicy } from '../../platform/security/sign-in-throttle.js';

/**
 * The sign-in throttle (sign-in-throttle.ts) as the sign-in steps use it: an attempt that must
 * wait is a 429 with the wait in Retry-After. Each principal kind counts on its own, with its own
 * numbers (agency users AUTH_RULES, operators OPERATOR_RULES).
 */
export function createSignInAttempts(options: {
  db: Kysely<Database>;
  clock: Clock;
  principal: PrincipalKind;
  policy: ThrottlePolicy;
}) {
  const throttle = createSignInThrottle({
    db: options.db,
    now: () => options.clock.now(),
    principal: options.principal,
    policy: options.policy,
  });
  return {
    /** Counts an attempt at a sign-in step, or answers 429 with the wait if it must not be tried yet. */
    async admit(step: SignInStep, account: string, ip: string) {
      const admission = await throttle.admit(step, account, ip);
      if (admission.admitted) return admission;
      const { retryAfter } = admission;
      const message =
        step === 'password' ? SIGN_IN_THROTTLED.password(retryAfter) : SIGN_IN_THROTTLED.code(retryAfter);
      throw new AppError('rate_limited', message, { retryAfter });
    },
    /** The account proved itself from this source (a full sign-in, a password reset). */
    trust: (account: string, ip: string) => throttle.trust(account, ip),
  };
}
export type SignInAttempts = ReturnType<typeof createSignInAttempts>;
export type AdmittedAttempt = Awaited<ReturnType<SignInAttempts['admit']>>;
