import { AppError, type FieldErrors, KPI_DEFAULT_DAYS, KPI_MAX_DAYS, SERVER } from '@skydesk/contract';

/**
 * The days a KPI query covers (docs/product-spec.md §7 `fromDate`, `toDate`, inclusive) and the period of equal
 * length just before them, which each figure is compared with. A missing end is today (the
 * caller's today: the agency's, in its zone); a missing start is the 30 days up to the end.
 */

export type KpiRange = { from: string; to: string; days: number; previous: { from: string; to: string } };

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** The range asked for, defaulted and checked (422 naming the field at fault). */
export function kpiRange(
  query: { fromDate?: string | undefined; toDate?: string | undefined },
  today: string,
): KpiRange {
  const to = query.toDate ?? today;
  const from = query.fromDate ?? dayOf(dayNumber(to) - (KPI_DEFAULT_DAYS - 1));
  // The contract checks a range given whole; a defaulted end is checked here.
  const field = query.toDate === undefined ? 'fromDate' : 'toDate';
  if (from > to) {
    throw invalid({
      [field]: [
        query.toDate === undefined ? `The start is after today (${today})` : 'The end is before the start',
      ],
    });
  }
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days > KPI_MAX_DAYS) throw invalid({ [field]: [`At most ${KPI_MAX_DAYS} days at once`] });
  const start = dayNumber(from);
  return { from, to, days, previous: { from: dayOf(start - days), to: dayOf(start - 1) } };
}

const invalid = (fieldErrors: FieldErrors) =>
  new AppError('validation', Object.values(fieldErrors)[0]?.[0] ?? SERVER.validationFailed, { fieldErrors });
