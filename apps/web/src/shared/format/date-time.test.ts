import { afterEach, describe, expect, it } from 'vitest';
import { clock, countdownText } from '../time/clock';
import {
  displayZoneText,
  formatDay,
  formatDayTime,
  formatDuration,
  formatInstant,
  formatInstantDay,
  formatTime,
  todayLocalDate,
} from './date-time';
import { displayTimeZone, setDisplayTimeZone } from './display-zone';

afterEach(() => setDisplayTimeZone(null));

describe('one clock rule on the screens (docs/architecture.md §8)', () => {
  it('shows every moment in the agency’s zone once the frame has set it, whatever the browser’s', () => {
    const at = '2026-11-30T07:30:00Z';
    setDisplayTimeZone('America/Los_Angeles');
    expect(displayTimeZone()).toBe('America/Los_Angeles');
    expect(formatInstant(at)).toBe('Sun 29 Nov 2026, 23:30');
    expect(formatInstantDay(at, { year: false })).toBe('Sun 29 Nov');
    expect(displayZoneText()).toBe('Los Angeles time');
    // The home's "today" is the same zone's day.
    expect(todayLocalDate(new Date(at))).toBe('2026-11-29');

    setDisplayTimeZone('Asia/Dubai');
    expect(formatInstant(at)).toBe('Mon 30 Nov 2026, 11:30');
    expect(todayLocalDate(new Date(at))).toBe('2026-11-30');
  });

  it('keeps a flight’s times as its airport’s clock, whatever the display zone', () => {
    for (const zone of ['Pacific/Auckland', 'America/Los_Angeles', null]) {
      setDisplayTimeZone(zone);
      expect(formatTime('2026-12-22T09:35:00')).toBe('09:35');
      expect(formatDay('2026-12-22T00:05:00')).toBe('Tue 22 Dec');
      expect(formatDayTime('2026-12-22T23:55:00')).toBe('Tue 22 Dec, 23:55');
    }
  });

  it('writes durations and countdowns one way', () => {
    expect(formatDuration(425)).toBe('7h 05m');
    expect(formatDuration(50)).toBe('50m');
    expect(formatDuration(2 * 1440 + 3 * 60)).toBe('2d 3h');
    // From an hour up a countdown reads as a duration; under it, it ticks as a clock.
    expect(countdownText(2 * 86_400 + 3 * 3600 + 59)).toBe('2d 3h');
    expect(countdownText(3 * 3600 + 12 * 60 + 30)).toBe('3h 12m');
    expect(countdownText(12 * 60 + 5)).toBe('12:05');
    expect(clock(3725)).toBe('1:02:05');
  });
});
