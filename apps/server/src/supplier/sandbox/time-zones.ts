/**
 * Airport-local time from the IANA zone (docs/architecture.md §2: flight times are airport-local with the
 * zone known). The timetable holds UTC minutes; these helpers turn an instant into the local
 * date-time and `+HH:MM` offset an agent reads, and a local date into the UTC instants it spans.
 *
 * Intl is slow (microseconds per call), so offsets are cached per zone and UTC day, worked out a
 * week at a time (a search on one date often touches the next ones, and a week's eight midnights
 * cost eight calls where seven days one by one cost fourteen). A day that contains a
 * daylight-saving switch remembers the minute it happens, found by bisection, so an instant on
 * either side of the switch gets the right offset.
 */

export const MINUTES_PER_DAY = 1440;

type DayOffsets = { before: number; after: number; switchMinute: number };

const DAYS_PER_WEEK = 7;
const formatters = new Map<string, Intl.DateTimeFormat>();
const weekCache = new Map<string, Map<number, DayOffsets[]>>();
/** A long-running server sees every zone on many dates: start over rather than grow without end. */
const MAX_CACHED_WEEKS = 30_000;
let cachedWeeks = 0;

const knownZones = new Map<string, boolean>();

/** Whether the runtime knows the zone (the data has a few malformed ones); asked once per zone. */
export function isKnownTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/** The zone's offset from UTC, in minutes east of Greenwich, at an instant given in epoch minutes. */
export function utcOffsetMinutes(zone: string, epochMinute: number): number {
  const day = Math.floor(epochMinute / MINUTES_PER_DAY);
  const week = Math.floor(day / DAYS_PER_WEEK);
  let weeks = weekCache.get(zone);
  if (!weeks) {
    weeks = new Map();
    weekCache.set(zone, weeks);
  }
  let days = weeks.get(week);
  if (!days) {
    if (++cachedWeeks > MAX_CACHED_WEEKS) {
      weekCache.clear();
      cachedWeeks = 1;
      weeks = new Map();
      weekCache.set(zone, weeks);
    }
    days = offsetsOfWeek(zone, week);
    weeks.set(week, days);
  }
  const entry = days[day - week * DAYS_PER_WEEK]!;
  return epochMinute < entry.switchMinute ? entry.before : entry.after;
}

export type LocalTime = {
  /** 'YYYY-MM-DDTHH:mm:ss' in the airport's zone. */
  dateTime: string;
  /** 'YYYY-MM-DD' in the airport's zone. */
  date: string;
  /** '+HH:MM' or '-HH:MM', so dateTime + offset is the exact instant. */
  offset: string;
  offsetMinutes: number;
};

export function localTime(zone: string, epochMinute: number): LocalTime {
  const offsetMinutes = utcOffsetMinutes(zone, epochMinute);
  const wall = new Date((epochMinute + offsetMinutes) * 60_000).toISOString();
  return {
    dateTime: wall.slice(0, 19),
    date: wall.slice(0, 10),
    offset: formatUtcOffset(offsetMinutes),
    offsetMinutes,
  };
}

/** The first instant (epoch minutes) whose local date in the zone is `date` ('YYYY-MM-DD'). */
export function startOfLocalDay(zone: string, date: string): number {
  const wallMidnight = epochDayOf(date) * MINUTES_PER_DAY;
  // Two rounds settle the offset unless midnight itself falls in a DST gap, which the final
  // check moves past (a few zones switch at 00:00).
  let instant = wallMidnight - utcOffsetMinutes(zone, wallMidnight);
  instant = wallMidnight - utcOffsetMinutes(zone, instant);
  while (localTime(zone, instant).date < date) instant += 30;
  while (localTime(zone, instant - 1).date === date) instant -= 1;
  return instant;
}

/** The local date ('YYYY-MM-DD') of an instant in the zone. */
export function localDate(zone: string, epochMinute: number): string {
  const offset = utcOffsetMinutes(zone, epochMinute);
  return dateOfEpochDay(Math.floor((epochMinute + offset) / MINUTES_PER_DAY));
}

export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date. */
export function epochDayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

const dateTexts = new Map<number, string>();

/** 'YYYY-MM-DD' of an epoch day; a search asks for the same few days hundreds of times. */
export function dateOfEpochDay(day: number): string {
  let text = dateTexts.get(day);
  if (text === undefined) {
    if (dateTexts.size >= 100_000) dateTexts.clear();
    text = new Date(day * 86_400_000).toISOString().slice(0, 10);
    dateTexts.set(day, text);
  }
  return text;
}

/** Day of week of an epoch day, Sunday = 0 (1970-01-01 was a Thursday). */
export function weekdayOfEpochDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Each day of a week: the offsets at its midnight and the next, and where it switches between them. */
function offsetsOfWeek(zone: string, week: number): DayOffsets[] {
  const firstDay = week * DAYS_PER_WEEK;
  const atMidnight = Array.from({ length: DAYS_PER_WEEK + 1 }, (_, i) =>
    offsetFromIntl(zone, (firstDay + i) * MINUTES_PER_DAY),
  );
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => {
    const start = (firstDay + i) * MINUTES_PER_DAY;
    const before = atMidnight[i]!;
    const after = atMidnight[i + 1]!;
    if (before === after) return { before, after, switchMinute: start };
    // Zones switch at most once a day: bisect for the first minute on the new offset (the next
    // midnight itself when the switch is at midnight).
    let low = start;
    let high = start + MINUTES_PER_DAY;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetFromIntl(zone, middle) === before) low = middle;
      else high = middle;
    }
    return { before, after, switchMinute: high };
  });
}

function offsetFromIntl(zone: string, epochMinute: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, format);
  }
  const fields: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(epochMinute * 60_000))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
  );
  return wall / 60_000 - epochMinute;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
