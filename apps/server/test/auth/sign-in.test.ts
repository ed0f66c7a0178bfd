import { SUCCESS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  base32SecretOf,
  expectNoSecrets,
  latestCode,
  login,
  onboardedOwner,
  outbox,
  post,
  randomIp,
  refreshCookieOf,
  registerCompany,
  signIn,
  type TestApp,
  totpCode,
  uniqueEmail,
  userRow,
  verifyEmailFromOutbox,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

const STEP = 30_000;

const qrCode = (t: TestApp, challenge: string) =>
  post(t, '/api/user/generate-qrcode', undefined, { token: challenge });
const verifyTotp = (t: TestApp, challenge: string, code: string) =>
  post(t, '/api/user/verify-google-authenticator', { code }, { token: challenge });

/** Signs in with the password and answers the challenge token of the step the server asks for. */
async function challengeFor(t: TestApp, email: string, password: string, expected: string) {
  const res = await login(t, email, password);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.next).toBe(expected);
  return res.json().data.challenge_token as string;
}

describe.each(storeKinds())('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  describe('the steps', () => {
    it('asks an unverified owner for a mailed login code, then the authenticator set-up', async () => {
      const { email, password } = await registerCompany(t);
      const res = await login(t, email, password);
      expect(res.statusCode).toBe(200);
      const step = res.json();
      expect(step.message).toBe('We e-mailed you a verification code');
      expect(step.data).toMatchObject({ next: 'verify_email', email });
      expectNoSecrets(res, [password]);
      const [mail] = await outbox(t, email);
      expect(mail!.subject).toBe('Your SkyDesk sign-in code');
      const code = await latestCode(t, email);

      const verified = await post(t, '/api/verify-verification-code-login', {
        email,
        code,
        challenge_token: step.data.challenge_token,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().data.next).toBe('setup_2fa');
      expect(verified.json().data.challenge_token).not.toBe(step.data.challenge_token);
      expect((await userRow(t.store.db, email)).email_verified_at).not.toBeNull();

      // The spent challenge and the spent code are both dead.
      const replay = await post(t, '/api/verify-verification-code-login', {
        email,
        code,
        challenge_token: step.data.challenge_token,
      });
      expect(replay.statusCode).toBe(401);
    });

    it('refuses a wrong login code (422) and a login code for another e-mail (401)', async () => {
      const { email, password } = await registerCompany(t);
      const challenge = await challengeFor(t, email, password, 'verify_email');
      const code = await latestCode(t, email);
      const wrong = await post(t, '/api/verify-verification-code-login', {
        email,
        code: code === '000000' ? '000001' : '000000',
        challenge_token: challenge,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().data.errors.code).toEqual(['The code is not correct']);
      const other = await post(t, '/api/verify-verification-code-login', {
        email: uniqueEmail(),
        code,
        challenge_token: challenge,
      });
      expect(other.statusCode).toBe(401);
    });

    it('keeps the login code cool-down on resend (429 with Retry-After), then sends a new code', async () => {
      const { email, password } = await registerCompany(t);
      const challenge = await challengeFor(t, email, password, 'verify_email');
      const soon = await post(t, '/api/resend-verification-code-login', {
        email,
        challenge_token: challenge,
      });
      expect(soon.statusCode).toBe(429);
      expect(soon.headers['retry-after']).toBe('60');
      t.clock.advance(60_000);
      const later = await post(t, '/api/resend-verification-code-login', {
        email,
        challenge_token: challenge,
      });
      expect(later.statusCode).toBe(200);
      expect(later.json().message).toBe(SUCCESS.codeResent);
      const code = await latestCode(t, email);
      const verified = await post(t, '/api/verify-verification-code-login', {
        email,
        code,
        challenge_token: challenge,
      });
      expect(verified.statusCode).toBe(200);
    });

    it('does not let a verify_email challenge skip to the authenticator steps (401)', async () => {
      const { email, password } = await registerCompany(t);
      const challenge = await challengeFor(t, email, password, 'verify_email');
      expect((await qrCode(t, challenge)).statusCode).toBe(401);
      expect((await verifyTotp(t, challenge, '123456')).statusCode).toBe(401);
    });

    it('enrols the authenticator: a PNG QR code and otpauth URL, then a session and refresh cookie', async () => {
      const { email, password } = await registerCompany(t);
      await verifyEmailFromOutbox(t, email);
      const challenge = await challengeFor(t, email, password, 'setup_2fa');

      const qr = await qrCode(t, challenge);
      expect(qr.statusCode).toBe(200);
      const { qr_code, otpauth_url } = qr.json().data;
      expect(qr_code).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(qr_code.slice('data:image/png;base64,'.length), 'base64');
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const url = new URL(otpauth_url);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(url.searchParams.get('issuer')).toBe('SkyDesk');
      expect(decodeURIComponent(url.pathname)).toContain(email);
      const secret = base32SecretOf(otpauth_url);
      // Reloading the QR screen keeps the same pending secret.
      expect(base32SecretOf((await qrCode(t, challenge)).json().data.otpauth_url)).toBe(secret);

      const session = await verifyTotp(t, challenge, totpCode(secret, t.clock.now()));
      expect(session.statusCode, session.body).toBe(200);
      const { token, user } = session.json().data;
      expect(token.split('.')).toHaveLength(3);
      expect(user).toMatchObject({ email, is_owner: true, role: { name: 'Owner' } });
      expectNoSecrets(session, [secret, password]);

      const { cookie } = refreshCookieOf(session);
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Strict');
      expect(cookie.path).toBe('/api/auth');
      const raw = String(session.headers['set-cookie']);
      expect(raw).toMatch(/HttpOnly/i);
      expect(raw).toMatch(/SameSite=Strict/i);
      expect(raw).toMatch(/Path=\/api\/auth/);

      // The challenge is spent once the session is issued.
      t.clock.advance(STEP);
      expect((await verifyTotp(t, challenge, totpCode(secret, t.clock.now()))).statusCode).toBe(401);
    });

    it('asks only for the authenticator code at the next sign-in, and mails nothing', async () => {
      const owner = await onboardedOwner(t);
      const mailsBefore = (await outbox(t, owner.email)).length;
      const res = await login(t, owner.email, owner.password);
      expect(res.json().data.next).toBe('verify_2fa');
      expect(res.json().message).toBe(SUCCESS.checkAuthenticator);
      expect(await outbox(t, owner.email)).toHaveLength(mailsBefore);
      await signIn(t, owner);
    });

    it('answers 409 to generate-qrcode once an authenticator is enrolled', async () => {
      const owner = await onboardedOwner(t);
      const challenge = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      const res = await qrCode(t, challenge);
      expect(res.statusCode).toBe(409);
      expect(res.json().status).toBe(false);
      // The enrolled secret is unchanged: the authenticator still signs in.
      t.clock.advance(STEP);
      expect((await verifyTotp(t, challenge, totpCode(owner.secret, t.clock.now()))).statusCode).toBe(200);
    });

    it('keeps the TOTP secret encrypted at rest', async () => {
      const owner = await onboardedOwner(t);
      const row = await userRow(t.store.db, owner.email);
      expect(row.totp_secret_enc).toBeTruthy();
      expect(row.totp_secret_enc).not.toContain(owner.secret);
      expect(row.totp_secret_enc).not.toContain(owner.secret.toLowerCase());
      expect(row.totp_secret_enc).not.toContain(Buffer.from(owner.secret).toString('base64url'));
    });

    it('lets a challenge token live 10 minutes', async () => {
      const { email, password } = await registerCompany(t);
      await verifyEmailFromOutbox(t, email);
      const challenge = await challengeFor(t, email, password, 'setup_2fa');
      t.clock.advance(10 * 60_000 + 1000);
      expect((await qrCode(t, challenge)).statusCode).toBe(401);
    });
  });

  describe('authenticator codes', () => {
    it('accepts the current step and the step before', async () => {
      const owner = await onboardedOwner(t);
      t.clock.advance(5 * 60_000);
      const previous = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      const late = await verifyTotp(
        t,
        previous,
        totpCode(owner.secret, new Date(t.clock.now().getTime() - STEP)),
      );
      expect(late.statusCode, late.body).toBe(200);

      t.clock.advance(5 * 60_000);
      const current = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      expect((await verifyTotp(t, current, totpCode(owner.secret, t.clock.now()))).statusCode).toBe(200);
    });

    it('refuses the next step and steps further back', async () => {
      const owner = await onboardedOwner(t);
      t.clock.advance(5 * 60_000);
      const challenge = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      const now = t.clock.now().getTime();
      for (const at of [now + STEP, now - 2 * STEP]) {
        const res = await verifyTotp(t, challenge, totpCode(owner.secret, new Date(at)));
        expect(res.statusCode).toBe(422);
        expect(res.json().data.errors).toEqual({ code: ['The authenticator code is not correct'] });
      }
      expect((await verifyTotp(t, challenge, totpCode(owner.secret, t.clock.now()))).statusCode).toBe(200);
    });

    it('never accepts the same step twice, even in a new challenge', async () => {
      const owner = await onboardedOwner(t);
      const used = totpCode(owner.secret, t.clock.now());
      const again = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      expect((await verifyTotp(t, again, used)).statusCode).toBe(422);
      // One step later the spent code is "the step before": still refused.
      t.clock.advance(STEP);
      expect((await verifyTotp(t, again, used)).statusCode).toBe(422);
      expect((await verifyTotp(t, again, totpCode(owner.secret, t.clock.now()))).statusCode).toBe(200);
    });

    it('ends the challenge after 5 wrong codes; then even the right code is refused (401)', async () => {
      const owner = await onboardedOwner(t);
      t.clock.advance(5 * 60_000);
      const challenge = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      const right = totpCode(owner.secret, t.clock.now());
      const wrong = right === '000000' ? '000001' : '000000';
      for (let i = 1; i <= 4; i++) expect((await verifyTotp(t, challenge, wrong)).statusCode).toBe(422);
      const fifth = await verifyTotp(t, challenge, wrong);
      expect(fifth.statusCode).toBe(401);
      expect(fifth.json().message).toBe('Too many wrong codes. Please sign in again.');
      expect((await verifyTotp(t, challenge, right)).statusCode).toBe(401);
      // A new sign-in starts over.
      const fresh = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      expect((await verifyTotp(t, fresh, right)).statusCode).toBe(200);
    });

    it('keeps the 5-try limit when the guesses arrive all at once', async () => {
      const owner = await onboardedOwner(t);
      t.clock.advance(5 * 60_000);
      const challenge = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      const valid = new Set(
        [-1, 0].map((step) => totpCode(owner.secret, new Date(t.clock.now().getTime() + step * STEP))),
      );
      const guesses = Array.from({ length: 40 }, (_, i) => String(100_000 + i * 7919)).filter(
        (g) => !valid.has(g),
      );
      const answers = await Promise.all(guesses.map((guess) => verifyTotp(t, challenge, guess)));
      // Only the first four wrong codes may be answered as a retry; every later one finds the
      // challenge dead, or waits out the sign-in throttle (sign-in-throttle.test.ts).
      const retries = answers.filter((res) => res.statusCode === 422);
      expect(retries.length).toBeLessThanOrEqual(4);
      expect(answers.every((res) => [422, 401, 429].includes(res.statusCode))).toBe(true);
      const row = await t.store.db
        .selectFrom('auth_challenges')
        .select('attempts')
        .where('subject_id', '=', owner.user.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBeLessThanOrEqual(5);
    });

    it('issues one session per challenge, even for two right codes at once', async () => {
      const owner = await onboardedOwner(t);
      t.clock.advance(5 * 60_000);
      const challenge = await challengeFor(t, owner.email, owner.password, 'verify_2fa');
      const now = t.clock.now().getTime();
      const answers = await Promise.all(
        [now - STEP, now].map((at) => verifyTotp(t, challenge, totpCode(owner.secret, new Date(at)))),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    });
  });

  describe('failed sign-ins', () => {
    it('answers the same for an unknown e-mail and a wrong password', async () => {
      const { email } = await registerCompany(t);
      const wrong = await login(t, email, 'not-the-password-1');
      const unknown = await login(t, uniqueEmail(), 'not-the-password-1');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ status: false, message: 'Invalid email or password' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('slows a source after 5 failures with a clear message (the right password from it waits too)', async () => {
      const { email, password } = await registerCompany(t);
      const ip = randomIp();
      for (let i = 1; i <= 5; i++) {
        expect((await login(t, email, `wrong-password-${i}`, { ip })).statusCode).toBe(401);
      }
      const waiting = await login(t, email, password, { ip });
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('1');
      expect(waiting.json().message).toBe(
        'Too many failed sign-in attempts. Try again in 1 second or reset your password.',
      );
      // Not a lock: the account's owner elsewhere is not affected, and this source waits a second.
      expect((await login(t, email, password)).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await login(t, email, password, { ip })).statusCode).toBe(200);
    });

    it('slows an unknown e-mail the same way (no account enumeration)', async () => {
      const stranger = uniqueEmail();
      const ip = randomIp();
      for (let i = 1; i <= 5; i++)
        expect((await login(t, stranger, `wrong-password-${i}`, { ip })).statusCode).toBe(401);
      expect((await login(t, stranger, 'wrong-password-6', { ip })).statusCode).toBe(429);
    });

    // Per source across accounts, per account across sources: sign-in-throttle.test.ts.
  });
});
