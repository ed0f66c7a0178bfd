import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  RECEIPT_FIELD,
  SUPPORT_ATTACHMENT_FIELD,
  SupportAttachmentFields,
  TransactionFormFields,
  VENDOR_DOCUMENT_KINDS,
  VendorFormFields,
} from '@skydesk/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_FIELD } from '../../src/modules/users/account/profile-image.js';
import { createTestApp } from '../support/app.js';
import {
  companyBody,
  formData,
  get,
  makeApprovedCompany,
  post,
  postForm,
  randomIp,
  sampleFiles,
  type TestApp,
  uniqueEmail,
} from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  searchBody,
  searchOffer,
  signInAgain,
} from '../support/bookings.js';
import { contractEndpoints, endpointLabel } from '../support/contract-endpoints.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';
import {
  acceptEncoding,
  fuzzed,
  garbageAuthorization,
  hostileFileName,
  hostileValue,
  jsonContentType,
  type MultipartRequest,
  multipartBody,
  multipartRequest,
  mutated,
  type Operation,
  oddIdempotencyKey,
  operationsOf,
  pathId,
  queryString,
  type SchemaContext,
  type Seeds,
} from './openapi-arbitraries.js';
import { rawRequest } from './raw-http.js';

/**
 * Every operation of the OpenAPI document (/api/docs/json), called with generated input — bodies
 * from its JSON schema with hostile values at any depth, odd query strings, path ids and headers,
 * malformed multipart bodies — unauthenticated and as a signed-in approved company user (an operator for back-office calls). However
 * bad the input, the answer is a 4xx or a success in the docs/api.md envelope: never a 5xx, a stack
 * trace, SQL or a file path. One app per store serves every property.
 */

// CI: 100 per operation on the embedded store, 40 on PostgreSQL — about 20,000 hostile requests,
// inside the CI's 30 minutes now that the suite has grown (200 on both took three and a half
// minutes of it). Both stores run the same PostgreSQL engine: what the second adds is its driver's
// types and errors, which fewer runs reach as well. FUZZ_RUNS sets both.
const RUNS_PER_STORE = { pglite: process.env.CI ? 100 : 40, postgres: 40 };
const runsOn = (kind: keyof typeof RUNS_PER_STORE) => Number(process.env.FUZZ_RUNS) || RUNS_PER_STORE[kind];

// The operations come from the document itself, read once from an app of the embedded store.
const documentApp = await createTestApp('pglite');
const document = (await documentApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
await documentApp.close();
const operations = operationsOf(document);

/** Every endpoint the contract declares (each of its `…Endpoints` tables), by `METHOD /path`. */
const endpoints = contractEndpoints.map((endpoint) => ({
  key: endpointLabel(endpoint),
  access: endpoint.access,
}));

/** What no answer may show: stack frames, SQL and driver errors, paths of the server's files. */
const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at |\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/],
  [
    'SQL',
    /syntax error at or near|relation "|duplicate key|violates .* constraint|invalid input syntax|SQLSTATE|\bselect\b.+\bfrom\b\s+"|\binsert into\b|kysely|pglite/i,
  ],
  ['a file path', /\/work\/|\/home\/|\/tmp\/|node_modules|file:\/\/|\.[tj]s:\d+/],
];

/**
 * The names of every multipart form's parts (the vendor form, a deposit with its receipt, a
 * profile picture, a file on a support ticket).
 */
const FORM_FIELDS = [
  ...Object.keys(VendorFormFields.shape),
  ...VENDOR_DOCUMENT_KINDS,
  ...Object.keys(TransactionFormFields.shape),
  RECEIPT_FIELD,
  PROFILE_IMAGE_FIELD,
  ...Object.keys(SupportAttachmentFields.shape),
  SUPPORT_ATTACHMENT_FIELD,
];

function bodyText(res: Response): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  return res.payload;
}

