import type { KpiPoint } from '@skydesk/contract';
import { addDays, weekdayOf } from '../format/date-time';

/**
 * Past about three months a point per day is a pixel per day, even on a desktop: the picture
 * draws weeks instead (the table and the CSV keep the days).
 */
export const MOST_DAYS_DRAWN = 92;

/** Monday of the week of a day, 'YYYY-MM-DD' (weeks as ISO 8601 counts them). */
export function weekOf(day: string): string {
  const weekday = weekdayOf(day);
  return addDays(day, -((weekday + 6) % 7));
}

/** A point per week, dated by its Monday (or the range's first day), each the sum of its days. */
export function weeklyPoints(points: KpiPoint[]): KpiPoint[] {
  const weeks = new Map<string, KpiPoint>();
  for (const point of points) {
    const monday = weekOf(point.date);
    const week = weeks.get(monday);
    if (week) week.value += point.value;
    else weeks.set(monday, { date: point.date, value: point.value });
  }
  return [...weeks.values()];
}

/** The points to draw, and whether they are weeks. */
export function drawnPoints(points: KpiPoint[]): { points: KpiPoint[]; weekly: boolean } {
  return points.length > MOST_DAYS_DRAWN
    ? { points: weeklyPoints(points), weekly: true }
    : { points, weekly: false };
}
