import { describe, expect, it } from 'vitest';
import { buildPath, toRoutePattern, withQuery } from './endpoint.js';
import { amountToMinor, minorToAmount } from './envelope.js';
import { AppError, statusToErrorCode } from './errors.js';

describe('endpoint paths', () => {
  it('turns docs/api.md placeholders into Fastify route patterns', () => {
    expect(toRoutePattern('/api/booking/{id}/ticket.pdf')).toBe('/api/booking/:id/ticket.pdf');
  });

  it('fills and encodes path parameters', () => {
    expect(buildPath('/api/user/{id}', { id: 'a b/c' })).toBe('/api/user/a%20b%2Fc');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => buildPath('/api/user/{id}', {})).toThrow(/id/);
  });

  it('leaves undefined query values out and repeats arrays', () => {
    expect(withQuery('/api/x', { page: 0, q: undefined, tag: ['a', 'b'] })).toBe('/api/x?page=0&tag=a&tag=b');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });
});

describe('AppError', () => {
  it('maps each code to one status and back', () => {
    expect(new AppError('payment_required', 'Insufficient credits').status).toBe(402);
    expect(statusToErrorCode(422)).toBe('validation');
    expect(statusToErrorCode(599)).toBe('internal');
  });
});

describe('money on the wire', () => {
  it('converts without float drift', () => {
    expect(amountToMinor(0.29)).toBe(29);
    expect(amountToMinor(1234.56)).toBe(123456);
    expect(minorToAmount(123456)).toBe(1234.56);
  });
});
