import { SUCCESS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  get,
  login,
  onboardedOwner,
  outbox,
  post,
  randomIp,
  settle,
  signIn,
  type TestApp,
  uniqueEmail,
  userRow,
  waitForMail,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

const NEW_PASSWORD = 'Quiet-Meadow-Compass-77';
const RESET_INVALID = 'This reset link is invalid or has expired. Request a new one.';

const forgot = (t: TestApp, email: string) => post(t, '/api/forgot-password', { email });
const reset = (t: TestApp, token: string, password = NEW_PASSWORD, confirmation = password) =>
  post(t, '/api/reset-password', { token, password, password_confirmation: confirmation });

/** Asks for a reset and reads the token from the mailed link. */
async function resetToken(t: TestApp, email: string): Promise<string> {
  const before = new Set((await outbox(t, email)).map((mail) => mail.text));
  expect((await forgot(t, email)).statusCode).toBe(200);
  const mail = await waitForMail(
    t,
    email,
    (m) => m.subject === 'Reset your SkyDesk password' && !before.has(m.text),
  );
  const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error('No reset link in the mail');
  return new URL(link).searchParams.get('token')!;
}

describe.each(storeKinds())('password reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers identically for known and unknown e-mails; only the known one gets a link', async () => {
    const owner = await onboardedOwner(t);
    const stranger = uniqueEmail();
    const known = await forgot(t, owner.email);
    const unknown = await forgot(t, stranger);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: true, message: SUCCESS.resetLinkSent, data: {} });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    const mail = await waitForMail(t, owner.email, (m) => m.subject === 'Reset your SkyDesk password');
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).toContain('/reset-password?token=');
    await settle();
    expect(await outbox(t, stranger)).toHaveLength(0);
  });

  it('mails a random token and keeps only its hash', async () => {
    const owner = await onboardedOwner(t);
    const first = await resetToken(t, owner.email);
    const second = await resetToken(t, owner.email);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(second).not.toBe(first);
    const rows = await t.store.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect([first, second]).not.toContain(row.token_hash);
      expect(row.token_hash).not.toContain(first);
      expect(row.token_hash).not.toContain(second);
    }
  });

  it('sets the new password, ends every session, and still asks for the authenticator', async () => {
    const owner = await onboardedOwner(t);
    const laptop = await signIn(t, owner);
    const token = await resetToken(t, owner.email);
    const res = await reset(t, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, message: SUCCESS.passwordReset, data: {} });

    for (const session of [owner, laptop]) {
      expect((await get(t, '/api/me', { token: session.token })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/refresh', undefined, { cookie: session.cookie })).statusCode).toBe(
        401,
      );
    }
    expect((await login(t, owner.email, owner.password)).statusCode).toBe(401);
    const step = await login(t, owner.email, NEW_PASSWORD);
    expect(step.statusCode).toBe(200);
    expect(step.json().data.next).toBe('verify_2fa');
    const again = await signIn(t, { ...owner, password: NEW_PASSWORD });
    expect((await get(t, '/api/me', { token: again.token })).statusCode).toBe(200);
    expect((await userRow(t.store.db, owner.email)).password_hash).not.toContain(NEW_PASSWORD);
  });

  it('accepts a token once', async () => {
    const owner = await onboardedOwner(t);
    const token = await resetToken(t, owner.email);
    expect((await reset(t, token)).statusCode).toBe(200);
    const again = await reset(t, token, 'Another-Fresh-Password-9');
    expect(again.statusCode).toBe(422);
    expect(again.json().data.errors).toEqual({ token: [RESET_INVALID] });
    expect((await login(t, owner.email, 'Another-Fresh-Password-9')).statusCode).toBe(401);
  });

  it('lets a token live 30 minutes', async () => {
    const early = await onboardedOwner(t);
    const late = await onboardedOwner(t);
    const earlyToken = await resetToken(t, early.email);
    const lateToken = await resetToken(t, late.email);
    t.clock.advance(30 * 60_000 - 1000);
    expect((await reset(t, earlyToken)).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await reset(t, lateToken);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().data.errors).toEqual({ token: [RESET_INVALID] });
    expect((await login(t, late.email, late.password)).statusCode).toBe(200);
  });

  it('refuses an unknown token, a weak password and a mismatched confirmation (422)', async () => {
    const owner = await onboardedOwner(t);
    const unknown = await reset(t, 'x'.repeat(43));
    expect(unknown.json().data.errors).toEqual({ token: [RESET_INVALID] });
    const token = await resetToken(t, owner.email);
    const weak = await reset(t, token, 'password123');
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().data.errors)).toEqual(['password']);
    const mismatch = await reset(t, token, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().data.errors)).toEqual(['password_confirmation']);
    // Refused attempts do not spend the token.
    expect((await reset(t, token)).statusCode).toBe(200);
  });

  it('sends at most 3 reset mails an hour per account, answering the same', async () => {
    const owner = await onboardedOwner(t);
    const hour = 3_600_000;
    t.clock.set(new Date(Math.ceil((t.clock.now().getTime() + 1) / hour) * hour));
    for (let i = 1; i <= 4; i++) {
      const res = await forgot(t, owner.email);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(SUCCESS.resetLinkSent);
    }
    const resetMails = async () =>
      (await outbox(t, owner.email)).filter((m) => m.subject === 'Reset your SkyDesk password');
    const until = Date.now() + 3000;
    while ((await resetMails()).length < 3 && Date.now() < until) await settle();
    await settle();
    expect(await resetMails()).toHaveLength(3);
  });

  it("makes the reset's source known: its owner signs in there while failures from many sources slow the account", async () => {
    const owner = await onboardedOwner(t);
    for (let bot = 0; bot < 4; bot++) {
      const ip = randomIp();
      for (let i = 1; i <= 5; i++) {
        expect((await login(t, owner.email, `Wrong-Password-${i}`, { ip })).statusCode).toBe(401);
      }
    }
    const desk = randomIp();
    expect((await login(t, owner.email, owner.password, { ip: desk })).statusCode).toBe(429);

    const token = await resetToken(t, owner.email);
    const done = await post(
      t,
      '/api/reset-password',
      { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { ip: desk },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect((await login(t, owner.email, NEW_PASSWORD, { ip: desk })).statusCode).toBe(200);
    // Anywhere else the account still waits.
    expect((await login(t, owner.email, NEW_PASSWORD, { ip: randomIp() })).statusCode).toBe(429);
  });
});
