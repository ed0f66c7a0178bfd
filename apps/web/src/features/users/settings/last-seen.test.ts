import { describe, expect, it } from 'vitest';
import { formatLastSeen } from './last-seen';

const now = Date.parse('2026-11-20T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatLastSeen', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatLastSeen(ago(20_000), now)).toBe('just now');
    expect(formatLastSeen(ago(5 * 60_000), now)).toBe('5m ago');
    expect(formatLastSeen(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe('3h 59m ago');
    expect(formatLastSeen(ago(26 * 3_600_000), now)).toBe('1d 2h ago');
    expect(formatLastSeen(ago(4 * 86_400_000), now)).toBe('4d ago');
  });

  it('names the date after a month, and never the future', () => {
    expect(formatLastSeen('2026-09-01T08:00:00Z', now)).toMatch(/^on Tue 1 Sep 2026, \d\d:\d\d$/);
    expect(formatLastSeen(new Date(now + 90_000).toISOString(), now)).toBe('just now');
  });
});
