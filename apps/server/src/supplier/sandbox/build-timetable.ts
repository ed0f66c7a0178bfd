import { planNetwork } from './network.js';
import { loadReferenceData, type ReferenceData } from './reference-data.js';
import { scheduleFlights } from './schedule.js';
import { Timetable } from './timetable.js';

/** The seed of the network everyone sees; change it and every route and flight number changes. */
export const DEFAULT_NETWORK_SEED = 20_261_122;

export type BuildReport = {
  loadMs: number;
  planMs: number;
  scheduleMs: number;
  indexMs: number;
  totalMs: number;
};

/** Reference data → route network → schedule → compact timetable, timed step by step. */
export async function buildTimetable(
  options: { seed?: number; data?: ReferenceData } = {},
): Promise<{ timetable: Timetable; report: BuildReport }> {
  const seed = options.seed ?? DEFAULT_NETWORK_SEED;
  const started = performance.now();
  const data = options.data ?? (await loadReferenceData());
  const loaded = performance.now();
  const plan = planNetwork(data, seed);
  const planned = performance.now();
  const schedule = scheduleFlights(plan, seed);
  const scheduled = performance.now();
  const timetable = new Timetable(data.airports, data.airlines, schedule);
  const indexed = performance.now();
  return {
    timetable,
    report: {
      loadMs: loaded - started,
      planMs: planned - loaded,
      scheduleMs: scheduled - planned,
      indexMs: indexed - scheduled,
      totalMs: indexed - started,
    },
  };
}
