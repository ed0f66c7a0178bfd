import { formatDuration } from '../../shared/format/date-time';

/** How long since `since`, for queues, in the one duration format: "12m", "5h 12m", "3d 4h". */
export const formatWaiting = (since: string, now = Date.now()): string =>
  formatDuration(Math.max(0, Math.floor((now - Date.parse(since)) / 60_000)));

/** Whether an agency has waited long enough to stand out in the queue (two days). */
export const waitedLong = (since: string, now = Date.now()): boolean =>
  now - Date.parse(since) >= 2 * 24 * 3_600_000;
