import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  base32SecretOf,
  get,
  login,
  onboardedOwner,
  post,
  registerCompany,
  type TestApp,
  totpCode,
  verifyEmailFromOutbox,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

describe.each(storeKinds())('logout by cookie and authenticator enrolment on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('ends the session through the refresh cookie even after the access token expired', async () => {
    const owner = await onboardedOwner(t);
    t.clock.advance(31 * 60_000);
    expect((await get(t, '/api/me', { token: owner.token })).statusCode).toBe(401);

    const out = await post(t, '/api/auth/logout', undefined, { cookie: owner.cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/skydesk_refresh=;.*Path=\/api\/auth/);
    expect((await post(t, '/api/auth/refresh', undefined, { cookie: owner.cookie })).statusCode).toBe(401);
  });

  it('ends only the session of the cookie, and does nothing for a forged one', async () => {
    const owner = await onboardedOwner(t);
    const [id] = owner.cookie.replace('skydesk_refresh=', '').split('.');
    const forged = await post(t, '/api/auth/logout', undefined, { cookie: `skydesk_refresh=${id}.forged` });
    expect(forged.statusCode).toBe(200);
    expect((await get(t, '/api/me', { token: owner.token })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/logout', undefined)).statusCode).toBe(401);
  });

  it('shows the same secret to two QR requests made at once, and that secret signs in', async () => {
    const { email, password } = await registerCompany(t);
    await verifyEmailFromOutbox(t, email);
    const challenge = (await login(t, email, password)).json().data.challenge_token as string;
    const [first, second] = await Promise.all([
      post(t, '/api/user/generate-qrcode', undefined, { token: challenge }),
      post(t, '/api/user/generate-qrcode', undefined, { token: challenge }),
    ]);
    const secrets = [first, second].map((res) => base32SecretOf(res.json().data.otpauth_url));
    expect(secrets[0]).toBe(secrets[1]);
    const session = await post(
      t,
      '/api/user/verify-google-authenticator',
      { code: totpCode(secrets[0]!, t.clock.now()) },
      { token: challenge },
    );
    expect(session.statusCode, session.body).toBe(200);
  });
});
