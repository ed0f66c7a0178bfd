/**
 * How a date, a time and a duration read wherever a person reads them — the portal's screens and
 * the texts the server writes (notifications, rule texts, e-mails, booking history notes) —
 * docs/architecture.md §8:
 *
 * - a day is "Mon 30 Nov 2026" (weekday, day, month's name, year; the year may be left out where
 *   the context says it): the same in every browser, never 2026-11-30 nor 11/30/2026;
 * - a time of day is "06:05", 24-hour;
 * - a flight's times are its airport's wall clock, written as the supplier gave them
 *   ('2026-12-22T09:35:00', no zone): `wallDayText`, `wallTimeText` never shift them;
 * - every other moment (an instant, ISO with `Z`) is read in a time zone — the agency's on its
 *   screens and in what is written to it, the browser's in the operators' console: `instantText`;
 *   a text stored for later says which zone it used (`instantTextWithZone`);
 * - a duration is "50m", "7h 05m", "2d 3h": `durationText`.
 *
 * Built from the calendar's numbers (formatToParts) and these names rather than from a locale's
 * own pattern, so the server's Node and any browser write exactly the same text.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A moment as a calendar and a clock read it somewhere. */
type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar and clock of `at` in `timeZone` (IANA). */
export function wallClockIn(at: Date | string, timeZone: string): WallClock {
  const date = typeof at === 'string' ? new Date(at) : at;
  const parts = zoneFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    // Some engines write midnight as 24 under h23.
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}

/** A wall-clock date-time as written without a zone: '2026-12-22' or '2026-12-22T09:35:00'. */
function wallClockOf(local: string): WallClock {
  return {
    year: Number(local.slice(0, 4)),
    month: Number(local.slice(5, 7)),
    day: Number(local.slice(8, 10)),
    hour: Number(local.slice(11, 13) || 0),
    minute: Number(local.slice(14, 16) || 0),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

function dayOf(clock: WallClock, { year = true, weekday = true }: DayOptions): string {
  const names = weekday
    ? `${WEEKDAYS[new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay()]} `
    : '';
  return `${names}${clock.day} ${MONTHS[clock.month - 1]}${year ? ` ${clock.year}` : ''}`;
}

const timeOf = (clock: WallClock) => `${two(clock.hour)}:${two(clock.minute)}`;

export type DayOptions = { year?: boolean; weekday?: boolean };

/** A calendar day or the day of an airport-local date-time: '2026-11-30' → "Mon 30 Nov 2026". */
export const wallDayText = (local: string, options: DayOptions = {}): string =>
  dayOf(wallClockOf(local), options);

/** An airport-local date-time's time: '2026-12-22T09:35:00' → "09:35". */
export const wallTimeText = (local: string): string => timeOf(wallClockOf(local));

/** The day of an instant in a zone: "Mon 30 Nov 2026". */
export const instantDayText = (at: Date | string, timeZone: string, options: DayOptions = {}): string =>
  dayOf(wallClockIn(at, timeZone), options);

/** The time of an instant in a zone: "06:05". */
export const instantTimeText = (at: Date | string, timeZone: string): string =>
  timeOf(wallClockIn(at, timeZone));

/** An instant in a zone: "Mon 30 Nov 2026, 06:05". */
export function instantText(at: Date | string, timeZone: string, options: DayOptions = {}): string {
  const clock = wallClockIn(at, timeZone);
  return `${dayOf(clock, options)}, ${timeOf(clock)}`;
}

/** How a text names a zone: 'America/Los_Angeles' → "Los Angeles time", 'UTC' → "UTC". */
export function zoneText(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const city = timeZone.split('/').at(-1)?.replace(/_/g, ' ') ?? timeZone;
  return `${city} time`;
}

/**
 * An instant in a text kept for later (a notification, an e-mail, a booking's history), which may
 * be read after the agency changed its zone: "Mon 30 Nov 2026, 06:05 Los Angeles time".
 */
export const instantTextWithZone = (at: Date | string, timeZone: string): string =>
  `${instantText(at, timeZone)} ${zoneText(timeZone)}`;

/** The calendar day of an instant in a zone, 'YYYY-MM-DD' (what a date input holds). */
export function localDateIn(at: Date | string, timeZone: string): string {
  const clock = wallClockIn(at, timeZone);
  return `${clock.year}-${two(clock.month)}-${two(clock.day)}`;
}

/**
 * The one way a duration reads — a flight, a layover, a wait, the time left: 50 → "50m",
 * 425 → "7h 05m", 3,140 → "2d 4h", 2,880 → "2d" (past a day, to the hour). A countdown ticking under an hour
 * shows its seconds as a clock instead ("12:05").
 */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole}m`;
  if (whole < 24 * 60) return `${Math.floor(whole / 60)}h ${two(whole % 60)}m`;
  const hours = Math.floor(whole / 60);
  return hours % 24 === 0 ? `${hours / 24}d` : `${Math.floor(hours / 24)}d ${hours % 24}h`;
}
