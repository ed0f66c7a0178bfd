/** The one source of "now", so tests can move time (code expiry, holds, sessions). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function createManualClock(start = new Date('2026-11-22T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at: Date) => {
      current = at.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}
