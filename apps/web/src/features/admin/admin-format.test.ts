import { describe, expect, it } from 'vitest';
import { formatWaiting, waitedLong } from './admin-format';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('time waiting', () => {
  it('reads minutes, hours and days', () => {
    expect(formatWaiting('2026-03-10T11:48:00Z', NOW)).toBe('12m');
    expect(formatWaiting('2026-03-10T06:48:00Z', NOW)).toBe('5h 12m');
    expect(formatWaiting('2026-03-07T08:00:00Z', NOW)).toBe('3d 4h');
    // A clock a little ahead of ours is no negative wait.
    expect(formatWaiting('2026-03-10T12:01:00Z', NOW)).toBe('0m');
  });

  it('stands out from two days on', () => {
    expect(waitedLong('2026-03-08T12:00:01Z', NOW)).toBe(false);
    expect(waitedLong('2026-03-08T12:00:00Z', NOW)).toBe(true);
  });
});
