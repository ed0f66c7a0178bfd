import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../testing/fake-session';
import { readTokenExpiry } from './token-expiry';

describe('readTokenExpiry', () => {
  it('reads exp (seconds) from the payload', () => {
    expect(readTokenExpiry(fakeJwt({ exp: 1_900_000_000, sub: 'u1' }))).toBe(1_900_000_000);
  });

  it('decodes base64url payloads (with - and _)', () => {
    // "~~~" encodes to "fn5-" in base64url: the '-' must be read as '+'.
    const payload = btoa(JSON.stringify({ exp: 42, name: '~~~?' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(readTokenExpiry(`h.${payload.replace(/=+$/, '')}.s`)).toBe(42);
  });

  it('is null for a token without exp, a non-JWT, or garbage', () => {
    expect(readTokenExpiry(fakeJwt({ sub: 'u1' }))).toBeNull();
    expect(readTokenExpiry('opaque-token')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
    expect(readTokenExpiry(`h.${btoa('{"exp":"soon"}')}.s`)).toBeNull();
  });
});
