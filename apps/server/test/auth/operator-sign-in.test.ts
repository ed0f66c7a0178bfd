import { randomBytes } from 'node:crypto';
import { ACCESS, SIGN_IN_THROTTLED } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../src/modules/auth/operator-setup.js';
import { INVALID_CREDENTIALS } from '../../src/modules/auth/rules.js';
import { LOST_ANSWER_GRACE_MS } from '../../src/modules/auth/session-tokens.js';
import {
  expectNoSecrets,
  get,
  login,
  onboardedOwner,
  post,
  randomIp,
  refreshCookieOf,
  registerCompany,
  STRONG_PASSWORD,
  type TestApp,
  totpCode,
  verifyEmailFromOutbox,
} from '../support/auth-flow.js';
import {
  createAppWithDemoData,
  DEMO_OPERATOR,
  operatorLogin,
  operatorSignIn,
  operatorVerify,
} from '../support/operator-sign-in.js';
import { storeKinds } from '../support/stores.js';

/**
 * Operator sign-in (issue 11): the agency's steps and security rules for a principal of its own —
 * password then authenticator, throttled with operators' numbers, TOTP steps never twice, a
 * rotating refresh cookie on /api/admin/auth whose reuse ends every session, challenges and
 * access tokens never good on the other principal's calls, and the audit log told of it all.
 */

const SETUP_INVALID = 'This set-up link is invalid, used or expired. Ask for a new one.';

const adminMe = (t: TestApp, token: string) => get(t, '/api/admin/me', { token });
const adminRefresh = (t: TestApp, cookie: string) =>
  post(t, '/api/admin/auth/refresh', undefined, { cookie });

/** A new operator through their set-up link, without an authenticator yet. */
async function newOperator(t: TestApp) {
  const email = `ops.${randomBytes(4).toString('hex')}@skydesk.test`;
  const { platform, config } = t.app.skydesk;
  const { link, operator } = await createOperator(
    {
      db: t.store.db,
      clock: t.clock,
      publicUrl: config.publicUrl,
      passwords: platform.passwords,
      tokenHasher: platform.tokenHasher,
    },
    { email, name: 'Nia Newcomer' },
  );
  const token = new URL(link).searchParams.get('token')!;
  const body = { token, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD };
  const set = await post(t, '/api/admin/setup-password', body);
  expect(set.statusCode, set.body).toBe(200);
  return { ...operator, password: STRONG_PASSWORD };
}

