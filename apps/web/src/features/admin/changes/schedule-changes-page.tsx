import type { AdminScheduleChange, AffectedBooking } from '@skydesk/contract';
import { clsx } from 'clsx';
import { CalendarClock, ChevronDown, Clock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  formatDayTime,
  formatDayWithYear,
  formatDuration,
  formatInstant,
  formatTime,
} from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { adminAgencyPath } from '../../../shared/routing/admin-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { ListSkeleton } from '../components/list-states';
import { type StatusTab, StatusTabs } from '../components/status-tabs';
import {
  answeredCount,
  minutesMoved,
  movedText,
  pendingCount,
  SCHEDULE_CHANGE_SOURCE,
  SCHEDULE_CHANGE_STATUS,
  shortInstant,
} from './change-words';
import { changesApi } from './changes-api';
import { ExtendDeadlineDialog } from './extend-deadline-dialog';
import { PublishScheduleChangeDialog } from './publish-schedule-change-dialog';

const SHOWN = ['all', 'pending'] as const;
const TABS: StatusTab<(typeof SHOWN)[number]>[] = [
  { value: 'all', label: 'All changes' },
  { value: 'pending', label: 'Waiting for an answer' },
];
const SCHEDULE_LIST = { show: listParam.oneOf(SHOWN, 'all') };

type Extending = { change: AdminScheduleChange; booking: AffectedBooking };

/**
 * /admin/schedule-changes (issue 32): the airlines' schedule changes newest first — the flight, its
 * day, the new times or the cancellation, who published it, and the bookings it touches with each
 * agency's answer; an operator extends a pending answer's deadline, or publishes a change by hand.
 */
export function ScheduleChangesPage() {
  const { filters, setFilters } = useListParams(SCHEDULE_LIST);
  const { currentData: changes, error, isError, isFetching, refetch } = changesApi.useScheduleChangesQuery();
  const [publishing, setPublishing] = useState(false);
  const [extending, setExtending] = useState<Extending | null>(null);
  const shown = changes?.filter((change) => filters.show === 'all' || pendingCount(change) > 0);

  let content: ReactNode;
  if (isApiFailure(error) && error.status === 403)
    content = <Alert tone="error" title="Schedule changes are not open to your account" />;
  else if (isError)
    content = (
      <LoadFailed
        title="The schedule changes could not be loaded"
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  else if (!shown) content = <ListSkeleton label="Loading the schedule changes" />;
  else if (shown.length === 0)
    content =
      filters.show === 'pending' ? (
        <EmptyState icon={CalendarClock} title="No answer is waiting">
          Every booking a schedule change touched has been answered, by its agency or at its deadline.
        </EmptyState>
      ) : (
        <EmptyState
          icon={CalendarClock}
          title="No schedule change yet"
          actions={<Button onClick={() => setPublishing(true)}>Publish schedule change</Button>}
        >
          When an airline moves or cancels a flight that has bookings, it appears here with the bookings it
          touches and each agency's answer.
        </EmptyState>
      );
  else
    content = (
      <ChangeTable
        // The waiting list opens on its bookings (what the operator came for); each tab starts afresh.
        key={filters.show}
        openAtFirst={filters.show === 'pending'}
        changes={shown}
        busy={isFetching}
        onExtend={(change, booking) => setExtending({ change, booking })}
      />
    );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <StatusTabs
          legend="Which changes"
          tabs={TABS}
          current={filters.show}
          onChange={(show) => setFilters({ show })}
        />
        <Button className="w-full sm:w-auto" onClick={() => setPublishing(true)}>
          <CalendarClock aria-hidden="true" className="size-4" /> Publish schedule change
        </Button>
      </div>
      {content}
      <PublishScheduleChangeDialog open={publishing} onOpenChange={setPublishing} />
      {extending && (
        <ExtendDeadlineDialog
          key={`${extending.change.id}-${extending.booking.booking_id}`}
          change={extending.change}
          booking={extending.booking}
          onClose={() => setExtending(null)}
        />
      )}
    </div>
  );
}

const COLUMNS = [
  { label: 'Flight', className: 'pl-5 pr-3' },
  { label: 'Departure', className: 'px-3' },
  { label: 'Change', className: 'px-3' },
  { label: 'Source', className: 'px-3' },
  { label: 'Published', className: 'px-3' },
  { label: 'Bookings', className: 'px-3' },
  { label: 'Details', className: 'pr-5 pl-3 sr-only' },
];

type ChangeTableProps = {
  /** Every change opened on its bookings to begin with. */
  openAtFirst: boolean;
  changes: AdminScheduleChange[];
  busy: boolean;
  onExtend: (change: AdminScheduleChange, booking: AffectedBooking) => void;
};

