import { z } from 'zod';
import { Email, OneTimeCode, Password, REFRESH_REUSE_RULE } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { FALLBACK } from './messages.js';

/**
 * Operator sign-in (docs/architecture.md §6, issue 11): operators are their own principal, with the agency's
 * sign-in steps and rules but no e-mailed code (the platform sets their address): the password,
 * then the authenticator app, enrolled by QR code at the first sign-in. Their refresh cookie lives
 * on its own path, `/api/admin/auth`. A new operator gets a one-time set-up link
 * (`<PUBLIC_URL>/admin/setup?token=…`, 72 hours) that chooses the password.
 */

/** How long an operator's set-up link works. */
export const OPERATOR_SETUP_LINK_HOURS = 72;

/** The signed-in operator, as sign-in, refresh and `GET /api/admin/me` answer it. */
export const SessionOperator = z.object({ id: z.uuid(), name: z.string(), email: z.email() });
export type SessionOperator = z.infer<typeof SessionOperator>;

export const OperatorSession = z.object({ token: z.string(), operator: SessionOperator });
export type OperatorSession = z.infer<typeof OperatorSession>;

/** The operator's steps after the password: enrol the authenticator app, or enter its code. */
export const OperatorLoginNext = z.enum(['setup_2fa', 'verify_2fa']);
export type OperatorLoginNext = z.infer<typeof OperatorLoginNext>;

export const OperatorLoginStep = z.object({
  next: OperatorLoginNext,
  challenge_token: z.string(),
  email: z.email(),
});
export type OperatorLoginStep = z.infer<typeof OperatorLoginStep>;

export const OperatorSetupPasswordBody = z
  .strictObject({
    token: z.string().min(20).max(200),
    password: Password,
    password_confirmation: z.string(),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });
export type OperatorSetupPasswordBody = z.infer<typeof OperatorSetupPasswordBody>;

const Empty = z.object({});

/**
 * The operator's sign-in calls. They live under `/api/admin/` with the back office, but only
 * `logout` and `me` need a signed-in operator: the others are the steps that lead there.
 */
export const adminAuthEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    summary: 'Operator sign-in: check e-mail and password; answers the authenticator step',
    access: 'public',
    body: z.strictObject({ email: Email, password: z.string().min(1, 'Enter your password').max(1024) }),
    response: OperatorLoginStep,
    fallbackMessage: FALLBACK.login,
  }),
  generateQrCode: defineEndpoint({
    method: 'POST',
    path: '/api/admin/generate-qrcode',
    summary: "Operator sign-in: the authenticator QR code (Bearer = the operator's challenge token)",
    access: 'challenge',
    response: z.object({ qr_code: z.string().startsWith('data:image/png;base64,'), otpauth_url: z.string() }),
    fallbackMessage: FALLBACK.qrCode,
  }),
  verifyAuthenticator: defineEndpoint({
    method: 'POST',
    path: '/api/admin/verify-google-authenticator',
    summary: "Operator sign-in: the TOTP code; answers the session (Bearer = the operator's challenge token)",
    access: 'challenge',
    body: z.strictObject({ code: OneTimeCode }),
    response: OperatorSession,
    fallbackMessage: FALLBACK.otpVerification,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/admin/auth/refresh',
    summary: `A fresh operator access token from the operator's rotating refresh cookie. ${REFRESH_REUSE_RULE}`,
    access: 'refresh',
    response: OperatorSession,
    suppressErrors: true,
  }),
  endSession: defineEndpoint({
    method: 'POST',
    path: '/api/admin/auth/logout',
    summary: "End the operator refresh cookie's session, even after its access token expired",
    access: 'refresh',
    response: Empty,
    suppressErrors: true,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    summary: 'End this operator session and revoke its refresh token',
    access: 'operator',
    response: Empty,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    summary: 'The signed-in operator',
    access: 'operator',
    response: z.object({ operator: SessionOperator }),
  }),
  setupPassword: defineEndpoint({
    method: 'POST',
    path: '/api/admin/setup-password',
    summary: "Choose a new operator's password with the one-time set-up link's token",
    access: 'public',
    body: OperatorSetupPasswordBody,
    response: Empty,
    fallbackMessage: FALLBACK.resetPassword,
  }),
};
