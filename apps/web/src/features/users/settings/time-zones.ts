/** One time zone the owner may choose: its IANA name, how it reads, and its offset now. */
export type TimeZoneOption = { zone: string; label: string; offset: string; search: string };

/**
 * Zones the runtime's list (ICU) still names by their old spelling, with the names people type now:
 * "Kolkata" finds Asia/Calcutta. The old name stays what is saved (the runtime knows it by that).
 */
const NOW_CALLED: Record<string, string> = {
  'Asia/Calcutta': 'Kolkata',
  'Asia/Saigon': 'Ho Chi Minh',
  'Asia/Katmandu': 'Kathmandu',
  'Asia/Rangoon': 'Yangon',
  'Africa/Asmera': 'Asmara',
  'Europe/Kiev': 'Kyiv',
  'America/Godthab': 'Nuuk',
  'Atlantic/Faeroe': 'Faroe',
  'Pacific/Ponape': 'Pohnpei',
  'Pacific/Truk': 'Chuuk',
};

/** "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires". */
export const zoneLabel = (zone: string): string => zone.replaceAll('_', ' ').replaceAll('/', ' / ');

/** A zone's offset from UTC at `now`, as people read it: "GMT+4", "GMT-3:30", "GMT". */
export function zoneOffset(zone: string, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

const option = (zone: string, now: Date): TimeZoneOption => {
  const offset = zoneOffset(zone, now);
  // A renamed city says its name of today beside the one the runtime keeps: "Asia / Calcutta (Kolkata)".
  const label = NOW_CALLED[zone] ? `${zoneLabel(zone)} (${NOW_CALLED[zone]})` : zoneLabel(zone);
  return {
    zone,
    label,
    offset,
    search: `${zone} ${label} ${NOW_CALLED[zone] ?? ''} ${offset}`.toLowerCase().replaceAll('_', ' '),
  };
};

/**
 * Every zone the runtime knows (Intl.supportedValuesOf), UTC first, plus `current` when the list
 * spells it otherwise (a zone the server named "Asia/Kolkata" where the list has the old name).
 * Built once a screen asks: 400-odd offsets take a few tens of milliseconds.
 */
export function timeZoneOptions(current: string | null, now: Date = new Date()): TimeZoneOption[] {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
  if (current && current !== 'UTC' && !zones.includes(current)) zones.push(current);
  return ['UTC', ...zones.sort()].map((zone) => option(zone, now));
}

/** The options matching what was typed: every word somewhere in the zone, its label or offset. */
export function matchTimeZones(options: TimeZoneOption[], typed: string): TimeZoneOption[] {
  const words = typed
    .toLowerCase()
    .replaceAll('_', ' ')
    .split(/[\s/]+/)
    .filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => words.every((word) => option.search.includes(word)));
}
