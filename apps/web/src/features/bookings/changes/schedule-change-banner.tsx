import type { Booking, ScheduleChange, ScheduledFlight } from '@skydesk/contract';
import { CalendarClock, Check, TriangleAlert, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { DeadlineCountdown } from '../../../entities/bookings/deadline-countdown';
import { useCanEach } from '../../../shared/access/dashboard-access';
import { formatDayTime, formatInstant, formatTime } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { type ChangeProblem, ChangeProblemAlert, changeProblemOf } from './change-failure';
import { changesApi } from './changes-api';

/** "BA 117 LHR → JFK" of a scheduled flight ('BA117' as the contract names it). */
const flightName = (flight: ScheduledFlight) =>
  `${flight.flight.replace(/^([A-Z0-9]{2})(\d)/, '$1 $2')} ${flight.origin} → ${flight.destination}`;

/** "Tue 22 Dec, 08:25 → 11:20": a flight's times, the arrival's day only when it differs. */
const timesOf = (flight: ScheduledFlight) =>
  `${formatDayTime(flight.departs_at)} → ${
    flight.arrives_at.slice(0, 10) === flight.departs_at.slice(0, 10)
      ? formatTime(flight.arrives_at)
      : formatDayTime(flight.arrives_at)
  }`;

/** Each flight the change touched: its times before, struck through, and after (or "Cancelled"). */
function BeforeAfter({ change }: { change: ScheduleChange }) {
  const afterOf = new Map(change.after.map((flight) => [flight.segment_index, flight]));
  return (
    <ul aria-label="Flights changed" className="space-y-1.5">
      {change.before.map((before) => {
        const after = afterOf.get(before.segment_index);
        return (
          <li key={before.segment_index} className="rounded-lg bg-white/70 px-3 py-2 ring-1 ring-amber-200">
            <p className="font-medium text-slate-900">{flightName(before)}</p>
            <p className="flex flex-wrap items-baseline gap-x-2 tabular-nums">
              <span className="text-slate-500">
                <span className="sr-only">Before: </span>
                <s>{timesOf(before)}</s>
              </span>
              <span aria-hidden="true">→</span>
              {after ? (
                <span className="font-semibold text-slate-900">
                  <span className="sr-only">Now: </span>
                  {timesOf(after)}
                  {after.flight !== before.flight && ` (${flightName(after)})`}
                </span>
              ) : (
                <span className="font-semibold text-rose-700">Cancelled by the airline</span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

const ANSWERED: Record<Exclude<ScheduleChange['status'], 'pending'>, string> = {
  accepted: 'New times accepted',
  auto_accepted: 'New times accepted automatically at the deadline',
  changed: 'Answered with another flight',
  cancelled: 'Booking cancelled with a full refund',
};

type ScheduleChangeBannerProps = {
  booking: Booking;
  /** Opens the change panel, where the free alternatives are offered. */
  onChooseAlternative: () => void;
};

/**
 * Issue 32: the airline moved or cancelled a flight of the booking. Pending, a banner says before
 * and after in words, the deadline (when it passes, the server accepts the new times for the agency,
 * or cancels a sandbox booking whose flight is gone or connection broken with a full refund) and whether a
 * connection is broken, with the answers the server offers: accept the new times, choose another
 * flight (a free change offer within a day either side) or cancel with a full refund. Answered,
 * a quiet note says how.
 */
export function ScheduleChangeBanner({ booking, onChooseAlternative }: ScheduleChangeBannerProps) {
  const change = booking.schedule_change;
  const can = useCanEach();
  const accept = useIdempotentMutation(changesApi.useAcceptScheduleChangeMutation);
  const cancel = useIdempotentMutation(changesApi.useCancelForScheduleChangeMutation);
  const [busy, setBusy] = useState<'accept' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<ChangeProblem | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  if (!change) return null;

  if (change.status !== 'pending')
    return (
      <p className="flex items-start gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2.5 text-slate-600 text-sm">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <span className="min-w-0">
          <span className="font-medium text-slate-800">
            Airline schedule change: {ANSWERED[change.status]}
          </span>
          {change.answered_at && (
            <>
              {' '}
              on <time dateTime={change.answered_at}>{formatInstant(change.answered_at)}</time>
            </>
          )}
          . {change.summary}
        </span>
      </p>
    );

  const mayAnswer = can('bookings.issue');
  const answer = async (kind: 'accept' | 'cancel') => {
    setBusy(kind);
    setProblem(null);
    try {
      const answered = await (kind === 'accept' ? accept : cancel)({ params: { id: booking.id } });
      setConfirmingCancel(false);
      toast.success(
        kind === 'accept'
          ? 'New times accepted'
          : `Booking cancelled: ${formatMoney(answered.total)} back to your credits`,
      );
    } catch (error) {
      setProblem(changeProblemOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="schedule-change-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm sm:p-5"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h2 id="schedule-change-title" className="flex items-center gap-2 font-semibold text-base">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-600" />
          {change.kind === 'cancelled' ? 'The airline cancelled a flight' : 'The airline changed a flight'}
        </h2>
        <DeadlineCountdown
          deadline={change.deadline}
          label="Answer by"
          passedLabel="Deadline passed"
          compact
        />
      </div>
      <p className="mt-2">{change.summary}</p>
      <div className="mt-3">
        <BeforeAfter change={change} />
      </div>
      {change.connection_broken && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-rose-50 px-3 py-2 text-rose-900 ring-1 ring-rose-200">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-600" />
          <span>
            The new times break a connection: the next flight leaves before this one lands, or too soon after.
            The new times cannot be accepted; choose another flight or cancel with a full refund.
          </span>
        </p>
      )}
      <p className="mt-3 text-amber-900 text-xs">
        Without an answer by {formatInstant(change.deadline)},{' '}
        {change.kind === 'retimed' && !change.connection_broken
          ? 'the new times are accepted for you.'
          : booking.supplier.code === 'sandbox'
            ? 'the booking is cancelled with a full refund.'
            : "the airline's change is accepted for you."}
      </p>
      {problem && !confirmingCancel && <ChangeProblemAlert problem={problem} className="mt-3" />}
      {mayAnswer ? (
        change.actions.length > 0 && (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {change.actions.includes('accept') && (
              <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => void answer('accept')}>
                <Check aria-hidden="true" className="size-4" /> Accept new times
              </Button>
            )}
            {change.actions.includes('alternative') && (
              <Button variant="secondary" disabled={busy !== null} onClick={onChooseAlternative}>
                <CalendarClock aria-hidden="true" className="size-4" /> Choose another flight
              </Button>
            )}
            {change.actions.includes('cancel') && (
              <Button variant="secondary" disabled={busy !== null} onClick={() => setConfirmingCancel(true)}>
                <Undo2 aria-hidden="true" className="size-4" /> Cancel with full refund
              </Button>
            )}
          </div>
        )
      ) : (
        <p className="mt-3">
          <Badge tone="slate">View only</Badge> Answering needs the permission to issue tickets
          (bookings.issue).
        </p>
      )}
      <ConfirmDialog
        open={confirmingCancel}
        title="Cancel with a full refund?"
        confirmLabel="Cancel booking and refund"
        busy={busy === 'cancel'}
        problem={
          problem && confirmingCancel ? <ChangeProblemAlert problem={problem} className="mb-3" /> : undefined
        }
        onConfirm={() => void answer('cancel')}
        onCancel={() => {
          setConfirmingCancel(false);
          setProblem(null);
        }}
      >
        <p>
          The tickets are refunded in full with their seats and bags: the airline changed the flight, so no
          penalty is kept. {formatMoney(booking.total)} goes back to your credits and the seats are released.
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** A marker for the bookings list: a schedule change waits for an answer. */
export function ScheduleChangeBadge({ booking }: { booking: Booking }) {
  if (booking.schedule_change?.status !== 'pending') return null;
  return <Badge tone="amber">Airline changed a flight</Badge>;
}
