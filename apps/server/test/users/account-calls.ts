import type { LightMyRequestResponse as Response } from 'fastify';
import { randomIp, type TestApp } from '../support/auth-flow.js';

/**
 * The settings screen's calls about the user's own account, over `app.inject()`: each with the
 * session's access token, from a fresh client address unless told.
 */

type Options = { ip?: string; headers?: Record<string, string> };

export function call(
  t: TestApp,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  token: string,
  payload?: unknown,
  options: Options = {},
): Promise<Response> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    remoteAddress: options.ip ?? randomIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const updateAccount = (t: TestApp, token: string, body: unknown, options: Options = {}) =>
  call(t, 'PUT', '/api/user/update-account', token, body, options);

export const listSessions = (t: TestApp, token: string) => call(t, 'GET', '/api/user/sessions', token);

export const me = (t: TestApp, token: string) => call(t, 'GET', '/api/me', token);

/** Renews a session by its refresh cookie (`POST /api/auth/refresh`). */
export const refresh = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie }, remoteAddress: randomIp() });

/** The field errors of a 422 answer. */
export const fieldErrorsOf = (res: Response): Record<string, string[]> => res.json().data?.errors ?? {};

export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
