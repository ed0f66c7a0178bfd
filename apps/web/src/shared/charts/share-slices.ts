import { colorFor } from './chart-colors';

/*
 * The slices of a share chart, apart from the chart: the plot (loaded lazily by the chart) draws
 * them and the chart's table lists them, without the plot importing the chart back.
 */

/** A part of a whole: a booking outcome, an agency status. */
export type ShareItem = { key: string; label: string; value: number };

/** An item with its colour and its part of the total, as the picture and its legend draw it. */
export type ShareSlice = ShareItem & { color: string; share: number };

export function shareSlices(items: ShareItem[]): ShareSlice[] {
  const total = items.reduce((sum, item) => sum + item.value, 0);
  return items.map((item, index) => ({
    ...item,
    color: colorFor(item.key, index),
    share: total === 0 ? 0 : item.value / total,
  }));
}
