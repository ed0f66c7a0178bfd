import type { CreateTicketBody, SupportMessage, SupportTicket } from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';
import { ok } from '../support/admin.js';
import {
  type CompanyOverrides,
  formData,
  makeApprovedCompany,
  onboardedOwner,
  postForm,
  randomIp,
  sampleFiles,
  type TestApp,
} from '../support/auth-flow.js';
import { type Agent, addCredits } from '../support/bookings.js';
import { type Operator, signInAgainAsOperator } from '../support/operator.js';

/**
 * Support tickets over `app.inject()`, as an agency's user (any token of a company session) or as
 * an operator, whose session is renewed before each call (the test clock moves past a token's 30
 * minutes as sign-ins step it on).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Caller = { token: string };

export function call(
  t: TestApp,
  caller: Caller,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<Response> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${caller.token}` },
    remoteAddress: randomIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** An operator's call, from a fresh session of theirs. */
export async function operatorCall(
  t: TestApp,
  operator: Operator,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<Response> {
  const fresh = await signInAgainAsOperator(t, operator);
  return call(t, fresh, method, url, payload);
}

export const ticketBody = (overrides: Partial<CreateTicketBody> = {}): CreateTicketBody => ({
  subject: 'Name correction on a ticketed booking',
  category: 'booking',
  priority: 'normal',
  message: 'The passenger name is misspelt: AMIRA should read AMIRAH. Can you correct it?',
  ...overrides,
});

export async function openTicket(
  t: TestApp,
  caller: Caller,
  overrides: Partial<CreateTicketBody> = {},
): Promise<SupportTicket> {
  return ok(call(t, caller, 'POST', '/api/ticket', ticketBody(overrides)), 201);
}

export const agencyWrites = (t: TestApp, caller: Caller, ticketId: string, body: string, clientId?: string) =>
  call(t, caller, 'POST', `/api/ticket/${ticketId}/messages`, {
    body,
    ...(clientId ? { client_id: clientId } : {}),
  });

export const operatorReplies = (
  t: TestApp,
  operator: Operator,
  ticketId: string,
  body: string,
  clientId?: string,
) =>
  operatorCall(t, operator, 'POST', `/api/admin/tickets/${ticketId}/messages`, {
    body,
    ...(clientId ? { client_id: clientId } : {}),
  });

export async function agencyMessages(
  t: TestApp,
  caller: Caller,
  ticketId: string,
  afterSeq?: number,
): Promise<SupportMessage[]> {
  const query = afterSeq === undefined ? '' : `?after_seq=${afterSeq}`;
  return ok(call(t, caller, 'GET', `/api/ticket/${ticketId}/messages${query}`));
}

/** Sends a file on a ticket (the agency's call, or the operators' with `asOperator`). */
export function sendFile(
  t: TestApp,
  caller: Caller,
  url: string,
  file: { content: Buffer; filename: string; type?: string },
  fields: Record<string, string> = {},
) {
  const form = formData(fields, [{ name: 'file', ...file }]);
  return postForm(t, url, form, { token: caller.token });
}

export const samplePdf = () => ({
  content: sampleFiles.pdf(),
  filename: 'e-ticket copy.pdf',
  type: 'application/pdf',
});

/** The agency's view of one of its tickets. */
export const agencyTicket = (t: TestApp, caller: Caller, ticketId: string): Promise<SupportTicket> =>
  ok(call(t, caller, 'GET', `/api/ticket/${ticketId}`));

export const expectStatus = async (res: Response | Promise<Response>, status: number, message?: string) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  if (message !== undefined) expect(answer.json().message).toBe(message);
  return answer;
};

/** An approved agency of these details (its name, contact…), its owner signed in, with credits when asked. */
export async function agencyWith(
  t: TestApp,
  overrides: CompanyOverrides,
  options: { creditsMinor?: number } = {},
): Promise<Agent> {
  const owner = await onboardedOwner(t, overrides);
  await makeApprovedCompany(t.store.db, owner.user.company_id);
  if (options.creditsMinor) await addCredits(t.store.db, owner.user.company_id, options.creditsMinor);
  return { ...owner, companyId: owner.user.company_id };
}
