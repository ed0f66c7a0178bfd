import { clsx } from 'clsx';
import { Hourglass } from 'lucide-react';
import { formatInstant } from '../../../../shared/format/date-time';
import { countdownText } from '../../../../shared/time/clock';
import { useCountdown } from '../../../../shared/time/use-countdown';

/** Under this many seconds left, a hold's deadline is shown as urgent (as on the bookings screens). */
const URGENT_SECONDS = 2 * 3600;

/** 2 days 3 h → "2d 3h", 3 h 12 min → "3h 12m", under an hour the clock: "12:05". */
export const formatTimeLeft = countdownText;

/**
 * How long a hold has left before its ticketing deadline, ticking; red under two hours. The exact
 * deadline (the user's own zone) is said with it.
 */
export function TimeLeft({ deadline }: { deadline: string }) {
  const left = useCountdown(Date.parse(deadline));
  const urgent = left > 0 && left < URGENT_SECONDS;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-lg px-2 py-0.5 font-medium text-xs ring-1',
        left === 0
          ? 'bg-slate-100 text-slate-600 ring-slate-200'
          : urgent
            ? 'bg-rose-50 text-rose-800 ring-rose-200'
            : 'bg-amber-50 text-amber-900 ring-amber-200',
      )}
    >
      <Hourglass aria-hidden="true" className="size-3.5 shrink-0" />
      {left === 0 ? (
        'Deadline passed'
      ) : (
        <span>
          <span className="tabular-nums">{formatTimeLeft(left)}</span> left
          <span className="sr-only">
            , ticket by <time dateTime={deadline}>{formatInstant(deadline)}</time>
          </span>
        </span>
      )}
    </span>
  );
}
