import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { newIdempotencyKey, retryKeepsKey, stillProcessingWait } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('is a fresh UUID v4 each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('retryKeepsKey', () => {
  const failure = (status: number, retryAfter?: number) => ({
    status,
    message: 'x',
    fieldErrors: {},
    data: undefined,
    retryAfter,
  });

  it('keeps the key when the first attempt may or may not have happened (no answer, a server failure)', () => {
    expect(retryKeepsKey(failure(0))).toBe(true);
    expect(retryKeepsKey(failure(503))).toBe(true);
    expect(retryKeepsKey(new ApiError({ status: 500, message: 'x' }))).toBe(true);
  });

  it('keeps the key after a 409 with Retry-After: the first request with it is still running (decision 009)', () => {
    expect(retryKeepsKey(failure(409, 1))).toBe(true);
    expect(retryKeepsKey(new ApiError({ status: 409, message: 'x', retryAfter: 1 }))).toBe(true);
  });

  it('takes a new key after a final answer, and for anything that is not a failed call', () => {
    // A refusal's 409 (seats gone, price changed, a hold limit) carries no Retry-After.
    expect(retryKeepsKey(failure(409))).toBe(false);
    expect(retryKeepsKey(failure(429, 3))).toBe(false);
    expect(retryKeepsKey(failure(422))).toBe(false);
    expect(retryKeepsKey(new Error('boom'))).toBe(false);
  });
});

describe('stillProcessingWait', () => {
  it('waits the Retry-After of a 409 (at most 5 s), and nothing else is waited for', () => {
    expect(stillProcessingWait(409, 1)).toBe(1000);
    expect(stillProcessingWait(409, 0)).toBe(0);
    expect(stillProcessingWait(409, 120)).toBe(5000);
    expect(stillProcessingWait(409, undefined)).toBeUndefined();
    expect(stillProcessingWait(429, 1)).toBeUndefined();
    expect(stillProcessingWait(503, 1)).toBeUndefined();
  });
});
