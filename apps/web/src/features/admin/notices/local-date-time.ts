/*
 * An operator sets when a post is published and when it expires in their own time — the browser's
 * zone, as a `datetime-local` input shows it — and the API takes and gives instants in UTC
 * (docs/architecture.md §2). These convert between the two.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** '2026-03-10T10:30:00Z' → '2026-03-10T14:30' in Dubai: what a datetime-local input shows. */
export function instantToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * What a datetime-local input holds ('2026-03-10T14:30'), read in the browser's zone, as an ISO
 * instant in UTC; null when it is not a date and time (or a time the clock skips at a DST change).
 */
export function localInputToInstant(local: string): string | null {
  const parts = LOCAL.exec(local.trim());
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  // new Date rolls 31 February over to March, and moves a skipped hour: neither is what was typed.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  if (date.getHours() !== hour || date.getMinutes() !== minute) return null;
  return date.toISOString();
}

/** The browser's zone, named for the operator: "Asia/Dubai". */
export const localZoneName = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'your time zone';
