import { durationText, wallDayText, wallTimeText } from '@skydesk/contract';
import type { StoredScheduledFlight } from '../../../platform/db/schema.js';

/**
 * A schedule change in words, as the notice, its e-mail, the banner and the history say it (issue
 * 32): each flight before and after, in the airports' local times.
 */

const route = (flight: StoredScheduledFlight) => `${flight.flight} ${flight.origin}–${flight.destination}`;

const moved = (minutes: number) =>
  minutes === 0 ? '' : ` (${durationText(Math.abs(minutes))} ${minutes > 0 ? 'later' : 'earlier'})`;

export function flightChangeText(
  before: StoredScheduledFlight,
  after: StoredScheduledFlight | undefined,
  minutes: number,
): string {
  const day = wallDayText(before.departs_at);
  if (!after) {
    return `${route(before)} on ${day}, leaving at ${wallTimeText(before.departs_at)}, is cancelled by the airline.`;
  }
  const newDay =
    after.departs_at.slice(0, 10) === before.departs_at.slice(0, 10)
      ? ''
      : ` on ${wallDayText(after.departs_at)}`;
  return `${route(before)} on ${day} now leaves at ${wallTimeText(after.departs_at)}${newDay} (was ${wallTimeText(before.departs_at)}) and lands at ${wallTimeText(after.arrives_at)} (was ${wallTimeText(before.arrives_at)})${moved(minutes)}.`;
}

/** Every flight of the booking the change touches, one sentence each. */
export function changeSummary(
  before: readonly StoredScheduledFlight[],
  after: readonly StoredScheduledFlight[],
  minutes: number,
): string {
  return before
    .map((flight) =>
      flightChangeText(
        flight,
        after.find((candidate) => candidate.segment_index === flight.segment_index),
        minutes,
      ),
    )
    .join(' ');
}
