import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadRefund } from './refund-split.js';

describe('spreading a lowered refund over its tickets', () => {
  it('leaves each ticket its own when nothing is lowered', () => {
    expect(spreadRefund([12_345, 6_789, 0], 19_134)).toEqual([12_345, 6_789, 0]);
  });

  it('shares in proportion to what each ticket may return, to the cent', () => {
    expect(spreadRefund([30_000, 10_000], 20_000)).toEqual([15_000, 5_000]);
    // 100 over three equal tickets: 33.33… each, the left-over cent to the first.
    expect(spreadRefund([100, 100, 100], 100)).toEqual([34, 33, 33]);
    // 0.5 × [101, 99] = [50.5, 49.5]: equal losses, the earlier ticket gets the cent.
    expect(spreadRefund([101, 99], 100)).toEqual([51, 49]);
    // The largest loss first: 7 × [1, 2, 4] / 7 … lowered to 5 → [0.71, 1.43, 2.86].
    expect(spreadRefund([1, 2, 4], 5)).toEqual([1, 1, 3]);
    expect(spreadRefund([0, 500], 250)).toEqual([0, 250]);
    expect(spreadRefund([700, 300], 0)).toEqual([0, 0]);
  });

  it('refuses more than the tickets allow, a negative amount or a fraction of a cent', () => {
    expect(() => spreadRefund([100, 100], 201)).toThrow();
    expect(() => spreadRefund([100], -1)).toThrow();
    expect(() => spreadRefund([100], 0.5)).toThrow();
    expect(() => spreadRefund([0, 0], 1)).toThrow();
  });

  it('always adds up to the amount and never gives a ticket more than it may return', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000_00 }), { minLength: 1, maxLength: 9 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (allowed, fraction) => {
          const total = allowed.reduce((sum, value) => sum + value, 0);
          const amount = Math.floor(total * fraction);
          const shares = spreadRefund(allowed, amount);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(allowed[index]!);
            // Within a cent of the exact proportional share.
            if (total > 0) expect(Math.abs(share - (allowed[index]! * amount) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
