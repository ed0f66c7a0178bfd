import { CalendarDate, KPI_MAX_DAYS } from '@skydesk/contract';
import { addDays, daysBetween } from '../../shared/format/date-time';

/**
 * The days a KPI query covers (issue 15), 'YYYY-MM-DD' each, both ends included — the agency's own
 * days (its time zone) or, in the console, UTC days. The server compares each figure with the
 * period of equal length just before `from`.
 */
export type KpiRange = { from: string; to: string };

export const KPI_PRESETS = ['today', '7d', '30d', 'this-month', 'last-month', 'ytd'] as const;
export type KpiPreset = (typeof KPI_PRESETS)[number];

export const KPI_PRESET_LABELS: Record<KpiPreset, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  ytd: 'Year to date',
};

/** The server's own default (contract KPI_DEFAULT_DAYS): the last 30 days up to today. */
export const DEFAULT_KPI_PRESET: KpiPreset = '30d';

/** What the user chose: a preset, moving with the calendar, or fixed days. */
export type KpiSelection = { preset: KpiPreset } | { preset: 'custom'; range: KpiRange };

/** Today's date in a time zone: an agency in Asia/Dubai (UTC+4) at 22:30 UTC is already in tomorrow. */
export { todayIn } from '../../shared/format/date-time';

const firstOfMonth = (day: string): string => `${day.slice(0, 7)}-01`;

/** The days of a preset, counted from `today` (the zone's today). */
export function presetRange(preset: KpiPreset, today: string): KpiRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: firstOfMonth(today), to: today };
    case 'last-month': {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(lastDay), to: lastDay };
    }
    case 'ytd':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** How many days a range covers, both ends included. */
export const rangeDays = ({ from, to }: KpiRange): number => daysBetween(from, to) + 1;

/** The period of equal length just before the range: what each figure is compared with. */
export function previousRange(range: KpiRange): KpiRange {
  const days = rangeDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** The days a selection covers, given the zone's today. */
export const selectionRange = (selection: KpiSelection, today: string): KpiRange =>
  selection.preset === 'custom' ? selection.range : presetRange(selection.preset, today);

/** Why a custom range cannot be asked for (the contract's rules, said before the server would). */
export function rangeProblem({ from, to }: KpiRange): string | null {
  if (!from || !to) return 'Choose both days';
  if (to < from) return 'The end is before the start';
  if (rangeDays({ from, to }) > KPI_MAX_DAYS) return `At most ${KPI_MAX_DAYS} days at once`;
  return null;
}

const isDay = (value: string | null): value is string => CalendarDate().safeParse(value).success;
const isPreset = (value: string | null): value is KpiPreset =>
  (KPI_PRESETS as readonly string[]).includes(value ?? '');

/**
 * The selection in the address: `?range=7d` for a preset (a bookmark of "7 days" keeps moving),
 * `?from=…&to=…` for fixed days. Anything unreadable is the default preset, not an error.
 */
export function readKpiSelection(params: URLSearchParams): KpiSelection {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && rangeProblem({ from, to }) === null)
    return { preset: 'custom', range: { from, to } };
  const preset = params.get('range');
  return { preset: isPreset(preset) ? preset : DEFAULT_KPI_PRESET };
}

/** The address of a selection; the default preset is the bare path. */
export function kpiSelectionParams(selection: KpiSelection): URLSearchParams {
  if (selection.preset === 'custom')
    return new URLSearchParams({ from: selection.range.from, to: selection.range.to });
  if (selection.preset === DEFAULT_KPI_PRESET) return new URLSearchParams();
  return new URLSearchParams({ range: selection.preset });
}
