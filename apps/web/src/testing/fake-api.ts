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
    const handler = routes[`${method} ${url.pathname}`];
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
