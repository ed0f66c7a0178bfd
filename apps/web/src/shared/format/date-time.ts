import {
  durationText,
  instantDayText,
  instantText,
  instantTimeText,
  localDateIn,
  wallDayText,
  wallTimeText,
  zoneText,
} from '@skydesk/contract';
import { displayTimeZone } from './display-zone';

/*
 * Every date and time a screen shows is written here (docs/architecture.md §8), on the contract's
 * date-text, which the server's texts use too:
 * - a flight's times are its airports' wall clocks ('YYYY-MM-DDTHH:mm:ss' without a zone, as
 *   docs/api.md gives them), shown as written whatever the zone of the browser or the agency;
 * - every other moment (an instant with `Z`) is shown in the display zone (display-zone.ts): the
 *   agency's for its users, the browser's for operators;
 * - one day format ("Tue 22 Dec 2026"), a 24-hour clock, one duration format ("7h 05m").
 * `npm run lint` refuses a date formatted anywhere else (scripts/check-boundaries.ts).
 */

/** '2026-12-22' or '2026-12-22T09:35:00' (airport-local) → "Tue 22 Dec". */
export const formatDay = (local: string): string => wallDayText(local, { year: false });

/** '2026-12-22' → "Tue 22 Dec 2026". */
export const formatDayWithYear = (local: string): string => wallDayText(local);

/** '2026-12-22T09:35:00' (airport-local) → "09:35". */
export const formatTime = (local: string): string => wallTimeText(local);

/** '2026-12-22T09:35:00' (airport-local) → "Tue 22 Dec, 09:35". */
export const formatDayTime = (local: string): string => `${formatDay(local)}, ${formatTime(local)}`;

/** An instant (ISO with a zone) in the display zone: "Tue 22 Dec 2026, 09:35". */
export const formatInstant = (iso: string): string => instantText(iso, displayTimeZone());

/** An instant's day in the display zone: "Tue 22 Dec 2026" (`year: false`: "Tue 22 Dec"). */
export const formatInstantDay = (iso: string, { year = true }: { year?: boolean } = {}): string =>
  instantDayText(iso, displayTimeZone(), { year });

/** An instant's time in the display zone: "09:35". */
export const formatInstantTime = (iso: string): string => instantTimeText(iso, displayTimeZone());

/** The display zone as a label says it: "Los Angeles time". */
export const displayZoneText = (): string => zoneText(displayTimeZone());

/** An instant's day in the display zone, 'YYYY-MM-DD': which day of the agency's calendar it fell on. */
export const instantLocalDate = (iso: string): string => localDateIn(iso, displayTimeZone());

/** 425 → "7h 05m"; 50 → "50m"; 3,140 → "2d 4h": every duration, one way. */
export const formatDuration = (minutes: number): string => durationText(minutes);

/** A calendar day or wall time read as UTC, so arithmetic on it never meets a zone's offset. */
const asUtc = (local: string): Date => new Date(`${local.length === 10 ? `${local}T00:00:00` : local}Z`);

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

/** Today in the display zone's calendar, 'YYYY-MM-DD' (the earliest date a search may start). */
export const todayLocalDate = (now = new Date()): string => localDateIn(now, displayTimeZone());

/** Today in a given zone's calendar, 'YYYY-MM-DD': an agency in Asia/Dubai at 22:30 UTC is in tomorrow. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => localDateIn(now, timeZone);

/** '2026-12-22' → "22 Dec": a chart's axis, where the weekday would crowd the ticks. */
export const formatDayMonth = (local: string): string => wallDayText(local, { year: false, weekday: false });

/** '2026-12-22' → 2 (Tuesday; Sunday is 0): the weekday of a calendar day. */
export const weekdayOf = (local: string): number => asUtc(local).getUTCDay();

/** The current year in the display zone (a copyright line). */
export const currentYear = (): number => Number(todayLocalDate().slice(0, 4));
