import { describe, expect, it } from 'vitest';
import { failureMessage, readFieldErrors } from './failure-message';

describe('field errors of a 422', () => {
  it('reads fields named like Object.prototype members as plain fields', () => {
    const body = JSON.parse(
      '{"status":false,"message":"The given data was invalid.","data":{"errors":{"__proto__":["Unknown field"],"toString":["Unknown field"],"constructor":["Unknown field"]}}}',
    );
    const errors = readFieldErrors(body);
    expect(Object.keys(errors)).toEqual(['__proto__', 'toString', 'constructor']);
    expect(Object.hasOwn(errors, '__proto__')).toBe(true);
    expect(errors.toString).toEqual(['Unknown field']);
    expect(failureMessage(body, undefined)).toBe('Unknown field');
  });

  it('has no inherited fields when the answer has none', () => {
    const errors = readFieldErrors({ status: false, message: 'Nope' });
    expect(errors.constructor).toBeUndefined();
    expect(errors.hasOwnProperty).toBeUndefined();
    expect(failureMessage({ status: false, message: 'Nope' }, undefined)).toBe('Nope');
  });
});
