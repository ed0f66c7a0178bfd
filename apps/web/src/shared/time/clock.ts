import { durationText } from '@skydesk/contract';

/** Seconds left as a clock reads them: 3725 → "1:02:05", 65 → "1:05" (countdowns of offers and holds). */
export const clock = (seconds: number): string => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
};

/**
 * What a ticking countdown shows (docs/architecture.md §8): the one duration format from an hour
 * up ("2d 3h", "3h 12m"), and under an hour the clock, seconds and all ("12:05").
 */
export const countdownText = (seconds: number): string =>
  seconds >= 3600 ? durationText(Math.floor(seconds / 60)) : clock(seconds);
