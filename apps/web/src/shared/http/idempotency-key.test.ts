import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { newIdempotencyKey, retryKeepsKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('is a fresh UUID v4 each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('retryKeepsKey', () => {
  const failure = (status: number) => ({
    status,
    message: 'x',
    fieldErrors: {},
    data: undefined,
    retryAfter: undefined,
  });

  it('keeps the key when the first attempt may or may not have happened (no answer, a server failure)', () => {
    expect(retryKeepsKey(failure(0))).toBe(true);
    expect(retryKeepsKey(failure(503))).toBe(true);
    expect(retryKeepsKey(new ApiError({ status: 500, message: 'x' }))).toBe(true);
  });

  it('takes a new key after a final answer, and for anything that is not a failed call', () => {
    expect(retryKeepsKey(failure(409))).toBe(false);
    expect(retryKeepsKey(failure(422))).toBe(false);
    expect(retryKeepsKey(new Error('boom'))).toBe(false);
  });
});
