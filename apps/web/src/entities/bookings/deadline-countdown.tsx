import type { Booking } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Hourglass } from 'lucide-react';
import { formatInstant } from '../../shared/format/date-time';
import { countdownText } from '../../shared/time/clock';
import { useCountdown } from '../../shared/time/use-countdown';

/** Under this many seconds left, the deadline is shown as urgent. */
const URGENT_SECONDS = 2 * 3600;

type DeadlineCountdownProps = {
  /** ISO instant. */
  deadline: string;
  /** What happens at the deadline, e.g. "Ticket by". */
  label: string;
  /** Said once it has passed. */
  passedLabel: string;
  compact?: boolean;
};

/** A live countdown to a booking's deadline (ticketing, void window), with the exact local time. */
export function DeadlineCountdown({ deadline, label, passedLabel, compact = false }: DeadlineCountdownProps) {
  const left = useCountdown(Date.parse(deadline));
  const urgent = left > 0 && left < URGENT_SECONDS;
  return (
    <span
      className={clsx(
        'inline-flex items-start gap-1.5 rounded-lg px-2.5 py-1 font-medium text-xs ring-1',
        left === 0
          ? 'bg-slate-100 text-slate-600 ring-slate-200'
          : urgent
            ? 'bg-rose-50 text-rose-800 ring-rose-200'
            : 'bg-amber-50 text-amber-900 ring-amber-200',
      )}
    >
      <Hourglass aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {/* One run of text, so a narrow screen wraps it between words rather than between pieces. */}
      <span>
        {left === 0 ? (
          passedLabel
        ) : (
          <>
            {label} <time dateTime={deadline}>{formatInstant(deadline)}</time>{' '}
            <span className="whitespace-nowrap tabular-nums">
              {compact ? `(${countdownText(left)} left)` : `· ${countdownText(left)} left`}
            </span>
          </>
        )}
      </span>
    </span>
  );
}

/** The booking's deadline that matters now: the hold's, or the void window's. */
export function BookingDeadline({ booking }: { booking: Booking }) {
  if (booking.status === 'booked')
    return (
      <DeadlineCountdown
        deadline={booking.ticketing_deadline}
        label="Ticket by"
        passedLabel="Ticketing deadline passed: the hold has expired"
      />
    );
  if (booking.status === 'ticketed' && booking.void_until && Date.parse(booking.void_until) > Date.now())
    return (
      <DeadlineCountdown
        deadline={booking.void_until}
        label="Free void until"
        passedLabel="Void window closed: refunds only"
      />
    );
  return null;
}
