import { describe, expect, it } from 'vitest';
import { CALENDAR_DATE_MESSAGES, CalendarDate, isCalendarDate, latestDayBegun } from './calendar-date.js';

const messagesOf = (schema: ReturnType<typeof CalendarDate>, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('calendar dates', () => {
  it('knows which days exist', () => {
    for (const day of ['2026-01-01', '2024-02-29', '2000-02-29', '2026-12-31', '1900-03-01']) {
      expect(isCalendarDate(day), day).toBe(true);
    }
    for (const day of [
      '0000-00-00',
      '0000-01-01',
      '2027-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-01',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
    ]) {
      expect(isCalendarDate(day), day).toBe(false);
    }
  });

  it('says what is wrong: the shape, the day, the range', () => {
    const date = CalendarDate();
    expect(date.parse('2026-11-22')).toBe('2026-11-22');
    expect(messagesOf(date, '22/11/2026')).toEqual([CALENDAR_DATE_MESSAGES.format]);
    expect(messagesOf(date, '2027-02-30')).toEqual([CALENDAR_DATE_MESSAGES.notADay]);
    expect(messagesOf(date, '0000-00-00')).toEqual([CALENDAR_DATE_MESSAGES.notADay]);
    expect(messagesOf(date, '9999-12-31')).toEqual(['Enter a date from 2000-01-01 to 2100-12-31']);
    expect(messagesOf(date, '1999-12-31')).toHaveLength(1);
  });

  it('takes bounds of its own', () => {
    const birthday = CalendarDate({ from: '1900-01-01', outOfRange: 'From 1900 on' });
    expect(birthday.parse('1900-01-01')).toBe('1900-01-01');
    expect(messagesOf(birthday, '1899-12-31')).toEqual(['From 1900 on']);
  });
});

describe('latestDayBegun', () => {
  it('is the UTC+14 day: already tomorrow from 10:00Z, never the day after', () => {
    expect(latestDayBegun(new Date('2026-11-22T09:59:59Z'))).toBe('2026-11-22');
    expect(latestDayBegun(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-23');
    expect(latestDayBegun(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-23');
  });
});
