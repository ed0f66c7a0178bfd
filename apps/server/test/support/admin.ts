import type { AuditAction, Notification } from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';
import { formData, get, postForm, randomIp, type SignedIn, sampleFiles, type TestApp } from './auth-flow.js';
import type { Operator } from './operator.js';

/** Back-office calls over `app.inject()`, as an operator, and what agencies see of them. */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function asOperator(
  t: TestApp,
  operator: Pick<Operator, 'token'>,
  method: Method,
  url: string,
  payload?: unknown,
  options: { ip?: string; requestId?: string } = {},
): Promise<Response> {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${operator.token}`,
      ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
    },
    remoteAddress: options.ip ?? randomIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Expects the status; answers `data` (read loosely unless typed, as `res.json()` is). */
// biome-ignore lint/suspicious/noExplicitAny: the default of an answer read like res.json()
export async function ok<T = any>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json().data as T;
}

/** The owner sends the vendor form with both documents; answers what was sent. */
export async function submitVendorForm(t: TestApp, owner: SignedIn) {
  const tradeLicense = sampleFiles.pdf();
  const ownerId = sampleFiles.png();
  const form = formData({ trade_license_number: 'TL-2026-00931', tax_number: '100234567800003' }, [
    { name: 'trade_license', content: tradeLicense, filename: 'trade licence.pdf', type: 'application/pdf' },
    { name: 'owner_id_document', content: ownerId, filename: 'passport scan.png', type: 'image/png' },
  ]);
  const res = await postForm(t, '/api/vendor-form', form, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return { tradeLicense, ownerId };
}

export async function notificationsOf(t: TestApp, user: Pick<SignedIn, 'token'>): Promise<Notification[]> {
  return ok(get(t, '/api/notification', { token: user.token }));
}

/** The audit entries of one target, newest first. */
export async function auditOf(
  t: TestApp,
  operator: Pick<Operator, 'token'>,
  target: string,
  action?: AuditAction,
) {
  const query = new URLSearchParams({ target, ...(action ? { action } : {}) });
  return (await ok(asOperator(t, operator, 'GET', `/api/admin/audit?${query}`))).entries;
}
