import { amountToMinor, type Money } from '@skydesk/contract';

/** Dates, durations and money as SkyDesk's PDFs print them (the e-ticket, the statement). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad2 = (value: number) => String(value).padStart(2, '0');

type LocalTime = { year: number; month: number; day: number; hour: number; minute: number };

/** Segment times are airport-local wall clock ('YYYY-MM-DDTHH:mm:ss'): read, never shifted. */
export function parseLocal(value: string): LocalTime {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = value.match(/\d+/g)?.map(Number) ?? [];
  return { year, month, day, hour, minute };
}

export function localDate({ year, month, day }: LocalTime): string {
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]} ${year}`;
}

const localClock = ({ hour, minute }: LocalTime) => `${pad2(hour)}:${pad2(minute)}`;

/** "Tue 1 Dec 2026 09:40 (UTC+00:00)": the passenger's time at that airport, with its offset. */
export const localStamp = (value: string, offset: string) =>
  `${localDate(parseLocal(value))} ${localClock(parseLocal(value))} (UTC${offset})`;

function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = offset.slice(1).split(':').map(Number);
  return sign * (hours * 60 + minutes);
}

/** Minutes since the epoch of an airport-local time, for layovers that cross time zones. */
export function utcMinutes(value: string, offset: string): number {
  const { year, month, day, hour, minute } = parseLocal(value);
  return Date.UTC(year, month - 1, day, hour, minute) / 60_000 - offsetMinutes(offset);
}

export function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest}m` : `${hours}h ${pad2(rest)}m`;
}

/** Instants (created_at, void_until, …) are printed in UTC, labelled so. */
export function utcStamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())} UTC`;
}

export function utcDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Integer minor units to "1,234.50": hand-rolled so the output does not depend on ICU data. */
function minorAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(minor));
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${pad2(absolute % 100)}`;
}

export const money = (value: Money) => `${value.CurrencyCode} ${minorAmount(amountToMinor(value.Amount))}`;
export const moneyTimes = (value: Money, count: number) =>
  `${value.CurrencyCode} ${minorAmount(amountToMinor(value.Amount) * count)}`;
