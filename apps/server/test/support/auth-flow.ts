import { randomBytes, randomInt } from 'node:crypto';
import type { CompanyStatus, OutboxMail, RegisterCompanyBody } from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Database } from '../../src/platform/db/schema.js';
import type { createTestApp } from './app.js';

/**
 * The sign-in and onboarding steps as a client walks them, over `app.inject()`: register, read the
 * e-mailed code from the dev outbox, sign in through every step up to the session. Each helper
 * uses a fresh e-mail and, unless told otherwise, a fresh client IP, so tests sharing one app do
 * not trip each other's per-IP rate limits.
 */

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Db = Kysely<Database>;

export const STRONG_PASSWORD = 'Blue-Harbour-Lantern-42';

let sequence = 0;
/** A fresh address every call (the domain is reserved for tests). */
export const uniqueEmail = (prefix = 'owner') =>
  `${prefix}.${randomBytes(4).toString('hex')}${sequence++}@agency.test`;
/** A fresh client address (TEST-NET/10.x): per-IP limits start from zero for it. */
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Overrides of the registration body; any other key is sent too (unknown-field tests). */
export type CompanyOverrides = Partial<Record<keyof RegisterCompanyBody, unknown>> & Record<string, unknown>;

export const companyBody = (overrides: CompanyOverrides = {}) => ({
  company_name: 'Blue Sky Travels',
  contact_name: 'Amira Haddad',
  email: uniqueEmail(),
  phone: '+971 4 555 0100',
  password: STRONG_PASSWORD,
  country: 'AE',
  city: 'Dubai',
  address: '12 Sheikh Zayed Road, Dubai',
  ...overrides,
});

type CallOptions = {
  token?: string;
  /** Sent as given (e.g. a bare token without the scheme). */
  authorization?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
};

function headersOf(options: CallOptions): Record<string, string> {
  return {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.authorization ? { authorization: options.authorization } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
}

export function post(t: TestApp, url: string, payload?: unknown, options: CallOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: headersOf(options),
    remoteAddress: options.ip ?? randomIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function get(t: TestApp, url: string, options: CallOptions = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: headersOf(options),
    remoteAddress: options.ip ?? randomIp(),
  });
}

/** What no answer may ever contain: password hashes, TOTP seeds, stored code or token hashes. */
export function expectNoSecrets(res: Response, extra: string[] = []) {
  for (const needle of ['password_hash', 'scrypt$', 'totp_secret', 'code_hash', 'token_hash', ...extra]) {
    expect(res.body).not.toContain(needle);
  }
}

// ── mail ──────────────────────────────────────────────────────────────────────────────────────

/** The outbox as the developer reads it: from the server's own machine, the only one it answers (issue 27). */
export async function outbox(t: TestApp, email: string): Promise<OutboxMail[]> {
  const res = await get(t, `/api/dev/outbox?to=${encodeURIComponent(email)}`, { ip: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The 6-digit code of the newest mail to that address. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await outbox(t, email);
  const code = /Your code: (\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`No code mailed to ${email}`);
  return code;
}

/** Mail sent after the answer (forgot-password): polls the outbox briefly. */
export async function waitForMail(
  t: TestApp,
  email: string,
  match: (mail: OutboxMail) => boolean,
  timeoutMs = 5000,
): Promise<OutboxMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(t, email)).find(match);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`No matching mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Lets work scheduled after an answer (setImmediate) run to its end. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

// ── registration ──────────────────────────────────────────────────────────────────────────────

export async function registerCompany(
  t: TestApp,
  overrides: CompanyOverrides = {},
  options: CallOptions = {},
) {
  const body = companyBody(overrides);
  const res = await post(t, '/api/register-company', body, options);
  expect(res.statusCode, res.body).toBe(201);
  return { email: String(body.email), password: String(body.password), body, res };
}

export async function verifyEmailFromOutbox(t: TestApp, email: string) {
  const code = await latestCode(t, email);
  const res = await post(t, '/api/verify-verification-code', { email, code });
  expect(res.statusCode, res.body).toBe(200);
  return code;
}

// ── sign-in ───────────────────────────────────────────────────────────────────────────────────

export const login = (t: TestApp, email: string, password: string, options: CallOptions = {}) =>
  post(t, '/api/login', { email, password }, options);

export const base32SecretOf = (otpauthUrl: string): string => {
  const secret = new URL(otpauthUrl).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${otpauthUrl}`);
  return secret;
};

