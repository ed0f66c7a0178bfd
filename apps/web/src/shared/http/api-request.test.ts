import { defineEndpoint, FALLBACK, GENERIC_ERROR, SESSION, systemEndpoints } from '@skydesk/contract';
import { toast } from 'react-hot-toast';
import { beforeEach, describe, expect, it, type Mock, type MockInstance, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { apiBlob, apiRequest } from './api-request';
import { configureHttp, configureOperatorHttp } from './http-config';

const User = z.object({ id: z.string(), name: z.string() });

const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/user/company-user',
  summary: 'List users',
  access: 'company',
  response: z.array(User),
  fallbackMessage: FALLBACK.fetchUsers,
});

const updateUser = defineEndpoint({
  method: 'PUT',
  path: '/api/user/{id}',
  summary: 'Update a user',
  access: 'company',
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  response: User,
  fallbackMessage: FALLBACK.updateUser,
});

const login = defineEndpoint({
  method: 'POST',
  path: '/api/login',
  summary: 'Password step',
  access: 'public',
  body: z.object({ email: z.string(), password: z.string() }),
  response: z.object({ next: z.string() }),
  fallbackMessage: FALLBACK.login,
});

const activeRoutes = defineEndpoint({
  method: 'POST',
  path: '/api/booking-all-active-routes',
  summary: 'Routes',
  access: 'company',
  response: z.unknown(),
  fallbackMessage: FALLBACK.fetchRoutes,
  suppressErrors: true,
});

const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/api/user/image',
  summary: 'Profile image',
  access: 'company',
  multipart: true,
  response: z.object({ image_url: z.string() }),
});

const listRoles = defineEndpoint({
  method: 'GET',
  path: '/api/role',
  summary: 'Roles',
  access: 'company',
  query: z.object({ page: z.number(), limit: z.number() }),
  response: z.unknown(),
});

const operatorCall = defineEndpoint({
  method: 'GET',
  path: '/api/admin/companies',
  summary: 'Agencies',
  access: 'operator',
  response: z.unknown(),
});

const operatorRefresh = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/refresh',
  summary: 'Operator refresh',
  access: 'refresh',
  response: z.unknown(),
});

let fetchMock: Mock<typeof fetch>;
let toastError: MockInstance<typeof toast.error>;

function answer(status: number, body?: unknown) {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  fetchMock.mockResolvedValueOnce(new Response(text, { status }));
}

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.fail('the call should have failed'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  toastError = vi.spyOn(toast, 'error');
  configureHttp({ getToken: () => null });
});

