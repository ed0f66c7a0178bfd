import { z } from 'zod';

/**
 * Calendar dates on the wire: 'YYYY-MM-DD', a day the Gregorian calendar has (no 2027-02-30, no
 * 0000-00-00), within bounds that make sense for the field. Bounds that move with the clock (a
 * search from today to 361 days ahead) are the server's, which owns the clock.
 */

export const CALENDAR_DATE_MESSAGES = {
  format: 'Use YYYY-MM-DD',
  notADay: 'Enter a real date',
} as const;

/** The widest range any date field takes unless it says otherwise. */
export const CALENDAR_DATE_BOUNDS = { from: '2000-01-01', to: '2100-12-31' } as const;

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is 'YYYY-MM-DD' naming a day that exists (29 February only in leap years). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type CalendarDateOptions = {
  /** First day accepted, 'YYYY-MM-DD'. */
  from?: string;
  /** Last day accepted, 'YYYY-MM-DD'. */
  to?: string;
  /** Says what the range is, e.g. 'Enter a date of birth from 1900 on'. */
  outOfRange?: string;
};

/** The one schema of calendar-date input fields. */
export function CalendarDate({
  from = CALENDAR_DATE_BOUNDS.from,
  to = CALENDAR_DATE_BOUNDS.to,
  outOfRange,
}: CalendarDateOptions = {}) {
  return z
    .string()
    .regex(DATE_SHAPE, { message: CALENDAR_DATE_MESSAGES.format, abort: true })
    .refine(isCalendarDate, { message: CALENDAR_DATE_MESSAGES.notADay, abort: true })
    .refine((value) => value >= from && value <= to, {
      message: outOfRange ?? `Enter a date from ${from} to ${to}`,
    });
}

/** UTC+14 (the Line Islands): where each day begins first. */
const EASTERNMOST_OFFSET_MS = 14 * 3_600_000;

/**
 * The latest calendar day that has begun somewhere on Earth at `now`: a date "not in the future"
 * (a deposit's day) may be up to it, so an agency east of UTC can use its own today before UTC
 * midnight, and no day still to come everywhere passes.
 */
export const latestDayBegun = (now: Date): string =>
  new Date(now.getTime() + EASTERNMOST_OFFSET_MS).toISOString().slice(0, 10);
