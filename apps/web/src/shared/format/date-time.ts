/**
 * Airport-local times (docs/api.md: 'YYYY-MM-DDTHH:mm:ss' without a zone) are shown as written: they
 * are read as UTC and formatted in UTC, so the browser's own zone never shifts them.
 */
const asUtc = (local: string): Date => new Date(`${local.length === 10 ? `${local}T00:00:00` : local}Z`);

const weekdayDayMonth = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const withYear = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const hourMinute = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** '2026-12-22' or '2026-12-22T09:35:00' → "Tue 22 Dec". */
export const formatDay = (local: string): string => weekdayDayMonth.format(asUtc(local)).replace(',', '');

/** '2026-12-22' → "Tue 22 Dec 2026". */
export const formatDayWithYear = (local: string): string => withYear.format(asUtc(local)).replace(',', '');

/** '2026-12-22T09:35:00' → "09:35". */
export const formatTime = (local: string): string => hourMinute.format(asUtc(local));

/** '2026-12-22T09:35:00' → "Tue 22 Dec, 09:35". */
export const formatDayTime = (local: string): string => `${formatDay(local)}, ${formatTime(local)}`;

/** An instant (ISO with a zone) in the user's own zone: "Tue 22 Dec 2026, 09:35". */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
    .format(date)
    .replace(',', '');
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${day}, ${time}`;
}

/** 425 → "7h 05m"; 50 → "50m". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return `${hours}h ${String(rest).padStart(2, '0')}m`;
}

/** Whole days from one local date to another ('2026-12-22' → '2026-12-23' = 1). */
export function daysBetween(fromLocal: string, toLocal: string): number {
  return Math.round(
    (asUtc(toLocal.slice(0, 10)).getTime() - asUtc(fromLocal.slice(0, 10)).getTime()) / 86_400_000,
  );
}

/** '2026-12-22' + 3 → '2026-12-25'. */
export function addDays(localDate: string, days: number): string {
  const date = asUtc(localDate.slice(0, 10));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today in the user's own calendar, 'YYYY-MM-DD' (the earliest date a search may start). */
export function todayLocalDate(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '2026-12-22' → "22 Dec": a chart's axis, where the weekday would crowd the ticks. */
export const formatDayMonth = (local: string): string => dayMonth.format(asUtc(local));
