/** How long since `since`, for queues: "12 min", "5 h 12 min", "3 d 4 h". */
export function formatWaiting(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Whether an agency has waited long enough to stand out in the queue (two days). */
export const waitedLong = (since: string, now = Date.now()): boolean =>
  now - Date.parse(since) >= 2 * 24 * 3_600_000;