describe('reading a successful answer (docs/product-spec.md §7)', () => {
  it('returns the envelope’s data', async () => {
    answer(200, { status: true, message: 'Users', data: [{ id: 'u1', name: 'Amina' }] });
    await expect(apiRequest(listUsers)).resolves.toEqual([{ id: 'u1', name: 'Amina' }]);
  });

  it('returns the message when there is no data', async () => {
    answer(200, { status: true, message: 'Done' });
    await expect(apiRequest(listUsers)).resolves.toBe('Done');
  });

  it('returns the whole body when it has neither data nor message', async () => {
    answer(200, { Routes: [] });
    await expect(apiRequest(listUsers)).resolves.toEqual({ Routes: [] });
  });

  it('does not toast a success', async () => {
    answer(200, { status: true, message: 'ok', data: [] });
    await apiRequest(listUsers);
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('the failure message (docs/product-spec.md §8)', () => {
  it('shows the first message of the first field of data.errors before anything else', async () => {
    answer(422, {
      status: false,
      message: 'The given data was invalid.',
      data: { errors: { email: ['E-mail is taken', 'second'], phone: ['Bad phone'] } },
    });
    const error = await failure(apiRequest(updateUser, { params: { id: 'u1' }, body: { name: 'A' } }));
    expect(toastError).toHaveBeenCalledExactlyOnceWith('E-mail is taken');
    expect(error.message).toBe('E-mail is taken');
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({ email: ['E-mail is taken', 'second'], phone: ['Bad phone'] });
  });

  it('shows the server’s message when there are no field errors', async () => {
    answer(409, { status: false, message: 'Seats are gone', data: { seats_left: 0 } });
    const error = await failure(apiRequest(listUsers));
    expect(toastError).toHaveBeenCalledExactlyOnceWith('Seats are gone');
    expect(error.data).toEqual({ seats_left: 0 });
  });

  it('falls back to the endpoint’s message when the server sends none', async () => {
    answer(500, { status: false });
    const error = await failure(apiRequest(listUsers));
    expect(toastError).toHaveBeenCalledExactlyOnceWith(FALLBACK.fetchUsers);
    expect(error.message).toBe(FALLBACK.fetchUsers);
  });

  it('prefers the call’s own fallback to the endpoint’s', async () => {
    answer(500, { status: false, message: '' });
    await failure(apiRequest(listUsers, { fallbackMessage: 'Could not load your team' }));
    expect(toastError).toHaveBeenCalledExactlyOnceWith('Could not load your team');
  });

  it('uses the generic message when neither the server nor the call has one', async () => {
    answer(500);
    const error = await failure(apiRequest(systemEndpoints.health));
    expect(toastError).toHaveBeenCalledExactlyOnceWith(GENERIC_ERROR);
    expect(error.message).toBe(GENERIC_ERROR);
  });

  it('treats a body that is not JSON (a proxy’s error page) as no message', async () => {
    answer(502, '<html>Bad gateway</html>');
    await failure(apiRequest(listUsers));
    expect(toastError).toHaveBeenCalledExactlyOnceWith(FALLBACK.fetchUsers);
  });

  it('does not toast when the call suppresses errors, and still throws', async () => {
    answer(400, { status: false, message: 'Nope' });
    const error = await failure(apiRequest(listUsers, { suppressErrors: true }));
    expect(error.message).toBe('Nope');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('does not toast for an endpoint declared with suppressed errors (docs/product-spec.md §7: routes)', async () => {
    answer(500, { status: false, message: 'Supplier down' });
    await failure(apiRequest(activeRoutes));
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('a network failure', () => {
  it('fails with the call’s fallback and status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest(listUsers));
    expect(error.status).toBe(0);
    expect(error.message).toBe(FALLBACK.fetchUsers);
    expect(toastError).toHaveBeenCalledExactlyOnceWith(FALLBACK.fetchUsers);
  });

  it('fails with the generic message when the call has no fallback', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await failure(apiRequest(systemEndpoints.health));
    expect(toastError).toHaveBeenCalledExactlyOnceWith(GENERIC_ERROR);
  });

  it('stays silent when the caller aborted the request', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(apiRequest(listUsers, { signal: controller.signal })).rejects.toHaveProperty(
      'name',
      'AbortError',
    );
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('a 401 answer (docs/product-spec.md §4)', () => {
  it('logs out, says "Session Expired" and goes to the login page', async () => {
    const onUnauthorized = vi.fn();
    const goToLogin = vi.fn();
    configureHttp({ getToken: () => 'expired-token', onUnauthorized, goToLogin });
    answer(401, { status: false, message: 'Unauthenticated' });

    const error = await failure(apiRequest(listUsers));

    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(toastError).toHaveBeenCalledExactlyOnceWith(SESSION.unauthorized, expect.anything());
    expect(error.status).toBe(401);
    expect(error.message).toBe(SESSION.unauthorized);
  });

  it('does not end the session for a login call, whose 401 means wrong credentials', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ getToken: () => null, onUnauthorized, goToLogin: vi.fn() });
    answer(401, { status: false, message: 'Wrong e-mail or password' });

    await failure(apiRequest(login, { body: { email: 'a@b.c', password: 'x' } }));

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledExactlyOnceWith('Wrong e-mail or password');
  });

  it('does not end the session when the call turns it off', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ getToken: () => 't', onUnauthorized });
    answer(401, { status: false, message: 'Unauthenticated' });

    await failure(apiRequest(listUsers, { logoutOn401: false }));

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledExactlyOnceWith('Unauthenticated');
  });
});

describe('the request', () => {
  it('sends the session token as a Bearer token, and the refresh cookie', async () => {
    configureHttp({ getToken: () => 'access-token' });
    answer(200, { status: true, message: 'ok', data: [] });
    await apiRequest(listUsers);
    const { headers, init } = lastRequest();
    expect(headers.get('Authorization')).toBe('Bearer access-token');
    expect(headers.get('Accept')).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
  });

  it('sends no Authorization header when signed out', async () => {
    answer(200, { status: true, message: 'ok', data: [] });
    await apiRequest(listUsers);
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('sends a given token instead of the session’s (the login challenge)', async () => {
    configureHttp({ getToken: () => 'access-token' });
    answer(200, { status: true, message: 'ok', data: [] });
    await apiRequest(listUsers, { bearerToken: 'challenge-token' });
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer challenge-token');
  });

  it('fills path parameters and sends the body as JSON', async () => {
    answer(200, { status: true, message: 'ok', data: { id: 'a/b', name: 'Amina' } });
    await apiRequest(updateUser, { params: { id: 'a/b' }, body: { name: 'Amina' } });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/user/a%2Fb');
    expect(init.method).toBe('PUT');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"Amina"}');
  });

  it('appends the query string', async () => {
    answer(200, { status: true, message: 'ok', data: {} });
    await apiRequest(listRoles, { query: { page: 0, limit: 10000 } });
    expect(lastRequest().url).toBe('/api/role?page=0&limit=10000');
  });

  it('sends FormData as it is, leaving the multipart Content-Type to the browser', async () => {
    const formData = new FormData();
    formData.append('image', new Blob(['png']), 'me.png');
    answer(200, { status: true, message: 'ok', data: { image_url: '/u/me.png' } });
    await apiRequest(uploadImage, { formData });
    const { init, headers } = lastRequest();
    expect(init.body).toBe(formData);
    expect(headers.has('Content-Type')).toBe(false);
  });
});

describe('two principals, two tokens (an operator and an agency user in one browser)', () => {
  beforeEach(() => {
    configureHttp({ getToken: () => 'agency-token' });
    configureOperatorHttp({ getToken: () => 'operator-token' });
  });

  it('sends the operator token to the back office and the agency token everywhere else', async () => {
    answer(200, { status: true, message: 'ok', data: [] });
    await apiRequest(operatorCall);
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer operator-token');

    answer(200, { status: true, message: 'ok', data: [] });
    await apiRequest(listUsers);
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer agency-token');

    // The operator's own session calls sit under /api/admin/ too, whatever their access.
    answer(200, { status: true, message: 'ok', data: {} });
    await apiRequest(operatorRefresh);
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer operator-token');
  });

  it('sends no agency token to the back office when no operator is signed in', async () => {
    configureOperatorHttp({ getToken: () => null });
    answer(200, { status: true, message: 'ok', data: [] });
    await apiRequest(operatorCall);
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it("ends the operator's session on an operator call's 401, and leaves the agency's alone", async () => {
    const agencyLogout = vi.fn();
    const operatorLogout = vi.fn();
    const operatorLogin = vi.fn();
    configureHttp({ getToken: () => 'agency-token', onUnauthorized: agencyLogout, goToLogin: vi.fn() });
    configureOperatorHttp({
      getToken: () => 'operator-token',
      onUnauthorized: operatorLogout,
      goToLogin: operatorLogin,
    });
    answer(401, { status: false, message: 'Unauthenticated' });

    await failure(apiRequest(operatorCall));

    expect(operatorLogout).toHaveBeenCalledOnce();
    expect(operatorLogin).toHaveBeenCalledOnce();
    expect(agencyLogout).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledExactlyOnceWith(SESSION.unauthorized, expect.anything());
  });
});

describe('waiting after a 429 (docs/api.md: Retry-After)', () => {
  it('reads the seconds from the Retry-After header', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ status: false, message: 'Too many requests. Please wait and try again.' }),
        {
          status: 429,
          headers: { 'Retry-After': '37' },
        },
      ),
    );
    const error = await failure(apiRequest(listUsers));
    expect(error.retryAfter).toBe(37);
  });

  it('reads data.retry_after when there is no header', async () => {
    answer(429, { status: false, message: 'Please wait 12 seconds.', data: { retry_after: 12 } });
    expect((await failure(apiRequest(listUsers))).retryAfter).toBe(12);
  });

  it('has none for other failures', async () => {
    answer(422, { status: false, message: 'Nope' });
    expect((await failure(apiRequest(listUsers))).retryAfter).toBeUndefined();
  });
});

describe('apiBlob (a file, not an envelope)', () => {
  const document = defineEndpoint({
    method: 'GET',
    path: '/api/vendor-form/documents/{id}',
    summary: 'A document',
    access: 'company',
    params: z.object({ id: z.string() }),
    response: z.unknown(),
  });

  it('answers the body as a Blob of its type, sent with the session token', async () => {
    configureHttp({ getToken: () => 'access-token' });
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = await apiBlob(document, { params: { id: 'd1' } });
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.4');
    expect(lastRequest().url).toBe('/api/vendor-form/documents/d1');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('fails like any call: the server’s message toasted, a 401 ends the session', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ getToken: () => 't', onUnauthorized });
    answer(404, { status: false, message: 'Not found' });
    await failure(apiBlob(document, { params: { id: 'd1' } }));
    expect(toastError).toHaveBeenCalledExactlyOnceWith('Not found');

    answer(401, { status: false, message: 'Unauthenticated' });
    await failure(apiBlob(document, { params: { id: 'd1' } }));
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
