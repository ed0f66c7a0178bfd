import { configureStore } from '@reduxjs/toolkit';
import { bookingEndpoints, defineEndpoint, FALLBACK, SESSION } from '@skydesk/contract';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, type Mock, type MockInstance, vi } from 'vitest';
import { z } from 'zod';
import { api } from './api';
import { contractFile, contractMutation, contractQuery } from './contract-endpoints';
import { configureHttp } from './http-config';
import { useIdempotentMutation } from './use-idempotent-mutation';

const User = z.object({ id: z.string(), name: z.string() });

const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/user/{id}',
  summary: 'A user',
  access: 'company',
  params: z.object({ id: z.string() }),
  query: z.object({ full: z.boolean().optional() }),
  response: User,
  fallbackMessage: FALLBACK.fetchUsers,
});

const renameUser = defineEndpoint({
  method: 'PUT',
  path: '/api/user/{id}',
  summary: 'Rename a user',
  access: 'company',
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  response: User,
  fallbackMessage: FALLBACK.updateUser,
});

const userDocument = defineEndpoint({
  method: 'GET',
  path: '/api/user/{id}/document',
  summary: 'A document',
  access: 'company',
  params: z.object({ id: z.string() }),
  response: z.unknown(),
});

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    testUser: contractQuery(build, getUser, { providesTags: ['Credits'] }),
    testQuietUser: contractQuery(build, getUser, { suppressErrors: true }),
    testRenameUser: contractMutation(build, renameUser, { invalidatesTags: ['Credits'] }),
    testIssue: contractMutation(build, bookingEndpoints.issue),
    testDocument: contractFile(build, userDocument),
  }),
});

const makeStore = () =>
  configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (defaults) => defaults().concat(api.middleware),
  });

let fetchMock: Mock<typeof fetch>;
let toastError: MockInstance<typeof toast.error>;
let store: ReturnType<typeof makeStore>;

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers }));

const lastRequest = () => {
  const [url, init = {}] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
};

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  toastError = vi.spyOn(toast, 'error');
  configureHttp({ getToken: () => 'access-token' });
  store = makeStore();
});

describe('an endpoint generated from the contract', () => {
  it('builds the call from the contract: method, path parameters, query, token, the answer’s data', async () => {
    answer(200, { status: true, message: 'OK', data: { id: 'a/b', name: 'Amina' } });
    const result = await store.dispatch(
      testApi.endpoints.testUser.initiate({ params: { id: 'a/b' }, query: { full: true } }),
    );
    expect(result.data).toEqual({ id: 'a/b', name: 'Amina' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/user/a%2Fb?full=true');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('keeps a failure in the store as plain data, toasted with the message docs/product-spec.md §8 picks', async () => {
    answer(422, {
      status: false,
      message: 'The given data was invalid.',
      data: { errors: { name: ['Name is taken'] } },
    });
    const result = await store.dispatch(
      testApi.endpoints.testRenameUser.initiate({ params: { id: 'u1' }, body: { name: 'A' } }),
    );
    const failure = 'error' in result ? result.error : undefined;
    expect(failure).toEqual({
      status: 422,
      message: 'Name is taken',
      fieldErrors: { name: ['Name is taken'] },
      data: { errors: { name: ['Name is taken'] } },
      retryAfter: undefined,
    });
    expect(JSON.parse(JSON.stringify(failure))).toEqual({ ...failure, retryAfter: undefined });
    expect(toastError).toHaveBeenCalledExactlyOnceWith('Name is taken');
  });

  it('falls back to the contract’s message, and keeps quiet when the call says so', async () => {
    answer(500, { status: false });
    await store.dispatch(testApi.endpoints.testUser.initiate({ params: { id: 'u1' } }));
    expect(toastError).toHaveBeenCalledExactlyOnceWith(FALLBACK.fetchUsers);

    answer(500, { status: false, message: 'Down' });
    const quiet = await store.dispatch(testApi.endpoints.testQuietUser.initiate({ params: { id: 'u2' } }));
    expect(quiet.error).toMatchObject({ status: 500, message: 'Down' });
    expect(toastError).toHaveBeenCalledOnce();
  });

  it('ends the session on a 401 (docs/product-spec.md §4)', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ getToken: () => 't', onUnauthorized });
    answer(401, { status: false, message: 'Unauthenticated' });
    const result = await store.dispatch(testApi.endpoints.testUser.initiate({ params: { id: 'u1' } }));
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(result.error).toMatchObject({ status: 401, message: SESSION.unauthorized });
  });

  it('sends an idempotent write’s key in the Idempotency-Key header', async () => {
    answer(200, { status: true, message: 'Issued', data: { id: 'b1' } });
    await store.dispatch(
      testApi.endpoints.testIssue.initiate({ body: { pnr: 'K7Q2ZD' }, idempotencyKey: 'key-1' }),
    );
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/booking-issue');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(init.body).toBe('{"pnr":"K7Q2ZD"}');
  });

  it('asks a shown read again when a write invalidates its tag', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      Response.json({ status: true, message: 'OK', data: { id: 'u1', name: init?.body ? 'B' : 'A' } }),
    );
    const shown = store.dispatch(testApi.endpoints.testUser.initiate({ params: { id: 'u1' } }));
    await shown;
    await store.dispatch(
      testApi.endpoints.testRenameUser.initiate({ params: { id: 'u1' }, body: { name: 'B' } }),
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['GET', 'PUT', 'GET']);
    shown.unsubscribe();
  });

  it('answers a file as an object URL of its bytes', async () => {
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/file');
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const result = await store.dispatch(testApi.endpoints.testDocument.initiate({ params: { id: 'd1' } }));
    expect(result).toEqual({ data: 'blob:http://localhost/file' });
    const blob = made.mock.lastCall?.[0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.4');
  });
});

