import { randomBytes } from 'node:crypto';
import {
  AppError,
  type LoginNext,
  type Me,
  type RegisterCompanyBody,
  SERVER,
  type Session,
  SIGN_IN_THROTTLED,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import QRCode from 'qrcode';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { CodePurpose, Database } from '../../platform/db/schema.js';
import type { ChallengePrincipal, CompanyPrincipal } from '../../platform/http/principal.js';
import type { Platform } from '../../platform/module.js';
import { generateSixDigitCode } from '../../platform/security/one-time-code.js';
import { createSignInThrottle, type ThrottlePolicy } from '../../platform/security/sign-in-throttle.js';
import { createAgency } from '../company/create-agency.js';
import { passwordResetMail, verificationCodeMail } from './mails.js';
import { presentCompanySummary, presentSessionUser } from './presenters.js';
import * as repo from './repo.js';
import { matchTotpStep, newTotpSecret, totpFor } from './totp.js';

/** DESIGN.md §6 and the auth issue: every number of the sign-in rules in one place. */
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

const UUID_PATTERN = /^[0-9a-f-]{36}$/;

export const INVALID_CREDENTIALS = 'Invalid email or password';
const CODE_WRONG = 'The code is not correct';
const CODE_EXPIRED = 'The code has expired. Request a new one.';
const CODE_EXHAUSTED = 'Too many wrong attempts. Request a new code.';
const CHALLENGE_DEAD = 'Your sign-in has expired. Please sign in again.';
const TOTP_WRONG = 'The authenticator code is not correct';
const RESET_INVALID = 'This reset link is invalid or has expired. Request a new one.';

/** The refresh cookie (DESIGN.md §6): httpOnly, SameSite=Strict, scoped to /api/auth. */
export const REFRESH_COOKIE = 'skydesk_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

type Deps = {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  platform: Platform;
  log: FastifyBaseLogger;
};

export type IssuedSession = Session & { refreshToken: string; sessionExpiresAt: Date };

const codeError = (message: string) =>
  new AppError('validation', message, { fieldErrors: { code: [message] } });

export function createAuthService({ db, config, clock, platform, log }: Deps) {
  const { rateLimiter, tokens, passwords, tokenHasher, secretBox, mailer } = platform;
  const now = () => clock.now();
  const minutesFromNow = (minutes: number) => new Date(now().getTime() + minutes * 60_000);
  // Compared against when the e-mail is unknown, so both answers take the same time.
  const dummyHash = passwords.hash(randomBytes(16).toString('hex'));
  const throttle = createSignInThrottle({ db, now, principal: 'user', policy: AUTH_RULES.signInThrottle });

  /** Counts an attempt at a sign-in step, or answers 429 with the wait if it must not be tried yet. */
  async function admitAttempt(step: 'password' | 'second_factor', email: string, ip: string) {
    const admission = await throttle.admit(step, email, ip);
    if (admission.admitted) return admission;
    const { retryAfter } = admission;
    const message =
      step === 'password' ? SIGN_IN_THROTTLED.password(retryAfter) : SIGN_IN_THROTTLED.code(retryAfter);
    throw new AppError('rate_limited', message, { retryAfter });
  }

  async function sendCode(user: { id: string; name: string; email: string }, purpose: CodePurpose) {
    const code = generateSixDigitCode();
    await repo.replaceCode(db, {
      userId: user.id,
      purpose,
      codeHash: tokenHasher.hash(code),
      expiresAt: minutesFromNow(AUTH_RULES.codeTtlMinutes),
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

  /** A new code at most once a minute and five times an hour per account (spec: cool-down shown). */
  async function resendCode(user: { id: string; name: string; email: string }, purpose: CodePurpose) {
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
    await sendCode(user, purpose);
  }

  /** Checks a code: single use, 10 minutes, at most 5 wrong tries, then a new one is needed. */
  async function checkCode(userId: string, purpose: CodePurpose, code: string) {
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
  }

  async function nextStepFor(account: repo.UserAccount): Promise<LoginNext> {
    if (!account.email_verified_at) return 'verify_email';
    return account.totp_enabled_at ? 'verify_2fa' : 'setup_2fa';
  }

  async function openChallenge(account: repo.UserAccount, stage: LoginNext) {
    const challenge = await repo.createChallenge(db, {
      principal: 'user',
      subjectId: account.id,
      stage,
      expiresAt: new Date(now().getTime() + AUTH_RULES.challengeTtlSeconds * 1000),
    });
    return tokens.signChallenge(
      { audience: 'user', subjectId: account.id, challengeId: challenge.id },
      AUTH_RULES.challengeTtlSeconds,
    );
  }

  /**
   * The live challenge behind a challenge token, at one of the expected stages. Inside a
   * transaction the row is locked, so guesses against one challenge are counted one at a time.
   */
  async function liveChallenge(
    principal: ChallengePrincipal,
    stages: LoginNext[],
    trx?: Transaction<Database>,
  ) {
    if (principal.audience !== 'user') throw new AppError('unauthorized', CHALLENGE_DEAD);
    const challenge = trx
      ? await repo.lockChallenge(trx, principal.challengeId)
      : await db
          .selectFrom('auth_challenges')
          .selectAll()
          .where('id', '=', principal.challengeId)
          .executeTakeFirst();
    if (
      !challenge ||
      challenge.subject_id !== principal.subjectId ||
      challenge.consumed_at ||
      challenge.expires_at <= now() ||
      !stages.includes(challenge.stage)
    ) {
      throw new AppError('unauthorized', CHALLENGE_DEAD);
    }
    const account = await repo.findAccountById(trx ?? db, challenge.subject_id);
    if (!account?.is_active) throw new AppError('unauthorized', CHALLENGE_DEAD);
    return { challenge, account };
  }

  async function challengeFromBody(token: string): Promise<ChallengePrincipal> {
    try {
      const claims = await tokens.verifyChallenge(token);
      return { kind: 'challenge', ...claims };
    } catch {
      throw new AppError('unauthorized', CHALLENGE_DEAD);
    }
  }

  async function issueSession(account: repo.UserAccount): Promise<IssuedSession> {
    const sessionExpiresAt = new Date(now().getTime() + AUTH_RULES.sessionMaxHours * 3_600_000);
    const session = await repo.createSession(db, {
      principal: 'user',
      subjectId: account.id,
      expiresAt: sessionExpiresAt,
    });
    const refreshToken = await newRefreshToken(session.id);
    const token = await signAccessToken(account, session.id, sessionExpiresAt);
    return { token, user: presentSessionUser(account), refreshToken, sessionExpiresAt };
  }

  async function newRefreshToken(sessionId: string, trx: Parameters<typeof repo.createRefreshToken>[0] = db) {
    const secret = randomBytes(32).toString('base64url');
    const row = await repo.createRefreshToken(trx, sessionId, tokenHasher.hash(secret));
    return `${row.id}.${secret}`;
  }

  function signAccessToken(account: repo.UserAccount, sessionId: string, sessionExpiresAt: Date) {
    // Never outlive the session's 12-hour ceiling (DESIGN.md §6).
    const remaining = Math.floor((sessionExpiresAt.getTime() - now().getTime()) / 1000);
    return tokens.signAccess(
      {
        kind: 'company',
        subjectId: account.id,
        sessionId,
        sessionVersion: account.session_version,
        permissions: account.permissions,
        companyId: account.company_id,
      },
      Math.max(1, Math.min(config.accessTokenTtlSeconds, remaining)),
    );
  }

  return {
    async registerCompany(body: RegisterCompanyBody, ip: string) {
      await rateLimiter.consume(AUTH_RULES.registrationsPerIp, ip);
      const emailInUse = new AppError('validation', 'This e-mail is already registered', {
        fieldErrors: { email: ['This e-mail is already registered. Sign in or reset your password.'] },
      });
      if (await repo.emailTaken(db, body.email)) throw emailInUse;
      const passwordHash = await passwords.hash(body.password);
      const { owner } = await db
        .transaction()
        .execute((trx) =>
          createAgency(trx, {
            company: {
              name: body.company_name,
              contactName: body.contact_name,
              email: body.email,
              phone: body.phone,
              country: body.country,
              city: body.city,
              address: body.address,
              iataNumber: body.iata_number ?? null,
              currency: config.currency,
            },
            owner: { passwordHash },
          }),
        )
        .catch((error: { code?: string }) => {
          // Two registrations of one e-mail at once: the unique index decides.
          if (error.code === '23505') throw emailInUse;
          throw error;
        });
      await sendCode(owner, 'email_verification');
      return { email: owner.email };
    },

    async verifyEmail(email: string, code: string, ip: string) {
      await rateLimiter.consume(AUTH_RULES.codeChecksPerIp, ip);
      const account = await repo.findAccountByEmail(db, email);
      if (!account) throw codeError(CODE_WRONG);
      if (account.email_verified_at) {
        throw new AppError('conflict', 'This e-mail is already verified. Please sign in.');
      }
      await checkCode(account.id, 'email_verification', code);
      await repo.markEmailVerified(db, account, now());
      return { verified: true as const };
    },

    /** Same answer whether or not the e-mail is known (API.md). */
    async resendEmailCode(email: string, ip: string) {
      await rateLimiter.consume(AUTH_RULES.codeChecksPerIp, ip);
      const account = await repo.findAccountByEmail(db, email);
      if (!account || account.email_verified_at) return {};
      await resendCode(account, 'email_verification');
      return {};
    },

    /**
     * The password step. Throttled before the password is checked, the same way whether or not
     * the e-mail is known (an unknown e-mail is still compared against a hash, for the timing).
     */
    async login(email: string, password: string, ip: string) {
      const attempt = await admitAttempt('password', email, ip);
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
      const next = await nextStepFor(account);
      if (next === 'verify_email') await sendCode(account, 'login');
      return { next, challenge_token: await openChallenge(account, next), email: account.email };
    },

    /** The e-mailed code step; its wrong codes are throttled like the authenticator's. */
    async verifyLoginCode(email: string, code: string, challengeToken: string, ip: string) {
      const { challenge, account } = await liveChallenge(await challengeFromBody(challengeToken), [
        'verify_email',
      ]);
      if (account.email.toLowerCase() !== email) throw new AppError('unauthorized', CHALLENGE_DEAD);
      const attempt = await admitAttempt('second_factor', account.email, ip);
      try {
        await checkCode(account.id, 'login', code);
      } catch (error) {
        await attempt.failed();
        throw error;
      }
      await attempt.succeeded();
      await repo.markEmailVerified(db, account, now());
      await repo.consumeChallenge(db, challenge.id, now());
      const verified = { ...account, email_verified_at: now() };
      const next = await nextStepFor(verified);
      return { next, challenge_token: await openChallenge(verified, next) };
    },

    async resendLoginCode(email: string, challengeToken: string) {
      const { account } = await liveChallenge(await challengeFromBody(challengeToken), ['verify_email']);
      if (account.email.toLowerCase() !== email) throw new AppError('unauthorized', CHALLENGE_DEAD);
      await resendCode(account, 'login');
      return {};
    },

    async generateQrCode(principal: ChallengePrincipal) {
      const { account } = await liveChallenge(principal, ['setup_2fa', 'verify_2fa']);
      if (account.totp_enabled_at) {
        throw new AppError('conflict', 'The authenticator app is already set up. Enter its code to sign in.');
      }
      // Keep a pending secret across reloads of the QR screen; a new one only if none is pending.
      let sealed = account.totp_secret_enc;
      if (!sealed) {
        const fresh = secretBox.seal(newTotpSecret());
        const saved = await repo.savePendingTotpSecretIfNone(db, account.id, fresh, now());
        sealed = saved ? fresh : ((await repo.findAccountById(db, account.id))?.totp_secret_enc ?? null);
        if (!sealed) throw new AppError('unauthorized', CHALLENGE_DEAD);
      }
      const secret = secretBox.open(sealed);
      const otpauthUrl = totpFor(secret, account.email).toString();
      const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { qr_code: qrCode, otpauth_url: otpauthUrl };
    },

    /**
     * One guess at a time per challenge (the row is locked): parallel guesses can neither exceed
     * the 5 tries nor turn one challenge into two sessions. Wrong codes across challenges are
     * throttled; a session makes its source known to the account (sign-in-throttle.ts).
     */
    async verifyAuthenticator(
      principal: ChallengePrincipal,
      code: string,
      ip: string,
    ): Promise<IssuedSession> {
      // A dead challenge is refused before anything is counted.
      const { account: signingIn } = await liveChallenge(principal, ['setup_2fa', 'verify_2fa']);
      const attempt = await admitAttempt('second_factor', signingIn.email, ip);
      const guess = db.transaction().execute(async (trx) => {
        const { challenge, account } = await liveChallenge(principal, ['setup_2fa', 'verify_2fa'], trx);
        if (!account.totp_secret_enc) return 'no_secret' as const;
        const step = matchTotpStep(secretBox.open(account.totp_secret_enc), code, now());
        const accepted = step !== null && (await repo.acceptTotpStep(trx, account.id, step, now()));
        if (!accepted) {
          await repo.recordChallengeAttempt(trx, challenge.id, AUTH_RULES.challengeMaxAttempts, now());
          return challenge.attempts + 1 >= AUTH_RULES.challengeMaxAttempts ? 'exhausted' : 'wrong';
        }
        await repo.consumeChallenge(trx, challenge.id, now());
        return { accountId: account.id };
      });
      const outcome = await guess.catch(async (error) => {
        // e.g. the challenge ended in the meantime: no code was compared.
        await attempt.discard();
        throw error;
      });
      if (outcome === 'no_secret') {
        await attempt.discard();
        throw new AppError('conflict', 'Scan the QR code with your authenticator app first.');
      }
      if (outcome === 'exhausted' || outcome === 'wrong') await attempt.failed();
      if (outcome === 'exhausted') {
        throw new AppError('unauthorized', 'Too many wrong codes. Please sign in again.');
      }
      if (outcome === 'wrong') {
        throw new AppError('validation', TOTP_WRONG, { fieldErrors: { code: [TOTP_WRONG] } });
      }
      await attempt.succeeded();
      const fresh = await repo.findAccountById(db, outcome.accountId);
      await throttle.trust(fresh!.email, ip);
      return issueSession(fresh!);
    },

    /**
     * Rotates the refresh token. A token that was already replaced is a stolen copy being
     * replayed (or the real one after theft): every session of that user ends.
     */
    async refresh(presented: string): Promise<IssuedSession> {
      const dead = () => new AppError('unauthorized', SERVER.unauthorized);
      const [id, secret] = presented.split('.');
      if (!id || !secret || !UUID_PATTERN.test(id)) throw dead();
      const result = await db.transaction().execute(async (trx) => {
        const row = await repo.lockRefreshToken(trx, id);
        if (!row || !tokenHasher.matches(secret, row.token_hash) || row.principal !== 'user')
          return { error: 'dead' as const };
        if (row.replaced_at) {
          await repo.revokeAllUserSessions(trx, row.subject_id, now());
          return { error: 'reuse' as const, userId: row.subject_id };
        }
        if (row.revoked_at || row.expires_at <= now()) return { error: 'dead' as const };
        await repo.markRefreshTokenReplaced(trx, row.id, now());
        const refreshToken = await newRefreshToken(row.session_id, trx);
        return {
          refreshToken,
          sessionId: row.session_id,
          userId: row.subject_id,
          sessionExpiresAt: row.expires_at,
        };
      });
      if ('error' in result) {
        if (result.error === 'reuse')
          log.warn({ userId: result.userId }, 'refresh token reuse: all sessions revoked');
        throw dead();
      }
      const account = await repo.findAccountById(db, result.userId);
      if (!account?.is_active) throw dead();
      const token = await signAccessToken(account, result.sessionId, result.sessionExpiresAt);
      return {
        token,
        user: presentSessionUser(account),
        refreshToken: result.refreshToken,
        sessionExpiresAt: result.sessionExpiresAt,
      };
    },

    async logout(principal: CompanyPrincipal) {
      await repo.revokeSession(db, principal.sessionId, now());
      return {};
    },

    /** Logout by the refresh cookie: works after the access token expired (the cookie's path). */
    async endSessionOfRefreshToken(presented: string) {
      const [id, secret] = presented.split('.');
      if (!id || !secret || !UUID_PATTERN.test(id)) return {};
      const row = await repo.findRefreshToken(db, id);
      if (row && tokenHasher.matches(secret, row.token_hash))
        await repo.revokeSession(db, row.session_id, now());
      return {};
    },

    async me(principal: CompanyPrincipal): Promise<Me> {
      const account = await repo.findAccountById(db, principal.userId);
      if (!account) throw new AppError('unauthorized', SERVER.unauthorized);
      return {
        user: presentSessionUser(account),
        company: presentCompanySummary(account),
        permissions: principal.permissions,
      };
    },

    /**
     * Always answers the same, at once; the work (token, mail) happens afterwards, so neither
     * the answer nor its timing tells whether the e-mail is known (DESIGN.md §6).
     */
    async forgotPassword(email: string, ip: string) {
      await rateLimiter.consume(AUTH_RULES.forgotPerIp, ip);
      setImmediate(() => {
        this.sendPasswordReset(email).catch((error) =>
          log.error({ err: error }, 'password reset mail failed'),
        );
      });
      return {};
    },

    async sendPasswordReset(email: string) {
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
        expiresAt: minutesFromNow(AUTH_RULES.resetTtlMinutes),
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
        await repo.revokeAllUserSessions(trx, reset.user_id, now());
        return reset.user_id;
      });
      if (!userId)
        throw new AppError('validation', RESET_INVALID, { fieldErrors: { token: [RESET_INVALID] } });
      const account = await repo.findAccountById(db, userId);
      if (account) await throttle.trust(account.email, ip);
      return {};
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
