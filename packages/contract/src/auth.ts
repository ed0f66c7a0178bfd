import { z } from 'zod';
import { isCountryCode } from './countries.js';
import { defineEndpoint } from './endpoint.js';
import { CompanyStatus, Permission } from './enums.js';
import { FALLBACK } from './messages.js';
import { Text } from './text.js';

/** docs/api.md: the signed-in user as every session answer carries it. */
export const SessionUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.email(),
  phone: z.string().nullable(),
  image_url: z.string().nullable(),
  role: z.object({ id: z.uuid(), name: z.string() }),
  company_id: z.uuid(),
  is_owner: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** docs/api.md: `{ token, user }` — docs/product-spec.md §3 "userData with token and user". */
export const Session = z.object({ token: z.string(), user: SessionUser });
export type Session = z.infer<typeof Session>;

/** docs/api.md: the company as `GET /api/me` describes it. */
export const CompanySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  verification_status: CompanyStatus,
  rejection_reason: z.string().nullable(),
  currency: z.string().length(3),
  country: z.string().length(2),
});
export type CompanySummary = z.infer<typeof CompanySummary>;

export const Me = z.object({ user: SessionUser, company: CompanySummary, permissions: z.array(Permission) });
export type Me = z.infer<typeof Me>;

// ── field rules shared by the SPA's forms and the server ─────────────────────────────────────

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Passwords of ten or more characters that appear in every breached-password top list. Shorter
 * common passwords are already refused by the minimum length (docs/architecture.md §6).
 */
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '12345678910',
  '123456789a',
  '0123456789',
  '0987654321',
  '1111111111',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'a123456789',
  'abcd123456',
  'abcdefghij',
  'iloveyou12',
  'password12',
  'password123',
  'password1234',
  'password1!',
  'passw0rd123',
  'qwerty1234',
  'qwerty12345',
  'qwerty123456',
  'qwertyuiop',
  'qwertyuiop123',
  'q1w2e3r4t5',
  'zaq12wsxcde3',
  'asdfghjkl1',
  'letmein123',
  'welcome123',
  'administrator',
  'changeme123',
  'football123',
  'baseball123',
  'princess123',
  'sunshine123',
  'superman123',
  'trustno1234',
  'monkey12345',
  'dragon12345',
]);

/** Why a password is refused, or null. Same rule in the registration form and on the server. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) return 'This password is too common';
  return null;
}

/** 0–4, for the strength hint beside the password field. */
export function passwordStrength(password: string): number {
  if (passwordProblem(password)) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const lengthScore = password.length >= 16 ? 2 : password.length >= 12 ? 1 : 0;
  return Math.max(1, Math.min(4, classes - 1 + lengthScore));
}

export const Password = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

/** docs/api.md: codes are 6 digits. */
export const OneTimeCode = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');

/** ISO 3166-1 alpha-2 (docs/api.md). */
export const CountryCode = z.string().refine(isCountryCode, 'Choose a country');

const PHONE_MESSAGE = 'Enter a phone number with its country code';
export const Phone = Text({ max: 21, tooLong: PHONE_MESSAGE }).regex(
  /^\+?[0-9][0-9 ()-]{6,19}$/,
  PHONE_MESSAGE,
);

/** IATA agency numbers are 7 digits plus an optional check digit. */
const IATA_MESSAGE = 'An IATA number has 7 or 8 digits';
export const IataNumber = Text({ max: 8, tooLong: IATA_MESSAGE }).regex(/^\d{7,8}$/, IATA_MESSAGE);

const Name = (label: string) =>
  Text({ min: 2, max: 120, tooShort: `${label} is too short`, tooLong: `${label} is too long` });

export const RegisterCompanyBody = z.strictObject({
  company_name: Name('Company name'),
  contact_name: Name('Contact name'),
  email: Email,
  phone: Phone,
  password: Password,
  country: CountryCode,
  city: Name('City'),
  address: Text({ min: 5, max: 300, tooShort: 'Address is too short', tooLong: 'Address is too long' }),
  iata_number: IataNumber.optional(),
});
export type RegisterCompanyBody = z.infer<typeof RegisterCompanyBody>;

/** docs/api.md login steps: which screen comes next. */
export const LoginNext = z.enum(['verify_email', 'setup_2fa', 'verify_2fa']);
export type LoginNext = z.infer<typeof LoginNext>;

export const LoginStep = z.object({ next: LoginNext, challenge_token: z.string(), email: z.email() });
export type LoginStep = z.infer<typeof LoginStep>;

const Empty = z.object({});

/**
 * docs/architecture.md §6: a refresh cookie is rotated on every use, and a used one presented again
 * ends every session of its user — unless it was replaced less than this long ago and the cookie
 * it was replaced by was never used: the answer carrying that one was lost (a reload while the
 * refresh was on its way), so it is taken once more and the unused successor dies instead; a thief
 * who raced the real client is then found out at the client's next refresh all the same.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

/** How the refresh calls' reference states the rule (docs/api.md is generated from it). */
export const REFRESH_REUSE_RULE = `A cookie used before is refused and ends every session of its owner, except once within ${REFRESH_REUSE_GRACE_SECONDS} s of its rotation when the cookie that replaced it was never used (the answer carrying it was lost, say to a reload): then it rotates again and that unused cookie is revoked.`;

