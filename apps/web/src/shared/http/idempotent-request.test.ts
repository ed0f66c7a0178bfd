import { bookingEndpoints, FALLBACK, SESSION } from '@skydesk/contract';
import { toast } from 'react-hot-toast';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError } from './api-error';
import { configureHttp } from './http-config';
import { idempotentRequest, newIdempotencyKey, retryKeepsKey } from './idempotent-request';

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  configureHttp({ getToken: () => 'access-token' });
});

const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

describe('idempotentRequest', () => {
  it('sends the key, the token and the JSON body, and reads the envelope', async () => {
    answer(200, { status: true, message: 'Issued', data: { id: 'b1' } });
    await expect(
      idempotentRequest(bookingEndpoints.issue, 'key-1', { body: { pnr: 'K7Q2ZD' } }),
    ).resolves.toEqual({ id: 'b1' });
    const [url, init] = fetchMock.mock.lastCall ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/booking-issue');
    expect(init?.method).toBe('POST');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Authorization')).toBe('Bearer access-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"pnr":"K7Q2ZD"}');
  });

  it('fails as apiRequest does: toasts the message, carries status, data and field errors', async () => {
    const error = vi.spyOn(toast, 'error');
    answer(409, { status: false, message: 'Price changed', data: { offer_id: 'o2' } });
    const failure = await idempotentRequest(bookingEndpoints.issue, 'k', { body: { pnr: 'K7Q2ZD' } }).catch(
      (reason: unknown) => reason,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).data).toEqual({ offer_id: 'o2' });
    expect(error).toHaveBeenCalledWith('Price changed');
    expect(retryKeepsKey(failure)).toBe(false);
  });

  it('falls back to the endpoint’s message without an answer, and that failure keeps the key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const failure = await idempotentRequest(bookingEndpoints.issue, 'k', { body: { pnr: 'K7Q2ZD' } }).catch(
      (reason: unknown) => reason,
    );
    expect((failure as ApiError).message).toBe(FALLBACK.issueBooking);
    expect(retryKeepsKey(failure)).toBe(true);
  });

  it('ends the session on a 401', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ getToken: () => 't', onUnauthorized });
    answer(401, { status: false, message: 'Unauthenticated' });
    const failure = await idempotentRequest(bookingEndpoints.issue, 'k', { body: { pnr: 'K7Q2ZD' } }).catch(
      (reason: unknown) => reason,
    );
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect((failure as ApiError).message).toBe(SESSION.unauthorized);
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh UUID v4 each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
