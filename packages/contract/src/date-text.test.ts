import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  durationText,
  instantDayText,
  instantText,
  instantTextWithZone,
  instantTimeText,
  localDateIn,
  wallDayText,
  wallTimeText,
  zoneText,
} from './date-text.js';

/** The process's own zone, far from the zones read below: nothing may depend on it. */
const runtimeZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(() => {
  process.env.TZ = runtimeZone;
});

describe('how dates, times and durations read (docs/architecture.md §8)', () => {
  it('writes a day with its weekday and month name, never as digits', () => {
    expect(wallDayText('2026-11-30')).toBe('Mon 30 Nov 2026');
    expect(wallDayText('2026-09-30')).toBe('Wed 30 Sep 2026');
    expect(wallDayText('2026-12-22T09:35:00', { year: false })).toBe('Tue 22 Dec');
    expect(wallDayText('2026-12-22', { weekday: false })).toBe('22 Dec 2026');
  });

  it("keeps a flight's airport-local time as written, whatever the zone of the reader", () => {
    expect(wallTimeText('2026-12-22T09:35:00')).toBe('09:35');
    expect(wallTimeText('2026-12-22T00:05:00')).toBe('00:05');
  });

  it('reads an instant in the zone it is given, not the runtime’s', () => {
    const at = '2026-11-30T14:05:00Z';
    expect(instantText(at, 'America/Los_Angeles')).toBe('Mon 30 Nov 2026, 06:05');
    expect(instantText(at, 'Asia/Dubai')).toBe('Mon 30 Nov 2026, 18:05');
    expect(instantText(at, 'Pacific/Auckland')).toBe('Tue 1 Dec 2026, 03:05');
    expect(instantText(at, 'UTC', { year: false })).toBe('Mon 30 Nov, 14:05');
    expect(instantDayText(new Date(at), 'Pacific/Auckland')).toBe('Tue 1 Dec 2026');
    expect(instantTimeText(at, 'Europe/London')).toBe('14:05');
    expect(instantText('2026-07-01T07:00:00Z', 'Europe/London')).toBe('Wed 1 Jul 2026, 08:00');
    expect(instantText('2026-11-29T08:00:00Z', 'America/Los_Angeles')).toBe('Sun 29 Nov 2026, 00:00');
    expect(localDateIn(at, 'Pacific/Auckland')).toBe('2026-12-01');
    expect(localDateIn(at, 'America/Los_Angeles')).toBe('2026-11-30');
  });

  it('names the zone in a text kept for later', () => {
    expect(zoneText('America/Los_Angeles')).toBe('Los Angeles time');
    expect(zoneText('UTC')).toBe('UTC');
    expect(instantTextWithZone('2026-11-30T14:05:00Z', 'America/Los_Angeles')).toBe(
      'Mon 30 Nov 2026, 06:05 Los Angeles time',
    );
  });

  it('writes every duration one way', () => {
    expect(durationText(0)).toBe('0m');
    expect(durationText(50)).toBe('50m');
    expect(durationText(60)).toBe('1h 00m');
    expect(durationText(425)).toBe('7h 05m');
    expect(durationText(24 * 60 - 1)).toBe('23h 59m');
    expect(durationText(3 * 1440 + 4 * 60 + 12)).toBe('3d 4h');
    expect(durationText(2 * 1440 + 30)).toBe('2d');
    expect(durationText(-5)).toBe('0m');
  });
});