export const authEndpoints = {
  registerCompany: defineEndpoint({
    method: 'POST',
    path: '/api/register-company',
    summary: 'Register an agency and its owner; e-mails a 6-digit code',
    access: 'public',
    body: RegisterCompanyBody,
    response: z.object({ email: z.email() }),
    successStatus: 201,
    fallbackMessage: FALLBACK.registration,
  }),
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/api/verify-verification-code',
    summary: "Verify the owner's e-mail with the registration code",
    access: 'public',
    body: z.strictObject({ email: Email, code: OneTimeCode }),
    response: z.object({ verified: z.literal(true) }),
    fallbackMessage: FALLBACK.verification,
  }),
  resendEmailCode: defineEndpoint({
    method: 'POST',
    path: '/api/resend-verification-code',
    summary: 'Send a new registration code (same answer for unknown e-mails)',
    access: 'public',
    body: z.strictObject({ email: Email }),
    response: Empty,
    fallbackMessage: FALLBACK.resendCode,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/login',
    summary: 'Check e-mail and password; answers the next sign-in step',
    access: 'public',
    body: z.strictObject({ email: Email, password: z.string().min(1, 'Enter your password').max(1024) }),
    response: LoginStep,
    fallbackMessage: FALLBACK.login,
  }),
  verifyLoginCode: defineEndpoint({
    method: 'POST',
    path: '/api/verify-verification-code-login',
    summary: 'Sign-in step: verify the e-mailed code',
    access: 'public',
    body: z.strictObject({ email: Email, code: OneTimeCode, challenge_token: z.string().min(1).max(2048) }),
    response: LoginStep.pick({ next: true, challenge_token: true }),
    fallbackMessage: FALLBACK.otpVerification,
  }),
  resendLoginCode: defineEndpoint({
    method: 'POST',
    path: '/api/resend-verification-code-login',
    summary: 'Sign-in step: send a new e-mailed code',
    access: 'public',
    body: z.strictObject({ email: Email, challenge_token: z.string().min(1).max(2048) }),
    response: Empty,
    fallbackMessage: FALLBACK.resendCode,
  }),
  generateQrCode: defineEndpoint({
    method: 'POST',
    path: '/api/user/generate-qrcode',
    summary: 'Sign-in step: the authenticator QR code (Bearer = challenge token)',
    access: 'challenge',
    response: z.object({ qr_code: z.string().startsWith('data:image/png;base64,'), otpauth_url: z.string() }),
    fallbackMessage: FALLBACK.qrCode,
  }),
  verifyAuthenticator: defineEndpoint({
    method: 'POST',
    path: '/api/user/verify-google-authenticator',
    summary: 'Sign-in step: the TOTP code; answers the session (Bearer = challenge token)',
    access: 'challenge',
    body: z.strictObject({ code: OneTimeCode }),
    response: Session,
    fallbackMessage: FALLBACK.otpVerification,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/api/forgot-password',
    summary: 'E-mail a password reset link (same answer for unknown e-mails)',
    access: 'public',
    body: z.strictObject({ email: Email }),
    response: Empty,
    fallbackMessage: FALLBACK.forgotPassword,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/reset-password',
    summary: 'Set a new password with the e-mailed token',
    access: 'public',
    body: z
      .strictObject({
        token: z.string().min(20).max(200),
        password: Password,
        password_confirmation: z.string(),
      })
      .refine((body) => body.password === body.password_confirmation, {
        path: ['password_confirmation'],
        message: 'The passwords do not match',
      }),
    response: Empty,
    fallbackMessage: FALLBACK.resetPassword,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    summary: `A fresh access token from the rotating refresh cookie. ${REFRESH_REUSE_RULE}`,
    access: 'refresh',
    response: Session,
    suppressErrors: true,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    summary: 'End this session and revoke its refresh token',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    response: Empty,
  }),
  endSession: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout',
    summary: "End the refresh cookie's session, even after its access token expired",
    access: 'refresh',
    response: Empty,
    suppressErrors: true,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user, the company and the permissions',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    response: Me,
  }),
};

/** docs/api.md development helper: mails of the outbox, only without SMTP. */
export const OutboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files sent with it (an e-ticket PDF), as SMTP would have attached them. */
  attachments: z.array(
    z.object({ filename: z.string(), content_type: z.string(), content_base64: z.string() }),
  ),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

export const devEndpoints = {
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    summary: 'Mails sent to an address, newest first (outbox mode only)',
    access: 'public',
    query: z.strictObject({ to: Email }),
    response: z.array(OutboxMail),
  }),
};
