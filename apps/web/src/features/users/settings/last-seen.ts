import { formatDuration, formatInstant } from '../../../shared/format/date-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a device was last seen: "just now", then how long ago in the one duration format ("5m ago",
 * "3h 59m ago", "4d 2h ago"); after a month, the moment itself.
 */
export function formatLastSeen(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < 30 * DAY) return `${formatDuration(Math.floor(elapsed / MINUTE))} ago`;
  return `on ${formatInstant(iso)}`;
}
