import { SUCCESS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  companyBody,
  expectNoSecrets,
  latestCode,
  login,
  outbox,
  post,
  registerCompany,
  type TestApp,
  uniqueEmail,
  userRow,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

const MINUTE = 60_000;
/** A 6-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const verify = (t: TestApp, email: string, code: string) =>
  post(t, '/api/verify-verification-code', { email, code });
const resend = (t: TestApp, email: string) => post(t, '/api/resend-verification-code', { email });

describe.each(storeKinds())('registration and e-mailed codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  describe('registration', () => {
    it('registers the agency and its owner (201) and mails a 6-digit code', async () => {
      const email = uniqueEmail();
      const { res } = await registerCompany(t, { email: email.toUpperCase() });
      expect(res.json()).toEqual({ status: true, message: SUCCESS.registered, data: { email } });
      expectNoSecrets(res);

      const mails = await outbox(t, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Verify your SkyDesk account');
      expect(await latestCode(t, email)).toMatch(/^\d{6}$/);

      const user = await userRow(t.store.db, email);
      expect(user.is_owner).toBe(true);
      expect(user.email_verified_at).toBeNull();
      expect(user.password_hash).toMatch(/^scrypt\$/);
      const company = await t.store.db
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', user.company_id)
        .executeTakeFirstOrThrow();
      expect(company.verification_status).toBe('registered');
    });

    it('refuses an e-mail already registered, whatever its case (422 on email)', async () => {
      const { email } = await registerCompany(t);
      const res = await post(t, '/api/register-company', companyBody({ email: email.toUpperCase() }));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().data.errors)).toEqual(['email']);
      expect(
        await t.store.db.selectFrom('users').select('id').where('email', '=', email).execute(),
      ).toHaveLength(1);
    });

    it('takes one of two registrations of one e-mail sent at once; the other is a 422, not a 500', async () => {
      const email = uniqueEmail();
      const answers = await Promise.all([
        post(t, '/api/register-company', companyBody({ email })),
        post(t, '/api/register-company', companyBody({ email })),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422]);
      const refused = answers.find((res) => res.statusCode === 422)!;
      expect(Object.keys(refused.json().data.errors)).toEqual(['email']);
    });

    it('answers 422 with errors keyed by field: country, phone, unknown field', async () => {
      const body = companyBody({ country: 'XX', phone: 'call me', surprise: true });
      const res = await post(t, '/api/register-company', body);
      expect(res.statusCode).toBe(422);
      const { status, data } = res.json();
      expect(status).toBe(false);
      expect(Object.keys(data.errors).sort()).toEqual(['country', 'phone', 'surprise']);
      expect(data.errors.surprise).toEqual(['Unknown field']);
      expect(data.errors.country).toEqual(['Choose a country']);

      const lowercase = await post(t, '/api/register-company', companyBody({ country: 'ae' }));
      expect(Object.keys(lowercase.json().data.errors)).toEqual(['country']);
      const missing = await post(t, '/api/register-company', { ...companyBody(), city: undefined });
      expect(missing.json().data.errors.city).toEqual(['This field is required']);
      const created = await t.store.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', String(body.email))
        .execute();
      expect(created).toHaveLength(0);
    });
  });

  describe('passwords', () => {
    it.each([
      ['9 characters', 'Kq7#mZp2x'],
      ['129 characters', `Kq7#${'x'.repeat(125)}`],
      ['a common password', 'Password123'],
      ['one repeated character', 'zzzzzzzzzzzz'],
    ])('refuses %s (422 on password)', async (_, password) => {
      const res = await post(t, '/api/register-company', companyBody({ password }));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().data.errors)).toEqual(['password']);
    });

    it('accepts 10 and 128 characters and never truncates a long one', async () => {
      await registerCompany(t, { password: 'Kq7#mZp2xW' });
      const long = `Kq7#${'long passphrase '.repeat(8)}`.slice(0, 128);
      expect(long).toHaveLength(128);
      const { email } = await registerCompany(t, { password: long });
      // The password checks before the e-mail step: a wrong (truncated) one is refused.
      expect((await login(t, email, long.slice(0, 127))).statusCode).toBe(401);
      expect((await login(t, email, long)).statusCode).toBe(200);
    });

    it('never sends the hash back', async () => {
      const { email, password, res } = await registerCompany(t);
      expectNoSecrets(res, [password]);
      const signIn = await login(t, email, password);
      expectNoSecrets(signIn, [password]);
      const wrong = await login(t, email, 'not the password at all');
      expectNoSecrets(wrong);
    });
  });

  describe('e-mail verification codes', () => {
    it('verifies the e-mail with the code; the company moves to email_verified', async () => {
      const { email } = await registerCompany(t);
      const code = await latestCode(t, email);
      const res = await verify(t, email, code);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ verified: true });
      const user = await userRow(t.store.db, email);
      expect(user.email_verified_at).not.toBeNull();
      const company = await t.store.db
        .selectFrom('companies')
        .select('verification_status')
        .where('id', '=', user.company_id)
        .executeTakeFirstOrThrow();
      expect(company.verification_status).toBe('email_verified');
      // Verified already: a second attempt is a state conflict.
      expect((await verify(t, email, code)).statusCode).toBe(409);
    });

    it('keeps only a keyed hash of the code at rest', async () => {
      const { email } = await registerCompany(t);
      const code = await latestCode(t, email);
      const user = await userRow(t.store.db, email);
      const rows = await t.store.db
        .selectFrom('verification_codes')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.code_hash).not.toContain(code);
      expect(rows[0]!.code_hash.length).toBeGreaterThanOrEqual(32);
    });

    it('refuses a wrong code (422 on code) and a code that is not 6 digits', async () => {
      const { email } = await registerCompany(t);
      const code = await latestCode(t, email);
      const wrong = await verify(t, email, wrongCode(code));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().data.errors).toEqual({ code: ['The code is not correct'] });
      for (const bad of [code.slice(0, 5), `${code}1`, 'abcdef']) {
        const res = await verify(t, email, bad);
        expect(res.statusCode).toBe(422);
        expect(res.json().data.errors.code).toEqual(['Enter the 6-digit code']);
      }
      const unknown = await verify(t, uniqueEmail(), code);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().data.errors).toEqual({ code: ['The code is not correct'] });
    });

    it('expires a code after 10 minutes', async () => {
      const early = await registerCompany(t);
      const late = await registerCompany(t);
      t.clock.advance(10 * MINUTE - 1000);
      expect((await verify(t, early.email, await latestCode(t, early.email))).statusCode).toBe(200);
      t.clock.advance(1000);
      const expired = await verify(t, late.email, await latestCode(t, late.email));
      expect(expired.statusCode).toBe(422);
      expect(expired.json().data.errors.code).toEqual(['The code has expired. Request a new one.']);
    });

    it('uses a code once', async () => {
      const { email } = await registerCompany(t);
      const code = await latestCode(t, email);
      expect((await verify(t, email, code)).statusCode).toBe(200);
      // Even were the account unverified again, the spent code stays spent.
      await t.store.db
        .updateTable('users')
        .set({ email_verified_at: null })
        .where('email', '=', email)
        .execute();
      const again = await verify(t, email, code);
      expect(again.statusCode).toBe(422);
      expect(again.json().data.errors.code).toEqual(['The code has expired. Request a new one.']);
    });

    it('allows at most 5 wrong tries; then even the right code fails until a new one is sent', async () => {
      const { email } = await registerCompany(t);
      const code = await latestCode(t, email);
      for (let i = 1; i <= 4; i++) {
        const res = await verify(t, email, wrongCode(code));
        expect(res.json().data.errors.code).toEqual(['The code is not correct']);
      }
      const fifth = await verify(t, email, wrongCode(code));
      expect(fifth.statusCode).toBe(422);
      expect(fifth.json().data.errors.code).toEqual(['Too many wrong attempts. Request a new code.']);
      const right = await verify(t, email, code);
      expect(right.statusCode).toBe(422);
      expect(right.json().data.errors.code).toEqual(['Too many wrong attempts. Request a new code.']);

      t.clock.advance(61_000);
      expect((await resend(t, email)).statusCode).toBe(200);
      const fresh = await latestCode(t, email);
      expect((await verify(t, email, fresh)).statusCode).toBe(200);
    });

    it('counts wrong codes one at a time, even when they arrive all at once', async () => {
      const { email } = await registerCompany(t);
      const code = await latestCode(t, email);
      const guesses = Array.from({ length: 20 }, (_, i) => String(100_000 + i * 7919)).filter(
        (g) => g !== code,
      );
      const answers = await Promise.all(guesses.map((guess) => verify(t, email, guess)));
      const plainWrong = answers.filter(
        (res) => res.json().data.errors.code[0] === 'The code is not correct',
      );
      expect(plainWrong.length).toBeLessThanOrEqual(4);
      expect((await verify(t, email, code)).statusCode).toBe(422);
    });
  });

  describe('resending codes', () => {
    it('makes the sender wait 60 seconds between codes (429 with Retry-After)', async () => {
      const { email } = await registerCompany(t);
      const first = await latestCode(t, email);
      const now = await resend(t, email);
      expect(now.statusCode).toBe(429);
      expect(now.headers['retry-after']).toBe('60');
      expect(now.json().message).toBe('Please wait 60 seconds before asking for a new code.');

      t.clock.advance(45_000);
      const soon = await resend(t, email);
      expect(soon.statusCode).toBe(429);
      expect(soon.headers['retry-after']).toBe('15');

      t.clock.advance(15_000);
      const later = await resend(t, email);
      expect(later.statusCode).toBe(200);
      expect(later.json()).toEqual({ status: true, message: SUCCESS.codeResent, data: {} });
      expect(await outbox(t, email)).toHaveLength(2);
      const second = await latestCode(t, email);
      // The new code replaces the old one.
      if (second !== first) expect((await verify(t, email, first)).statusCode).toBe(422);
      expect((await verify(t, email, second)).statusCode).toBe(200);
    });

    it('sends at most 5 new codes an hour', async () => {
      // Start at the top of an hour so the hour's window holds the whole test.
      const hour = 3_600_000;
      t.clock.set(new Date(Math.ceil((t.clock.now().getTime() + 1) / hour) * hour));
      const { email } = await registerCompany(t);
      for (let i = 1; i <= 5; i++) {
        t.clock.advance(61_000);
        expect((await resend(t, email)).statusCode, `resend ${i}`).toBe(200);
      }
      t.clock.advance(61_000);
      const sixth = await resend(t, email);
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(await outbox(t, email)).toHaveLength(6);

      t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / hour) * hour));
      expect((await resend(t, email)).statusCode).toBe(200);
    });

    it('answers the same for an unknown e-mail and sends nothing', async () => {
      const { email } = await registerCompany(t);
      t.clock.advance(61_000);
      const known = await resend(t, email);
      const stranger = uniqueEmail();
      const unknown = await resend(t, stranger);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(await outbox(t, stranger)).toHaveLength(0);
    });
  });
});