const auditOf = (t: TestApp, operatorId: string) =>
  t.store.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'target_id', 'after', 'ip'])
    .where('target_id', '=', operatorId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

describe.each(storeKinds())('operator sign-in on %s', (kind) => {
  let t: TestApp;
  let demoOperatorId: string;
  beforeAll(async () => {
    t = await createAppWithDemoData(kind);
    const row = await t.store.db
      .selectFrom('operators')
      .select('id')
      .where('email', '=', DEMO_OPERATOR.email)
      .executeTakeFirstOrThrow();
    demoOperatorId = row.id;
  });
  afterAll(async () => t?.close());

  it('signs the demo operator in with password and TOTP, and writes it to the audit log', async () => {
    const ip = randomIp();
    const step = await operatorLogin(t, DEMO_OPERATOR.email, DEMO_OPERATOR.password, ip);
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json().data).toMatchObject({ next: 'verify_2fa', email: DEMO_OPERATOR.email });
    t.clock.advance(30_000);
    const session = await operatorVerify(
      t,
      step.json().data.challenge_token,
      totpCode(DEMO_OPERATOR.secret, t.clock.now()),
      ip,
    );
    expect(session.statusCode, session.body).toBe(200);
    const { token, operator } = session.json().data;
    expect(operator).toEqual({ id: demoOperatorId, name: 'Olli Operator', email: DEMO_OPERATOR.email });
    expect(refreshCookieOf(session).cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/admin/auth',
    });
    expectNoSecrets(session, [DEMO_OPERATOR.secret]);

    const me = await adminMe(t, token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toEqual({ operator });
    const audit = await auditOf(t, demoOperatorId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: demoOperatorId,
      action: 'operator.sign_in',
      after: { outcome: 'signed_in' },
      ip,
    });
  });

  it('refuses a wrong password alike for known and unknown e-mails, audited, and throttles it', async () => {
    const operator = await newOperator(t);
    const ip = randomIp();
    const unknown = await operatorLogin(t, 'nobody@skydesk.test', 'Wrong-Password-0', ip);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(INVALID_CREDENTIALS);
    for (let i = 0; i < 5; i++) {
      const res = await operatorLogin(t, operator.email, `Wrong-Password-${i}`, ip);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual(unknown.json());
    }
    // The pair waits now, even with the right password; another source does not.
    const waiting = await operatorLogin(t, operator.email, operator.password, ip);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toBe(SIGN_IN_THROTTLED.password(1));
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    expect((await operatorLogin(t, operator.email, operator.password, randomIp())).statusCode).toBe(200);

    const audit = await auditOf(t, operator.id);
    const failures = audit.filter((entry) => (entry.after as { outcome: string }).outcome === 'failed');
    expect(failures).toHaveLength(5);
    expect(failures[0]).toMatchObject({
      actor_id: null,
      action: 'operator.sign_in',
      ip,
      after: { outcome: 'failed', step: 'password', email: operator.email },
    });
  });

  it("slows an account guessed at from many sources sooner than an agency's (operators' own numbers)", async () => {
    const operator = await newOperator(t);
    // Two sources, five failures each: ten on the account, an operator's ceiling (an agency's is 20).
    for (const ip of [randomIp(), randomIp()]) {
      for (let i = 0; i < 5; i++) {
        expect((await operatorLogin(t, operator.email, `Wrong-Password-${i}`, ip)).statusCode).toBe(401);
      }
    }
    const third = await operatorLogin(t, operator.email, operator.password, randomIp());
    expect(third.statusCode).toBe(429);
    // The same ten failures on an agency account slow nobody else.
    const owner = await onboardedOwner(t);
    for (const ip of [randomIp(), randomIp()]) {
      for (let i = 0; i < 5; i++) {
        expect((await login(t, owner.email, `Wrong-Password-${i}`, { ip })).statusCode).toBe(401);
      }
    }
    expect((await login(t, owner.email, owner.password, { ip: randomIp() })).statusCode).toBe(200);
  });

  it('enrols the authenticator by QR code at the first sign-in, then asks for its code', async () => {
    const operator = await newOperator(t);
    const first = await operatorSignIn(t, operator);
    expect(first.operator.email).toBe(operator.email);
    const again = await operatorLogin(t, operator.email, operator.password);
    expect(again.json().data.next).toBe('verify_2fa');
    const qr = await post(t, '/api/admin/generate-qrcode', undefined, {
      token: again.json().data.challenge_token,
    });
    expect(qr.statusCode).toBe(409);
  });

  it('throttles wrong authenticator codes across challenges, and audits them', async () => {
    const operator = await newOperator(t);
    const { secret } = await operatorSignIn(t, operator);
    // The next step's code, unspent: the clock stays put from here, so the 1 s wait holds.
    t.clock.advance(30_000);
    const ip = randomIp();
    for (let round = 0; round < 2; round++) {
      const step = await operatorLogin(t, operator.email, operator.password, ip);
      const challenge = step.json().data.challenge_token;
      for (let i = 0; i < 5; i++) {
        const res = await operatorVerify(t, challenge, '000000', ip);
        expect(res.statusCode, res.body).toBe(i < 4 ? 422 : 401);
      }
    }
    const step = await operatorLogin(t, operator.email, operator.password, ip);
    const right = await operatorVerify(
      t,
      step.json().data.challenge_token,
      totpCode(secret, t.clock.now()),
      ip,
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(SIGN_IN_THROTTLED.code(1));
    const failures = (await auditOf(t, operator.id)).filter(
      (entry) => (entry.after as { step?: string }).step === 'authenticator',
    );
    expect(failures).toHaveLength(10);
    expect(failures[0]).toMatchObject({ actor_id: null, ip });
  });

  it('never accepts one TOTP step twice', async () => {
    const operator = await newOperator(t);
    const { secret } = await operatorSignIn(t, operator);
    t.clock.advance(30_000);
    const code = totpCode(secret, t.clock.now());
    const first = await operatorLogin(t, operator.email, operator.password);
    expect((await operatorVerify(t, first.json().data.challenge_token, code)).statusCode).toBe(200);
    const second = await operatorLogin(t, operator.email, operator.password);
    const replay = await operatorVerify(t, second.json().data.challenge_token, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe('The authenticator code is not correct');
    t.clock.advance(30_000);
    const next = await operatorVerify(t, second.json().data.challenge_token, totpCode(secret, t.clock.now()));
    expect(next.statusCode).toBe(200);
  });

  it('rotates the refresh cookie; an old one again ends every session of the operator', async () => {
    const operator = await newOperator(t);
    const desk = await operatorSignIn(t, operator);
    const laptop = await operatorSignIn(t, { ...operator, secret: desk.secret });
    const rotated = await adminRefresh(t, desk.cookie);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().data.operator).toEqual(desk.operator);
    const rotatedCookie = refreshCookieOf(rotated);
    expect(rotatedCookie.header).not.toBe(desk.cookie);
    expect(rotatedCookie.cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/admin/auth',
    });
    expect((await adminMe(t, rotated.json().data.token)).statusCode).toBe(200);

    // Presented again after its grace (a lost answer would have come back at once).
    t.clock.advance(LOST_ANSWER_GRACE_MS + 1_000);
    expect((await adminRefresh(t, desk.cookie)).statusCode).toBe(401);
    expect((await adminRefresh(t, rotatedCookie.header)).statusCode).toBe(401);
    expect((await adminRefresh(t, laptop.cookie)).statusCode).toBe(401);
    for (const token of [desk.token, laptop.token, rotated.json().data.token]) {
      expect((await adminMe(t, token)).statusCode).toBe(401);
    }
  });

  it("keeps the two refresh cookies apart: neither principal's renews the other's session", async () => {
    const owner = await onboardedOwner(t);
    const operator = await operatorSignIn(t, { ...DEMO_OPERATOR });
    expect((await adminRefresh(t, owner.cookie)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/refresh', undefined, { cookie: operator.cookie })).statusCode).toBe(401);
    // Neither refusal burnt the real cookies.
    expect((await adminRefresh(t, operator.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/auth/refresh', undefined, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('signs out by the access token or by the cookie, and audits the sign-out', async () => {
    const operator = await newOperator(t);
    const session = await operatorSignIn(t, operator);
    const out = await post(t, '/api/admin/logout', undefined, { token: session.token });
    expect(out.statusCode, out.body).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/skydesk_refresh=;.*Path=\/api\/admin\/auth/);
    expect((await adminMe(t, session.token)).statusCode).toBe(401);
    expect((await adminRefresh(t, session.cookie)).statusCode).toBe(401);
    const signOuts = (await auditOf(t, operator.id)).filter((entry) => entry.action === 'operator.sign_out');
    expect(signOuts).toEqual([expect.objectContaining({ actor_id: operator.id, target_id: operator.id })]);

    const other = await operatorSignIn(t, { ...operator, secret: session.secret });
    t.clock.advance(31 * 60_000);
    const byCookie = await post(t, '/api/admin/auth/logout', undefined, { cookie: other.cookie });
    expect(byCookie.statusCode).toBe(200);
    expect((await adminRefresh(t, other.cookie)).statusCode).toBe(401);
  });

  it("refuses an operator's challenge on the agency's steps, and an agency's on the operator's", async () => {
    // Twins: an agency user and an operator with the same id, so only the audience tells them apart.
    const { email, password } = await registerCompany(t);
    await verifyEmailFromOutbox(t, email);
    const user = await t.store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const twinEmail = `twin.${randomBytes(4).toString('hex')}@skydesk.test`;
    await t.store.db
      .insertInto('operators')
      .values({
        id: user.id,
        name: 'Twin Operator',
        email: twinEmail,
        password_hash: await t.app.skydesk.platform.passwords.hash(password),
      })
      .execute();
    const operatorStep = await operatorLogin(t, twinEmail, password);
    expect(operatorStep.json().data.next).toBe('setup_2fa');
    const operatorChallenge = operatorStep.json().data.challenge_token;
    const agencyStep = await login(t, email, password);
    expect(agencyStep.json().data.next).toBe('setup_2fa');
    const agencyChallenge = agencyStep.json().data.challenge_token;

    const onAgency = [
      await post(t, '/api/user/generate-qrcode', undefined, { token: operatorChallenge }),
      await post(
        t,
        '/api/user/verify-google-authenticator',
        { code: '123456' },
        { token: operatorChallenge },
      ),
      await post(t, '/api/verify-verification-code-login', {
        email,
        code: '123456',
        challenge_token: operatorChallenge,
      }),
    ];
    const onOperator = [
      await post(t, '/api/admin/generate-qrcode', undefined, { token: agencyChallenge }),
      await post(t, '/api/admin/verify-google-authenticator', { code: '123456' }, { token: agencyChallenge }),
    ];
    for (const res of [...onAgency, ...onOperator]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe('Your sign-in has expired. Please sign in again.');
    }
    // Both challenges still work on their own steps.
    const operatorQr = await post(t, '/api/admin/generate-qrcode', undefined, { token: operatorChallenge });
    expect(operatorQr.statusCode).toBe(200);
    const agencyQr = await post(t, '/api/user/generate-qrcode', undefined, { token: agencyChallenge });
    expect(agencyQr.statusCode).toBe(200);
  });

  it('answers 403 to a company token on /api/admin/me and to an operator token on /api/me', async () => {
    const owner = await onboardedOwner(t);
    const onAdmin = await adminMe(t, owner.token);
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.json().message).toBe(ACCESS.operatorsOnly);

    const operator = await operatorSignIn(t, { ...DEMO_OPERATOR });
    const onAgency = await get(t, '/api/me', { token: operator.token });
    expect(onAgency.statusCode).toBe(403);
    expect(onAgency.json().message).toBe(ACCESS.agenciesOnly);
  });

  it('takes a set-up link once, and lets no password in before it', async () => {
    const email = `ops.${randomBytes(4).toString('hex')}@skydesk.test`;
    const { platform, config } = t.app.skydesk;
    const deps = {
      db: t.store.db,
      clock: t.clock,
      publicUrl: config.publicUrl,
      passwords: platform.passwords,
      tokenHasher: platform.tokenHasher,
    };
    const { link } = await createOperator(deps, { email, name: 'Link Tester' });
    expect(link.startsWith(`${config.publicUrl}/admin/setup?token=`)).toBe(true);
    expect((await operatorLogin(t, email, STRONG_PASSWORD)).statusCode).toBe(401);
    await expect(createOperator(deps, { email, name: 'Link Tester' })).rejects.toThrow(/exists already/);

    const token = new URL(link).searchParams.get('token')!;
    const body = { token, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD };
    // 72 hours: a minute late is too late.
    t.clock.advance(72 * 3_600_000 + 60_000);
    const late = await post(t, '/api/admin/setup-password', body);
    expect(late.statusCode).toBe(422);
    expect(late.json().data.errors).toEqual({ token: [SETUP_INVALID] });
  });
});
