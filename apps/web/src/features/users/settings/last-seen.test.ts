import { describe, expect, it } from 'vitest';
import { formatLastSeen } from './last-seen';

const now = Date.parse('2026-11-20T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatLastSeen', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatLastSeen(ago(20_000), now)).toBe('just now');
    expect(formatLastSeen(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatLastSeen(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 hours ago');
    expect(formatLastSeen(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(formatLastSeen(ago(4 * 86_400_000), now)).toBe('4 days ago');
  });

  it('names the date after a month, and never the future', () => {
    expect(formatLastSeen('2026-09-01T08:00:00Z', now)).toMatch(/^on \w{3} 1 Sept? 2026, \d\d:\d\d$/);
    expect(formatLastSeen(new Date(now + 90_000).toISOString(), now)).toBe('just now');
  });
});
