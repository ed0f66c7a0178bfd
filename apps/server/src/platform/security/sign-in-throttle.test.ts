import { describe, expect, it } from 'vitest';
import { sourceOf } from './client-source.js';
import { delayAfter, type ThrottleLimits } from './sign-in-throttle.js';

const limits: ThrottleLimits = {
  perPair: 5,
  perAccount: 20,
  perSource: 100,
  firstDelaySeconds: 1,
  maxDelaySeconds: 900,
};

describe('sign-in throttle delays', () => {
  it('waits nothing before the free failures are spent, then 1 s, 2 s, 4 s … up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => delayAfter(n, 5, limits))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 14].map((n) => delayAfter(n, 5, limits))).toEqual([1, 2, 4, 8, 512]);
    expect([15, 16, 100, 10_000].map((n) => delayAfter(n, 5, limits))).toEqual([900, 900, 900, 900]);
  });
});

describe('the source of a request', () => {
  it('is the IPv4 address, also when written as IPv6', () => {
    expect(sourceOf('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 client's /64, however the address is written", () => {
    const source = '2001:db8:85a3:8d3::/64';
    expect(sourceOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(source);
    expect(sourceOf('2001:0DB8:85A3:08D3:ffff::1')).toBe(source);
    expect(sourceOf('2001:db8:85a3:8d3::')).toBe(source);
    expect(sourceOf('2001:db8:85a3:8d4::1')).not.toBe(source);
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
    expect(sourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceOf('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });
});
