import { OPERATOR_SETUP_LINK_HOURS } from '@skydesk/contract';
import type { ThrottlePolicy } from '../../platform/security/sign-in-throttle.js';

/** docs/architecture.md §6 and the auth issue: every number of the sign-in rules in one place. */
export const AUTH_RULES = {
  codeTtlMinutes: 10,
  codeMaxAttempts: 5,
  resendCooldownSeconds: 60,
  resendPerHour: 5,
  challengeTtlSeconds: 600,
  challengeMaxAttempts: 5,
  resetTtlMinutes: 30,
  sessionMaxHours: 12,
  /**
   * Failed sign-ins slow down, never lock (docs/decisions/008-sign-in-throttling.md): per account
   * and source, then per account and per source at much higher ceilings; waits of 1 s, 2 s, 4 s …
   * up to 15 minutes. A code step allows two challenges' worth of wrong codes before it waits.
   */
  signInThrottle: {
    password: { perPair: 5, perAccount: 20, perSource: 100, firstDelaySeconds: 1, maxDelaySeconds: 900 },
    second_factor: {
      perPair: 10,
      perAccount: 20,
      perSource: 100,
      firstDelaySeconds: 1,
      maxDelaySeconds: 900,
    },
  } satisfies ThrottlePolicy,
  codeChecksPerIp: { bucket: 'code:ip', limit: 30, windowSeconds: 300 },
  registrationsPerIp: { bucket: 'register:ip', limit: 10, windowSeconds: 3600 },
  forgotPerIp: { bucket: 'forgot:ip', limit: 10, windowSeconds: 900 },
  forgotPerAccount: { bucket: 'forgot:account', limit: 3, windowSeconds: 3600 },
  resendPerAccount: { bucket: 'resend:account', limit: 5, windowSeconds: 3600 },
} as const;

export const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Operators' own numbers (issue 11); the rest (codes, challenges, 12-hour sessions) are AUTH_RULES'.
 * A handful of accounts that can act on every agency: an account guessed at from many sources,
 * or a source guessing across operator accounts, is slowed far sooner than for agencies, whose
 * one office address may serve many agents. Nothing locks: the longest wait is 15 minutes.
 */
export const OPERATOR_RULES = {
  signInThrottle: {
    password: { perPair: 5, perAccount: 10, perSource: 20, firstDelaySeconds: 1, maxDelaySeconds: 900 },
    second_factor: {
      perPair: 10,
      perAccount: 10,
      perSource: 20,
      firstDelaySeconds: 1,
      maxDelaySeconds: 900,
    },
  } satisfies ThrottlePolicy,
  setupLinkHours: OPERATOR_SETUP_LINK_HOURS,
  setupPasswordPerIp: { bucket: 'operator-setup:ip', limit: 10, windowSeconds: 900 },
} as const;