export const totpCode = (secret: string, at: Date): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

/** The refresh cookie of an answer, as a `Cookie` header value (and its attributes). */
export function refreshCookieOf(res: Response) {
  const cookie = res.cookies.find((c) => c.name === 'skydesk_refresh');
  if (!cookie) throw new Error('No refresh cookie set');
  return { header: `${cookie.name}=${cookie.value}`, cookie };
}

export type SignedIn = {
  email: string;
  password: string;
  /** The base32 TOTP secret, to sign in again. */
  secret: string;
  token: string;
  cookie: string;
  user: { id: string; company_id: string; [key: string]: unknown };
};

/**
 * Walks every sign-in step the server asks for: the e-mailed code, the QR enrolment or the TOTP
 * code. With a known secret it moves the clock on one TOTP step first, so the code is never a
 * step the user already spent. Every step comes from `options.ip` and carries `options.headers`
 * (a User-Agent, say) when given.
 */
export async function signIn(
  t: TestApp,
  credentials: { email: string; password: string; secret?: string },
  options: CallOptions = {},
): Promise<SignedIn> {
  const res = await login(t, credentials.email, credentials.password, options);
  expect(res.statusCode, res.body).toBe(200);
  let { next, challenge_token: challenge } = res.json().data as { next: string; challenge_token: string };
  if (next === 'verify_email') {
    const code = await latestCode(t, credentials.email);
    const verified = await post(
      t,
      '/api/verify-verification-code-login',
      { email: credentials.email, code, challenge_token: challenge },
      { ip: options.ip, headers: options.headers },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    ({ next, challenge_token: challenge } = verified.json().data);
  }
  let secret = credentials.secret;
  if (next === 'setup_2fa') {
    const qr = await post(t, '/api/user/generate-qrcode', undefined, {
      token: challenge,
      ip: options.ip,
      headers: options.headers,
    });
    expect(qr.statusCode, qr.body).toBe(200);
    secret = base32SecretOf(qr.json().data.otpauth_url);
  } else {
    expect(next).toBe('verify_2fa');
    if (!secret) throw new Error('verify_2fa needs the TOTP secret');
    t.clock.advance(30_000);
  }
  const session = await post(
    t,
    '/api/user/verify-google-authenticator',
    { code: totpCode(secret!, t.clock.now()) },
    { token: challenge, ip: options.ip, headers: options.headers },
  );
  expect(session.statusCode, session.body).toBe(200);
  const { token, user } = session.json().data;
  return {
    email: credentials.email,
    password: credentials.password,
    secret: secret!,
    token,
    cookie: refreshCookieOf(session).header,
    user,
  };
}

/** A registered company whose owner verified the e-mail and enrolled an authenticator, signed in. */
export async function onboardedOwner(t: TestApp, overrides: CompanyOverrides = {}) {
  const { email, password } = await registerCompany(t, overrides);
  await verifyEmailFromOutbox(t, email);
  return signIn(t, { email, password });
}

// ── state set straight in the database (the back office does it in production) ───────────────

export async function setCompanyStatus(db: Db, companyId: string, status: CompanyStatus, reason?: string) {
  await db
    .updateTable('companies')
    .set({ verification_status: status, rejection_reason: reason ?? null })
    .where('id', '=', companyId)
    .execute();
}

export const makeApprovedCompany = (db: Db, companyId: string) => setCompanyStatus(db, companyId, 'approved');

export const userRow = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

// ── multipart ─────────────────────────────────────────────────────────────────────────────────

/** Minimal files whose first bytes say what they are. */
export const sampleFiles = {
  pdf: () => Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\n'), randomBytes(256)]),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(256)]),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(256)]),
  exe: () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(256)]),
};

export type FilePart = { name: string; content: Buffer; filename: string; type?: string };

export function formData(fields: Record<string, string>, files: FilePart[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.name,
      new Blob([new Uint8Array(file.content)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  }
  return form;
}

export function postForm(t: TestApp, url: string, form: FormData, options: CallOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: headersOf(options),
    remoteAddress: options.ip ?? randomIp(),
    payload: form as unknown as Record<string, unknown>,
  });
}