function ChangeTable({ openAtFirst, changes, busy, onExtend }: ChangeTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(openAtFirst ? changes.map((change) => change.id) : []),
  );
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <section aria-labelledby="schedule-change-list-title" aria-busy={busy || undefined}>
      <h2 id="schedule-change-list-title" className="sr-only">
        Schedule changes
      </h2>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-sm">
          <thead className="hidden bg-slate-50 text-left text-slate-500 text-xs lg:table-header-group">
            <tr>
              {COLUMNS.map(({ label, className }) => (
                <th key={label} scope="col" className={`py-2 font-medium ${className}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          {changes.map((change) => (
            <ChangeRows
              key={change.id}
              change={change}
              expanded={open.has(change.id)}
              onToggle={() => toggle(change.id)}
              onExtend={(booking) => onExtend(change, booking)}
            />
          ))}
        </table>
      </div>
    </section>
  );
}

type ChangeRowsProps = {
  change: AdminScheduleChange;
  expanded: boolean;
  onToggle: () => void;
  onExtend: (booking: AffectedBooking) => void;
};

/** One change: its row, and under it (when opened) the bookings it touches. A tbody each, so they stay together. */
function ChangeRows({ change, expanded, onToggle, onExtend }: ChangeRowsProps) {
  const detailsId = `schedule-change-${change.id}`;
  const total = change.bookings.length;
  const waiting = pendingCount(change);
  const day = formatDayWithYear(change.departure_date);
  return (
    <tbody className="border-slate-100 border-t first:border-t-0">
      <tr className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 px-4 py-3 lg:table-row lg:p-0">
        {/* On a phone the row is a card: its cells placed on a grid (flight and source on top). */}
        <td className="col-start-1 row-start-1 min-w-0 lg:py-3 lg:pr-3 lg:pl-5 lg:align-top">
          <span className="block font-semibold text-slate-900">{change.flight}</span>
          <span className="block whitespace-nowrap text-slate-500 text-xs">
            {change.before.origin} → {change.before.destination}
            <span className="lg:hidden"> · {day}</span>
          </span>
        </td>
        <td className="hidden whitespace-nowrap text-slate-700 lg:table-cell lg:px-3 lg:py-3 lg:align-top">
          {day}
        </td>
        <td className="col-span-2 row-start-2 min-w-0 lg:px-3 lg:py-3 lg:align-top">
          <ChangeSummary change={change} />
        </td>
        <td className="col-start-2 row-start-1 text-right lg:px-3 lg:py-3 lg:text-left lg:align-top">
          <Badge tone={change.source === 'operator' ? 'violet' : 'slate'}>
            {SCHEDULE_CHANGE_SOURCE[change.source]}
          </Badge>
        </td>
        <td className="col-span-2 text-slate-600 text-xs lg:whitespace-nowrap lg:px-3 lg:py-3 lg:text-sm lg:align-top">
          <span className="lg:hidden">Published </span>
          <time dateTime={change.published_at}>{formatInstant(change.published_at)}</time>
        </td>
        <td className="min-w-0 self-center text-slate-700 lg:px-3 lg:py-3 lg:align-top">
          {total === 0 ? (
            <span className="text-slate-500">No bookings</span>
          ) : (
            <>
              <span className="block whitespace-nowrap">
                {total} {total === 1 ? 'booking' : 'bookings'}
              </span>
              <span className="block whitespace-nowrap text-slate-500 text-xs">
                {answeredCount(change)} answered
                {waiting > 0 && <span className="font-medium text-amber-800"> · {waiting} waiting</span>}
              </span>
            </>
          )}
        </td>
        <td className="self-center text-right lg:py-3 lg:pr-5 lg:pl-3 lg:align-top">
          {/* A change that touched no booking has nothing to open: its count says so. */}
          {total > 0 && (
            <Button
              variant="ghost"
              className="-my-1 px-2.5"
              aria-expanded={expanded}
              aria-controls={detailsId}
              aria-label={`${expanded ? 'Hide' : 'Show'} the bookings of ${change.flight} on ${day}`}
              onClick={onToggle}
            >
              <span aria-hidden="true">{expanded ? 'Hide' : 'Bookings'}</span>
              <ChevronDown
                aria-hidden="true"
                className={clsx('size-4 transition-transform', expanded && 'rotate-180')}
              />
            </Button>
          )}
        </td>
      </tr>
      {expanded && total > 0 && (
        <tr id={detailsId} className="block lg:table-row">
          <td colSpan={COLUMNS.length} className="block bg-slate-50/70 px-4 pb-4 lg:table-cell lg:px-5">
            <AffectedBookings change={change} onExtend={onExtend} />
          </td>
        </tr>
      )}
    </tbody>
  );
}

/** Before and after: "09:35 → 12:05, 2h 30m later", or cancelled with the time it had. */
function ChangeSummary({ change }: { change: AdminScheduleChange }) {
  const { before, after } = change;
  if (!after)
    return (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone="rose">Cancelled</Badge>
        <span className="text-slate-500 text-xs">
          was {formatTime(before.departs_at)} → {formatTime(before.arrives_at)}
        </span>
      </span>
    );
  const minutes = minutesMoved(change) ?? 0;
  const sameDay = after.departs_at.slice(0, 10) === before.departs_at.slice(0, 10);
  return (
    <span className="block">
      <span className="block text-slate-900">
        <span className="text-slate-500 line-through decoration-slate-400">
          {formatTime(before.departs_at)}
        </span>
        {' → '}
        <span className="font-semibold">
          {sameDay ? formatTime(after.departs_at) : formatDayTime(after.departs_at)}
        </span>
      </span>
      <span className="block text-slate-500 text-xs">
        Retimed {movedText(minutes)} · lands {formatTime(after.arrives_at)}
      </span>
    </span>
  );
}

function AffectedBookings({
  change,
  onExtend,
}: {
  change: AdminScheduleChange;
  onExtend: (booking: AffectedBooking) => void;
}) {
  const titleId = `schedule-change-${change.id}-bookings`;
  const now = Date.now();
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="sr-only">
        Bookings on {change.flight} on {formatDayWithYear(change.departure_date)}
      </h3>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {change.bookings.map((booking) => (
          <BookingRow
            key={booking.booking_id}
            booking={booking}
            now={now}
            onExtend={() => onExtend(booking)}
          />
        ))}
      </ul>
    </section>
  );
}

/** One booking the change touches: its PNR, agency, answer, deadline and when it answered. */
function BookingRow({
  booking,
  now,
  onExtend,
}: {
  booking: AffectedBooking;
  now: number;
  onExtend: () => void;
}) {
  const status = SCHEDULE_CHANGE_STATUS[booking.status];
  const pending = booking.status === 'pending';
  const left = Math.floor((Date.parse(booking.deadline) - now) / 60_000);
  return (
    <li
      aria-label={`Booking ${booking.pnr}`}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 px-3 py-2.5 sm:px-4 lg:grid-cols-[6rem_minmax(0,1fr)_7.5rem_10.5rem_10rem_10.5rem]"
    >
      <span className="font-mono font-semibold text-slate-900 tracking-wider">{booking.pnr}</span>
      <span className="text-right lg:order-2 lg:text-left">
        <Badge tone={status.tone}>{status.label}</Badge>
      </span>
      <Link
        to={adminAgencyPath(booking.company.id)}
        className="col-span-2 min-w-0 break-words font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 lg:order-1 lg:col-span-1"
      >
        {booking.company.name}
      </Link>
      <span className="col-span-2 text-slate-600 text-xs lg:order-3 lg:col-span-1 lg:text-sm">
        <span className="text-slate-500 lg:block lg:text-xs">Deadline </span>
        <time
          dateTime={booking.deadline}
          title={formatInstant(booking.deadline)}
          className="whitespace-nowrap"
        >
          {shortInstant(booking.deadline)}
        </time>
        {pending && (
          <span
            className={clsx(
              'ml-1.5 inline-flex items-center gap-1 whitespace-nowrap text-xs lg:ml-0 lg:flex',
              left < 24 * 60 ? 'font-medium text-rose-700' : 'text-slate-500',
            )}
          >
            <Clock aria-hidden="true" className="size-3" />
            {left > 0 ? `${formatDuration(left)} left` : 'due now'}
          </span>
        )}
      </span>
      <span className="col-span-2 text-slate-600 text-xs lg:order-4 lg:col-span-1 lg:text-sm">
        {booking.answered_at ? (
          <>
            <span className="text-slate-500 lg:block lg:text-xs">Answered </span>
            <time
              dateTime={booking.answered_at}
              title={formatInstant(booking.answered_at)}
              className="whitespace-nowrap"
            >
              {shortInstant(booking.answered_at)}
            </time>
          </>
        ) : (
          <span className="text-slate-500">Not answered yet</span>
        )}
      </span>
      <span className="col-span-2 lg:order-5 lg:col-span-1 lg:text-right">
        {pending && (
          <Button
            variant="secondary"
            className="w-full whitespace-nowrap lg:w-auto lg:px-3"
            aria-label={`Extend the deadline of ${booking.pnr}`}
            onClick={onExtend}
          >
            <CalendarClock aria-hidden="true" className="size-4" /> Extend deadline
          </Button>
        )}
      </span>
    </li>
  );
}
