import { type Mock, vi } from 'vitest';

/** One request the app sent, as a handler sees it. */
export type SentRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined when there was none or it was FormData. */
  body: unknown;
  formData: FormData | undefined;
};

type Handler = (request: SentRequest) => Response | Promise<Response>;

/**
 * Answers held until the test lets them go. A loading state is only there between the request and
 * its answer; an answer that comes by itself (at once, or after a timer) can come before the test
 * looks, on a busy machine, and the test fails by chance. Hold it, see the skeleton, then open.
 */
export function answerGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    hold:
      (handler: Handler): Handler =>
      async (request) => {
        await opened;
        return handler(request);
      },
    open,
  };
}

/** A success envelope (docs/api.md). */
export const ok = (data: unknown, { status = 200, message = 'OK' } = {}) =>
  new Response(JSON.stringify({ status: true, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A failure envelope (docs/api.md), with field errors or other data and headers when given. */
export const fail = (
  status: number,
  message: string,
  { data, headers }: { data?: Record<string, unknown>; headers?: Record<string, string> } = {},
) =>
  new Response(JSON.stringify({ status: false, message, ...(data ? { data } : {}) }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** 422 with `data.errors`, as the server reports field problems. */
export const invalid = (errors: Record<string, string[]>) =>
  fail(422, 'The given data was invalid.', { data: { errors } });

/**
 * What the frames ask of every screen's test, unless the test answers it itself: the console's
 * work queue, and the agency's profile for its time zone (docs/architecture.md §8) — the tests' own
 * zone, UTC, so a screen's times read as the test wrote them.
 */
const DEFAULT_ROUTES: Record<string, Handler> = {
  // The console's menu counts what waits (issue 30): nothing, unless a test says otherwise.
  'GET /api/admin/work-queue': () =>
    ok({
      agencies: { waiting: 0, oldest_since: null },
      deposits: { waiting: 0, oldest_since: null },
      refunds: { waiting: 0, oldest_since: null },
      tickets: { waiting: 0, oldest_since: null, unassigned: 0 },
      total: 0,
    }),
  'GET /api/company/profile': () =>
    ok({
      id: 'c4d5e6f7-8a9b-4c0d-9e1f-2a3b4c5d6e7f',
      name: 'Demo Travels',
      contact_name: 'Amina Rahman',
      email: 'office@demo-travels.example',
      phone: '+971 4 555 0100',
      country: 'AE',
      city: 'Dubai',
      address: 'Office 1204, Bay Square 3, Business Bay',
      iata_number: null,
      time_zone: 'UTC',
      time_zone_default: false,
    }),
};

/**
 * Stubs fetch with a table of 'METHOD /api/path' → handler (or a fixed Response maker). Every
 * request is recorded; one without a handler fails the test loudly with a 500 naming it.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  const fetchMock: Mock<typeof fetch> = vi.fn(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const formData = init.body instanceof FormData ? init.body : undefined;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
      formData,
    };
    sent.push(request);
    const handler = routes[`${method} ${url.pathname}`] ?? DEFAULT_ROUTES[`${method} ${url.pathname}`];
    if (!handler) return fail(500, `No fake for ${method} ${url.pathname}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    sent,
    /** The requests sent to 'METHOD /api/path'. */
    calls: (route: string) => sent.filter((request) => `${request.method} ${request.path}` === route),
  };
}