/** The properties every answer holds, whatever was asked. */
function expectSafeAnswer(res: Response, label: string) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.payload.slice(0, 300)}`).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/pdf') && res.statusCode === 200) return;
  const text = bodyText(res);
  for (const [what, pattern] of LEAKS) {
    expect(pattern.test(text), `${label}: the answer shows ${what}: ${text.slice(0, 500)}`).toBe(false);
  }
  // A file asked for (a statement's CSV export) is no envelope; its refusals are.
  if (type.startsWith('text/csv') && res.statusCode === 200) return;
  expect(type, `${label}: ${res.statusCode} answered ${type}`).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { status?: unknown; message?: unknown; data?: { errors?: unknown } };
  expect(typeof body.message, `${label}: no message`).toBe('string');
  if (res.statusCode >= 400) {
    expect(body.status, label).toBe(false);
    expect((body.message as string).length, `${label}: empty message`).toBeGreaterThan(0);
  } else {
    expect(body.status, label).toBe(true);
    expect(body, label).toHaveProperty('data');
  }
  if (res.statusCode === 422) {
    const errors = body.data?.errors as Record<string, unknown> | undefined;
    expect(errors && typeof errors === 'object', `${label}: a 422 without data.errors`).toBe(true);
    const entries = Object.entries(errors ?? {});
    expect(entries.length, `${label}: a 422 with no field`).toBeGreaterThan(0);
    for (const [field, messages] of entries) {
      expect(
        Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
        `${label}: ${field}`,
      ).toBe(true);
    }
  }
}

type Call = {
  url: string;
  /**
   * `real`: a real form (its file under a hostile name), sent signed in, without odd query or
   * headers, to `path` when given (its ticket): so the name gets past validation to the store.
   */
  body: { contentType: string | undefined; payload: string | Buffer; real?: true; path?: string } | undefined;
  idempotencyKey: string | undefined;
  acceptEncoding: string | undefined;
  /** For the anonymous call: sent instead of nothing. */
  anonymousAuthorization: string | undefined;
  /** For the signed-in call: instead of the real token. */
  badAuthorization: string | undefined;
  refreshCookie: 'none' | 'real' | 'garbage';
};

const RAW_BODIES = [
  '',
  ' ',
  '{',
  '{"a":',
  'null',
  '[]',
  '""',
  '0',
  'true',
  '{"__proto__":',
  '\u0000',
  '{}',
  '[[[[[[',
];

/** Real bodies of some calls (by `METHOD /path`), which the document's schemas cannot describe whole. */
type Examples = Record<string, () => unknown>;

function jsonBody(
  operation: Operation,
  context: SchemaContext,
  examples: Examples,
): fc.Arbitrary<Call['body']> {
  const example = examples[`${operation.method} ${operation.path}`];
  const json = (value: unknown) => JSON.stringify(value) ?? '';
  // A fresh example each run (a registration's e-mail is taken once registered).
  const fresh = <T>(make: (value: unknown) => fc.Arbitrary<T>) =>
    fc.constant(null).chain(() => make(example!()));
  const payload = operation.jsonBody
    ? fc.oneof(
        { weight: 6, arbitrary: fuzzed(operation.jsonBody, context).map(json) },
        ...(example === undefined
          ? []
          : [
              { weight: 3, arbitrary: fresh((value) => fc.constant(json(value))) },
              { weight: 4, arbitrary: fresh((value) => mutated(value).map(json)) },
            ]),
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
      )
    : fc.oneof(
        { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? '') },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
      );
  // A call without a body is sent one now and then (it must refuse it).
  const present = operation.jsonBody ? fc.constant(true) : fc.constantFrom(false, false, false, true);
  return fc
    .tuple(present, payload, jsonContentType)
    .map(([sent, text, contentType]) => (sent ? { contentType, payload: text } : undefined));
}

function formBody(): fc.Arbitrary<Call['body']> {
  return multipartRequest(FORM_FIELDS).map(
    (request: MultipartRequest) =>
      ({ contentType: request.contentType, payload: request.payload }) as Call['body'],
  );
}

/**
 * Real forms of the multipart calls (by `METHOD /path`), their file under a hostile name: past
 * validation, so the name reaches the store (issue 27: a NUL in a file's name was a 500).
 */
type FormExamples = Record<string, { path?: string; form: (fileName: string) => MultipartRequest }>;

function exampleForm(operation: Operation, forms: FormExamples): fc.Arbitrary<Call['body']> | undefined {
  const example = forms[`${operation.method} ${operation.path}`];
  if (!example) return undefined;
  return hostileFileName.map((name) => {
    const request = example.form(name);
    return {
      contentType: request.contentType,
      payload: request.payload,
      real: true as const,
      ...(example.path ? { path: example.path } : {}),
    };
  });
}

/** The value once in `1 + timesAbsent` runs, else nothing. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, timesAbsent: number) =>
  fc.oneof({ weight: timesAbsent, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

function callOf(
  operation: Operation,
  context: SchemaContext,
  examples: Examples,
  forms: FormExamples,
  token: () => string,
): fc.Arbitrary<Call> {
  const ids = context.seeds.id ?? [];
  const path = fc.tuple(...operation.pathParams.map(() => pathId(ids))).map((values) => {
    let index = 0;
    return operation.path.replace(/\{\w+\}/g, () => values[index++] ?? '');
  });
  const realForm = exampleForm(operation, forms);
  const body = operation.multipart
    ? fc.oneof(
        { weight: 4, arbitrary: formBody() },
        ...(realForm ? [{ weight: 6, arbitrary: realForm }] : []),
        { weight: 1, arbitrary: jsonBody(operation, context, examples) },
      )
    : jsonBody(operation, context, examples);
  return fc
    .record({
      path,
      query: queryString(operation, context),
      body,
      idempotencyKey: sometimes(oddIdempotencyKey, operation.idempotent ? 1 : 4),
      acceptEncoding,
      anonymousAuthorization: sometimes(garbageAuthorization(), 1),
      // Mostly the real token: signed-in runs are meant to reach the handlers.
      badAuthorization: sometimes(
        fc.constant(null).chain(() => garbageAuthorization(token())),
        6,
      ),
      refreshCookie: fc.constantFrom('none', 'none', 'none', 'real', 'garbage'),
    })
    .map(({ path: p, query, ...rest }) =>
      rest.body?.real
        ? { ...rest, url: rest.body.path ?? p, idempotencyKey: undefined, badAuthorization: undefined }
        : { url: `${p}${query}`, ...rest },
    );
}

describe.each(storeKinds())('every operation of the OpenAPI document on %s', (kind) => {
  const RUNS = runsOn(kind);
  let t: TestApp;
  let agent: Agent;
  /** Back-office calls are made signed in as an operator, every other call as the agent. */
  let operator: Operator;
  let context: SchemaContext;
  let examples: Examples;
  let forms: FormExamples;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
    // Real things to name, so runs get past the lookups: an offer, a held and a ticketed booking.
    const offer = await searchOffer(t, agent);
    const held = await bookOk(t, agent, bookingBody(offer));
    const ticketed = await bookOk(t, agent, bookingBody(await searchOffer(t, agent)));
    const issued = await issueOk(t, agent, ticketed.pnr);
    const routes = await post(t, '/api/booking-all-active-routes', undefined, { token: agent.token });
    const airports = (routes.json().data.Airports as { code: string }[]).slice(0, 6).map((a) => a.code);
    operator = await signedInOperator(t);
    const bank = await post(
      t,
      '/api/admin/banks',
      {
        bank: 'Fuzz Bank',
        account_title: 'SkyDesk Ltd',
        account_number: '12345678',
        iban: 'GB82WEST12345698765432',
      },
      { token: operator.token },
    );
    expect(bank.statusCode, bank.body).toBe(201);
    // A support ticket with a file on it, so ticket calls get past their lookups too.
    const ticket = await post(
      t,
      '/api/ticket',
      { subject: 'Fuzzed ticket', category: 'other', message: 'Hello' },
      { token: agent.token },
    );
    expect(ticket.statusCode, ticket.body).toBe(201);
    const ticketId: string = ticket.json().data.id;
    const file = await postForm(
      t,
      `/api/ticket/${ticketId}/attachments`,
      formData({}, [{ name: SUPPORT_ATTACHMENT_FIELD, content: sampleFiles.pdf(), filename: 'a.pdf' }]),
      { token: agent.token },
    );
    expect(file.statusCode, file.body).toBe(201);
    const seeds: Seeds = {
      id: [agent.companyId, held.id, issued.id, bank.json().data.id, ticketId, file.json().data.id],
      ticket_id: [ticketId],
      booking_id: [held.id, issued.id],
      offer_id: [offer.offer_id],
      pnr: [held.pnr, issued.pnr],
      ticket_number: issued.tickets.map((ticket) => ticket.ticket_number),
      origin_location_code: ['LHR', ...airports],
      destination_location_code: ['JFK', ...airports],
      status: ['booked', 'ticketed,cancelled', 'all'],
    };
    // A grouped answer's option (issue 16), for the price endpoint's real body.
    const groupedSearch = { ...searchBody(), view: 'itineraries' };
    const grouped = await post(t, '/api/search', groupedSearch, { token: agent.token });
    expect(grouped.statusCode, grouped.body).toBe(200);
    const optionId: string = grouped.json().data.legs[0].options[0].id;
    context = { seeds, today: t.clock.now() };
    offerQuotedAt = t.clock.now().getTime();
    const inFourWeeks = new Date(t.clock.now().getTime() + 28 * 86_400_000).toISOString().slice(0, 10);
    const reason = { reason: 'The client changed plans' };
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const bankId: string = bank.json().data.id;
    const attachment = (fileName: string) =>
      multipartBody({ body: 'See the file' }, [
        { field: SUPPORT_ATTACHMENT_FIELD, disposition: fileName, content: sampleFiles.pdf() },
      ]);
    forms = {
      'POST /api/company/create-transaction': {
        form: (fileName) =>
          multipartBody(
            {
              bank_id: bankId,
              amount: '12.50',
              deposit_date: yesterday,
              reference_no: `FZ-${randomBytes(6).toString('hex')}`,
            },
            [{ field: RECEIPT_FIELD, disposition: fileName, content: sampleFiles.pdf() }],
          ),
      },
      'POST /api/ticket/{id}/attachments': { path: `/api/ticket/${ticketId}/attachments`, form: attachment },
      'POST /api/admin/tickets/{id}/attachments': {
        path: `/api/admin/tickets/${ticketId}/attachments`,
        form: attachment,
      },
      'POST /api/vendor-form': {
        form: (fileName) =>
          multipartBody({ trade_license_number: 'TL-2026-00931', tax_number: '100234567800003' }, [
            { field: 'trade_license', disposition: fileName, content: sampleFiles.pdf() },
            { field: 'owner_id_document', disposition: fileName, content: sampleFiles.png() },
          ]),
      },
    };
    examples = {
      'POST /api/register-company': () => companyBody(),
      'POST /api/login': () => ({ email: uniqueEmail(), password: 'Wrong-Password-1234' }),
      'POST /api/search': () => searchBody({ date: inFourWeeks }),
      'POST /api/search/calendar': () => searchBody({ date: inFourWeeks, returnDate: inFourWeeks }),
      'POST /api/search/price': () => ({ search: groupedSearch, option_ids: [optionId], brand: 'Standard' }),
      'POST /api/booking': () => ({ ...bookingBody(offer), offer_id: context.seeds.offer_id?.[0] }),
      'POST /api/booking-pnr': () => ({ pnr: held.pnr }),
      'POST /api/getPenalty': () => ({ booking_id: issued.id }),
      'POST /api/request-cancel-booking': () => ({ booking_id: held.id, ...reason }),
      'POST /api/request-ticket-refund': () => ({ booking_id: issued.id, ...reason }),
    };
  }, 120_000);

  // Offers live 30 minutes; sign-ins move the clock on, so the seeded offer is renewed when stale.
  let offerQuotedAt = 0;
  beforeEach(async () => {
    // Back-office runs decide on the seeded agency (reject, suspend…): each test starts approved.
    await makeApprovedCompany(t.store.db, agent.companyId);
    await keepSignedIn();
    if (t.clock.now().getTime() - offerQuotedAt < 20 * 60_000) return;
    context.seeds.offer_id = [(await searchOffer(t, agent)).offer_id];
    offerQuotedAt = t.clock.now().getTime();
  });
  afterAll(async () => t?.close());

  /** A session a run ended (logout, a refresh cookie replayed) is replaced before the next run. */
  async function keepSignedIn() {
    if ((await get(t, '/api/admin/me', { token: operator.token })).statusCode === 401) {
      operator = await signInAgainAsOperator(t, operator);
    }
    const me = await get(t, '/api/me', { token: agent.token });
    if (me.statusCode !== 401) return;
    try {
      agent = await signInAgain(t, agent);
    } catch {
      // Sign-ins of one account are limited per 15-minute window: the next window lets it in.
      t.clock.advance(15 * 60_000);
      agent = await signInAgain(t, agent);
    }
  }

  /**
   * Calls answered only from this machine (the development outbox: issue 27): sent from loopback,
   * or their guard refuses every run with a 403 and only the runs validation refuses first would
   * count as reaching the handler — a share left to chance.
   */
  const LOCAL_ONLY = new Set(['/api/dev/outbox']);

  function send(call: Call, signedIn: boolean, method: string, token: string) {
    const headers: Record<string, string> = {};
    if (call.body?.contentType !== undefined) headers['content-type'] = call.body.contentType;
    if (call.idempotencyKey !== undefined) headers['idempotency-key'] = call.idempotencyKey;
    if (call.acceptEncoding !== undefined) headers['accept-encoding'] = call.acceptEncoding;
    const authorization = signedIn
      ? (call.badAuthorization ?? `Bearer ${token}`)
      : call.anonymousAuthorization;
    if (authorization !== undefined) headers.authorization = authorization;
    if (call.refreshCookie === 'garbage') headers.cookie = 'skydesk_refresh=garbage; __proto__=1';
    if (call.refreshCookie === 'real' && signedIn) headers.cookie = agent.cookie;
    return t.app.inject({
      method: method as 'GET',
      url: call.url,
      headers,
      remoteAddress: LOCAL_ONLY.has(call.url.split('?')[0]!) ? '127.0.0.1' : randomIp(),
      ...(call.body ? { payload: call.body.payload } : {}),
    });
  }

  it('covers every endpoint of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(30);
    const documented = operations.map((operation) => `${operation.method} ${operation.path}`);
    for (const endpoint of endpoints) expect(documented).toContain(endpoint.key);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s never answers a 5xx, a stack, SQL or a path',
    async (label, operation) => {
      let reachedHandler = 0;
      const access = endpoints.find((endpoint) => endpoint.key === label)?.access;
      const token = () => (access === 'operator' ? operator.token : agent.token);
      await fc.assert(
        fc.asyncProperty(callOf(operation, context, examples, forms, token), async (call) => {
          const anonymous = await send(call, false, operation.method, token());
          expectSafeAnswer(anonymous, `${label} anonymous ${call.url}`);
          const signedIn = await send(call, true, operation.method, token());
          expectSafeAnswer(signedIn, `${label} signed in ${call.url}`);
          if (![401, 403, 429].includes(signedIn.statusCode)) reachedHandler++;
          if (signedIn.statusCode === 401 && call.badAuthorization === undefined) await keepSignedIn();
        }),
        { numRuns: RUNS },
      );
      // Signed in, runs of company, operator (and public) calls get past the guard and the rate
      // limits to validation and the handler; challenge and refresh calls take other credentials.
      if (access === 'company' || access === 'operator' || access === 'public') {
        expect(reachedHandler, `${label}: runs past the guard`).toBeGreaterThan(RUNS / 4);
      }
    },
    600_000,
  );
});

/**
 * Header sizes (issue 27), which `inject()` never checks: every operation called over a real
 * socket with headers and URLs from nothing to well past Node's 16 KB limit, in many or few
 * headers. Whatever the size, the answer is a 4xx or a success in the envelope — past the limit
 * 431 (headers) or 414 (the URL), never Node's own body or a closed connection.
 */
describe('every operation with headers of any size', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  /** Node's default --max-http-header-size: the request line and headers together. */
  const NODE_HEADER_LIMIT = 16 * 1024;

  const request = fc.record({
    operation: fc.constantFrom(...operations),
    headerCount: fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 100, max: 3_000 })),
    headerSize: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 1_000, max: 40_000 })),
    urlPadding: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30_000 })),
    authorization: fc.constantFrom(undefined, 'Bearer x', `Bearer ${'a'.repeat(20_000)}`),
  });

  it('answers 4xx or a success in the envelope, 431 or 414 past the limit', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ operation, headerCount, headerSize, urlPadding, authorization }) => {
        const path = operation.path.replace(/\{\w+\}/g, '1b4e28ba-2fa1-11d2-883f-0016d3cca427');
        const url = urlPadding > 0 ? `${path}?pad=${'p'.repeat(urlPadding)}` : path;
        // Spread over the headers: one huge value, or many small ones.
        const each = headerCount === 0 ? 0 : Math.max(1, Math.floor(headerSize / headerCount));
        const headers = Array.from(
          { length: headerCount },
          (_, i) => `X-Fuzz-${i}: ${'h'.repeat(each)}\r\n`,
        ).join('');
        const body = operation.method === 'GET' || operation.method === 'DELETE' ? '' : '{}';
        const head =
          `${operation.method} ${url} HTTP/1.1\r\nHost: skydesk.test\r\nConnection: close\r\n` +
          `${authorization ? `Authorization: ${authorization}\r\n` : ''}` +
          `${body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : ''}${headers}\r\n`;
        const answer = await rawRequest(port, [head + body]);
        const label = `${operation.method} ${operation.path}, ${head.length} bytes of head (${headerCount} headers, URL ${url.length})`;
        expect(
          answer.status,
          `${label} → ${answer.status} ${answer.body.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(200);
        expect(answer.status, `${label} → ${answer.body.slice(0, 200)}`).toBeLessThan(500);
        // Node counts the names, values and target it reads, not the separators between them: past
        // its limit by that count (and a margin for the headers every request carries), a refusal.
        const names = Array.from({ length: headerCount }, (_, i) => `X-Fuzz-${i}`.length).reduce(
          (a, b) => a + b,
          0,
        );
        const counted = url.length + names + headerCount * each + (authorization?.length ?? 0);
        if (counted > NODE_HEADER_LIMIT + 1_024) expect([414, 431], label).toContain(answer.status);
        if (answer.status >= 400) {
          expect(answer.headers['content-type'], label).toMatch(/^application\/json/);
          const envelope = JSON.parse(answer.body) as { status: unknown; message: unknown };
          expect(envelope.status, label).toBe(false);
          expect(typeof envelope.message, label).toBe('string');
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS) || 60 },
    );
  }, 300_000);
});
