import { formatDayWithYear, formatInstantDay } from '../../shared/format/date-time';

/** A quote's last valid day: a calendar day ("2026-12-06") or the instant it ends, read as its day. */
export const validUntilText = (validUntil: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(validUntil) ? formatDayWithYear(validUntil) : formatInstantDay(validUntil);

/** Whether the quote's client page still answers: not withdrawn, expired or past its day. */
export const isOpen = (status: string): boolean => status !== 'withdrawn' && status !== 'expired';
