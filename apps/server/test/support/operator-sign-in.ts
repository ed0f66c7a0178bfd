import { expect } from 'vitest';
import { DEMO, seedDemoData } from '../../src/db/seed-demo.js';
import { createSecretBox } from '../../src/platform/security/encryption.js';
import { createPasswordHasher } from '../../src/platform/security/password.js';
import { createTestApp, testSecrets } from './app.js';
import { base32SecretOf, post, refreshCookieOf, type TestApp, totpCode } from './auth-flow.js';
import type { StoreKind } from './stores.js';

/**
 * The operator's sign-in as the back-office console walks it over `app.inject()`: password, then
 * the QR enrolment or the authenticator code (test/auth/operator-sign-in.test.ts).
 */

/** A test app whose store holds the demo data (docs/architecture.md §7): the demo operator has TOTP enrolled. */
export async function createAppWithDemoData(kind: StoreKind) {
  const secrets = testSecrets();
  const t = await createTestApp(kind, { secrets });
  await seedDemoData(t.store.db, {
    hasher: createPasswordHasher(10),
    secretBox: createSecretBox(secrets.dataEncryptionKey),
    currency: 'USD',
    now: t.clock.now(),
  });
  return t;
}

export const DEMO_OPERATOR = { email: DEMO.operatorEmail, password: DEMO.password, secret: DEMO.totpSecret };

export const operatorLogin = (t: TestApp, email: string, password: string, ip?: string) =>
  post(t, '/api/admin/login', { email, password }, { ip });

export const operatorVerify = (t: TestApp, challenge: string, code: string, ip?: string) =>
  post(t, '/api/admin/verify-google-authenticator', { code }, { token: challenge, ip });

export type SignedInOperator = {
  token: string;
  cookie: string;
  secret: string;
  operator: { id: string; name: string; email: string };
};

/**
 * Every step the server asks for. With a known secret the clock first moves one TOTP step on, so
 * the code is never a step the operator already spent.
 */
export async function operatorSignIn(
  t: TestApp,
  credentials: { email: string; password: string; secret?: string },
  ip?: string,
): Promise<SignedInOperator> {
  const res = await operatorLogin(t, credentials.email, credentials.password, ip);
  expect(res.statusCode, res.body).toBe(200);
  const { next, challenge_token: challenge } = res.json().data as { next: string; challenge_token: string };
  let secret = credentials.secret;
  if (next === 'setup_2fa') {
    const qr = await post(t, '/api/admin/generate-qrcode', undefined, { token: challenge, ip });
    expect(qr.statusCode, qr.body).toBe(200);
    secret = base32SecretOf(qr.json().data.otpauth_url);
  } else {
    expect(next).toBe('verify_2fa');
    if (!secret) throw new Error('verify_2fa needs the TOTP secret');
    t.clock.advance(30_000);
  }
  const session = await operatorVerify(t, challenge, totpCode(secret!, t.clock.now()), ip);
  expect(session.statusCode, session.body).toBe(200);
  const { token, operator } = session.json().data;
  return { token, operator, secret: secret!, cookie: refreshCookieOf(session).header };
}
