import { defineEndpoint, Email, OneTimeCode, Password } from '@skydesk/contract';
import { z } from 'zod';

/*
 * PROVISIONAL: the operator sign-in calls as API.md's back office names them, written here until
 * the contract's own table (packages/contract/src/admin-auth.ts) lands; then this file goes and
 * its importers take the contract's.
 */

const Operator = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
const OperatorSession = z.object({ token: z.string(), operator: Operator });
const Empty = z.object({});

export const operatorAuthEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    summary: "Check an operator's e-mail and password; answers the authenticator step",
    access: 'public',
    body: z.strictObject({ email: Email, password: z.string().min(1, 'Enter your password').max(1024) }),
    response: z.object({
      next: z.enum(['setup_2fa', 'verify_2fa']),
      challenge_token: z.string(),
      email: z.string(),
    }),
  }),
  generateQrCode: defineEndpoint({
    method: 'POST',
    path: '/api/admin/generate-qrcode',
    summary: 'The authenticator QR code (Bearer = challenge token)',
    access: 'challenge',
    response: z.object({ qr_code: z.string(), otpauth_url: z.string() }),
  }),
  verifyAuthenticator: defineEndpoint({
    method: 'POST',
    path: '/api/admin/verify-google-authenticator',
    summary: 'The TOTP code; answers the operator session (Bearer = challenge token)',
    access: 'challenge',
    body: z.strictObject({ code: OneTimeCode }),
    response: OperatorSession,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/admin/auth/refresh',
    summary: "A fresh operator access token from the operator's refresh cookie",
    access: 'refresh',
    response: OperatorSession,
    suppressErrors: true,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    summary: "End the operator's session",
    access: 'operator',
    response: Empty,
    suppressErrors: true,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    summary: 'The signed-in operator',
    access: 'operator',
    response: z.object({ operator: Operator }),
  }),
  setupPassword: defineEndpoint({
    method: 'POST',
    path: '/api/admin/setup-password',
    summary: "Choose the operator's password with the e-mailed set-up token",
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
  }),
};
