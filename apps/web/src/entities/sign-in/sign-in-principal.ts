import type { UnknownAction } from '@reduxjs/toolkit';
import type { LoginNext, LoginStep } from '@skydesk/contract';
import type { z } from 'zod';
import { isApiFailure } from '../../shared/http/api-error';
import type { AppThunk } from '../../shared/store/hooks';

/** A sign-in between the password and the second factor: a credential, kept in memory only. */
export type SignInChallenge = { email: string; next: LoginNext; token: string };

/** The authenticator's QR code and the same key to type (docs/api.md generate-qrcode). */
export type Enrolment = { qr_code: string; otpauth_url: string };

/** What the login call is sent. */
export type LoginBody = { email: string; password: string };

/** A new password from an e-mailed link: the link's token and the password twice. */
export type PasswordFromLink = { token: string; password: string; password_confirmation: string };

/**
 * Who signs in through the sign-in screens — an agency's user or a SkyDesk operator — and what
 * differs between them: which calls sign in, which session slice holds the sign-in and the
 * session, and where each step and the signed-in principal go. The screens are the same for
 * both (docs/architecture.md §6: both principals sign in with a password, then an authenticator
 * code). Hooks, since each reads its own store slice or calls its own API.
 */
export type SignInPrincipal<Session> = {
  /** Above every title: whose screens these are ('SkyDesk operations'); nothing for an agency's. */
  eyebrow?: string;
  paths: { login: string; home: string };
  /** The login call's body, checked before it is sent. */
  loginBody: z.ZodType<LoginBody, LoginBody>;
  useSignedIn(): boolean;
  useChallenge(): SignInChallenge | null;
  /** Where to go once signed in: the screen the principal was sent away from, if any. */
  useReturnTo(): string | null;
  useLogin(): (body: LoginBody) => Promise<LoginStep>;
  useVerifyAuthenticator(): (challengeToken: string, code: string) => Promise<Session>;
  useEnrolment(challengeToken: string): {
    currentData?: Enrolment | undefined;
    error?: unknown;
    isError: boolean;
    refetch: () => unknown;
  };
  useSetPasswordFromLink(): (body: PasswordFromLink) => Promise<unknown>;
  /** The password was right: the session slice keeps the challenge (and where to return). */
  challengeIssued(step: LoginStep, returnTo: string | null): UnknownAction;
  /** The challenge died, the principal started over, or the session began. */
  challengeEnded(): UnknownAction;
  /** The authenticator accepted the code: the session starts (and whatever it loads first). */
  startSession(session: Session): AppThunk<Promise<void> | void>;
  /** The screen of a step (the agency's e-mail code has its own; the authenticator's is shared). */
  stepPath(next: LoginNext): string;
  /** What the step's screen is told as it opens (an e-mailed code: when it was sent). */
  stepState(next: LoginNext, returnTo: string | null): unknown;
};

/**
 * A 401 from a sign-in step means the challenge is over (expired, used, too many wrong codes):
 * the server's message has been toasted, and the sign-in starts again.
 */
export const isDeadChallenge = (error: unknown): boolean => isApiFailure(error) && error.status === 401;