describe('useIdempotentMutation', () => {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(Provider, { store, children });
  const keys = () =>
    fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

  it('sends a retry of the same request after no answer with the same key, and a new key after a final answer', async () => {
    const { result } = renderHook(() => useIdempotentMutation(testApi.useTestIssueMutation), { wrapper });
    const issue = (pnr: string) => act(() => result.current({ body: { pnr } }).catch(() => undefined));

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await issue('K7Q2ZD');
    answer(409, { status: false, message: 'Price changed' });
    await issue('K7Q2ZD');
    answer(200, { status: true, message: 'Issued', data: { id: 'b1' } });
    await issue('K7Q2ZD');
    answer(200, { status: true, message: 'Issued', data: { id: 'b2' } });
    await issue('P3X9TA');

    const [first, retry, afterFinal, other] = keys();
    expect(retry).toBe(first);
    expect(afterFinal).not.toBe(first);
    expect(other).not.toBe(afterFinal);
  });

  const stillProcessing = () =>
    answer(
      409,
      { status: false, message: 'A request with this Idempotency-Key is still being processed.' },
      { 'Retry-After': '1' },
    );

  it('waits the Retry-After of an in-flight 409 and asks once more with the same key, which the replay answers', async () => {
    const { result } = renderHook(() => useIdempotentMutation(testApi.useTestIssueMutation), { wrapper });
    stillProcessing();
    answer(200, { status: true, message: 'Issued', data: { id: 'b1' } }, { 'Idempotent-Replayed': 'true' });
    const started = Date.now();
    let issued: unknown;
    await act(async () => {
      issued = await result.current({ body: { pnr: 'K7Q2ZD' } });
    });
    expect(issued).toEqual({ id: 'b1' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const [first, retry] = keys();
    expect(keys()).toHaveLength(2);
    expect(retry).toBe(first);
    // Nothing went wrong that the agent should hear about.
    expect(toastError).not.toHaveBeenCalled();
  });

  it('keeps the key when the first request is still running after the wait, and starts a new one after a refusal’s 409', async () => {
    const { result } = renderHook(() => useIdempotentMutation(testApi.useTestIssueMutation), { wrapper });
    const issue = () =>
      act(() =>
        result.current({ body: { pnr: 'K7Q2ZD' } }).then(
          () => 'issued',
          (error: { status: number; retryAfter?: number }) => error,
        ),
      );

    stillProcessing();
    stillProcessing();
    expect(await issue()).toMatchObject({ status: 409, retryAfter: 1 });
    answer(409, { status: false, message: 'Only 2 seats are left' });
    expect(await issue()).toMatchObject({ status: 409 });
    answer(200, { status: true, message: 'Issued', data: { id: 'b1' } });
    expect(await issue()).toBe('issued');

    const [first, waited, nextClick, afterRefusal] = keys();
    expect(keys()).toHaveLength(4);
    // Still running after the wait: the next click sends the same key (and gets the replay).
    expect(waited).toBe(first);
    expect(nextClick).toBe(first);
    // A refusal is final for its key: the attempt after it is a new one.
    expect(afterRefusal).not.toBe(first);
  });
});
