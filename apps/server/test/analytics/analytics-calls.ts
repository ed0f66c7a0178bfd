import type { LightMyRequestResponse as Response } from 'fastify';
import { randomIp, type SignedIn, type TestApp } from '../support/auth-flow.js';

/** The analytics tests' calls over `app.inject()`, as an agency's user. */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function callAs(
  t: TestApp,
  user: Pick<SignedIn, 'token'>,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<Response> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user.token}` },
    remoteAddress: randomIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The owner sets the agency's time zone ('' goes back to the country's). */
export const setTimeZone = (t: TestApp, owner: Pick<SignedIn, 'token'>, zone: string) =>
  callAs(t, owner, 'PUT', '/api/company/profile', { time_zone: zone });

/** The agency's figures for a range (either end may be left out). */
export function companyKpi(
  t: TestApp,
  user: Pick<SignedIn, 'token'>,
  range: { fromDate?: string; toDate?: string } = {},
) {
  const query = new URLSearchParams(
    Object.entries(range).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return callAs(t, user, 'GET', `/api/company/company-kpi${query ? `?${query}` : ''}`);
}
