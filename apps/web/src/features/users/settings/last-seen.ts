import { formatInstant } from '../../../shared/format/date-time';

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a device was last seen, as people say it: "just now", "5 minutes ago", "yesterday",
 * "3 days ago"; after a month, the date itself.
 */
export function formatLastSeen(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 30 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return `on ${formatInstant(iso)}`;
}
