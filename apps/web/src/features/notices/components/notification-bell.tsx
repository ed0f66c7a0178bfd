import { skipToken } from '@reduxjs/toolkit/query';
import { FALLBACK, type Notification } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { portalPath } from '../../../shared/routing/portal-path';
import { selectSessionToken } from '../../../shared/session/session-slice';
import { useAppSelector } from '../../../shared/store/hooks';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useDismiss } from '../../../shared/ui/use-dismiss';
import { BELL_SIZE, noticesApi } from '../notices-api';
import { NOTIFICATION_LOOK, unreadBadge } from '../notification-kinds';

/** What the bell is called: how many are unread, for those who cannot see the badge. */
export const bellLabel = (unread: number): string =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/**
 * The bell in the dashboard's header (issue 14): the user's unread count from
 * `GET /api/notification/summary`, asked again whenever a notification is pushed (the live socket
 * invalidates 'NotificationSummary'), and a panel with the newest few, "Mark all as read" and the
 * way to the notifications screen.
 */
export function NotificationBell() {
  const signedIn = useAppSelector(selectSessionToken) !== null;
  const { data: summary } = noticesApi.useNotificationSummaryQuery(signedIn ? undefined : skipToken);
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);

  if (!signedIn) return null;
  const unread = summary?.unread ?? 0;
  return (
    <div ref={containerRef} className="sm:relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="relative flex size-10 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="bell-badge"
            className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 font-semibold text-[11px] text-white tabular-nums ring-2 ring-white"
          >
            {unreadBadge(unread)}
          </span>
        )}
      </button>
      {open && <BellPanel id={panelId} unread={unread} onClose={close} />}
    </div>
  );
}

type BellPanelProps = { id: string; unread: number; onClose: () => void };

/**
 * The newest few notifications under the bell. Below the small-screen breakpoint it spans the
 * screen under the header (a 390 px phone has no room for a panel hanging off a 40 px button).
 */
function BellPanel({ id, unread, onClose }: BellPanelProps) {
  const {
    currentData: notices,
    error,
    isFetching,
    refetch,
  } = noticesApi.useLatestNotificationsQuery({
    query: { limit: BELL_SIZE },
  });
  const [markAll, { isLoading: markingAll }] = noticesApi.useMarkAllNotificationsReadMutation();

  return (
    <section
      id={id}
      aria-label="Latest notifications"
      className="absolute inset-x-2 top-full z-40 mt-1 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl sm:inset-x-auto sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-3 border-slate-100 border-b px-4 py-3">
        <h2 className="font-semibold text-slate-900 text-sm">
          Notifications{' '}
          {unread > 0 && <span className="ml-0.5 font-normal text-slate-500">({unread} unread)</span>}
        </h2>
        {unread > 0 && (
          <button
            type="button"
            disabled={markingAll}
            onClick={() =>
              void markAll()
                .unwrap()
                .catch(() => {})
            }
            className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 font-medium text-indigo-700 text-xs hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50"
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all as read
          </button>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {error ? (
          <div className="p-3">
            <LoadFailed
              title={isApiFailure(error) ? error.message : FALLBACK.fetchNotifications}
              busy={isFetching}
              onRetry={() => void refetch()}
            />
          </div>
        ) : !notices ? (
          <div role="status" aria-label="Loading notifications" className="space-y-1 p-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        ) : notices.length === 0 ? (
          <div className="px-6 py-8 text-center">
            <BellOff aria-hidden="true" className="mx-auto size-8 text-slate-300" />
            <p className="mt-2 font-medium text-slate-900 text-sm">No notifications yet</p>
            <p className="mt-1 text-slate-500 text-xs leading-relaxed">
              Decisions about your agency, deposits, bookings and support replies will appear here.
            </p>
          </div>
        ) : (
          <ul aria-label="Newest notifications" className="divide-y divide-slate-100">
            {notices.map((notice) => (
              <BellItem key={notice.id} notice={notice} onFollow={onClose} />
            ))}
          </ul>
        )}
      </div>
      <Link
        to={paths.dashboard.notifications}
        onClick={onClose}
        className="block border-slate-100 border-t px-4 py-3 text-center font-medium text-indigo-700 text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2"
      >
        See all notifications
      </Link>
    </section>
  );
}

/**
 * One notification in the bell: opening it marks it read and, when it is about something in the
 * portal, goes there. One without a link is marked read by pressing it.
 */
function BellItem({ notice, onFollow }: { notice: Notification; onFollow: () => void }) {
  const [markRead] = noticesApi.useMarkNotificationReadMutation();
  const { icon: Icon, tone } = NOTIFICATION_LOOK[notice.kind];
  const unread = !notice.read_at;
  const link = portalPath(notice.link);
  const bodyId = useId();
  const open = () => {
    if (unread) void markRead({ params: { id: notice.id } });
    if (link) onFollow();
  };
  // Named by its title (and whether it is unread), described by its text.
  const named = { 'aria-label': `${unread ? 'Unread: ' : ''}${notice.title}`, 'aria-describedby': bodyId };

  const content = (
    <>
      <span className={clsx('flex size-8 shrink-0 items-center justify-center rounded-lg ring-1', tone)}>
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span
          className={clsx(
            'line-clamp-2 text-sm',
            unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700',
          )}
        >
          {notice.title}
        </span>
        <span id={bodyId} className="mt-0.5 line-clamp-2 break-words text-slate-500 text-xs">
          {notice.body}
        </span>
        <time dateTime={notice.created_at} className="mt-1 block text-[11px] text-slate-400">
          {formatInstant(notice.created_at)}
        </time>
      </span>
      {unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-500" />}
    </>
  );
  const classes = clsx(
    'flex w-full gap-3 px-4 py-3 text-left',
    unread && 'bg-indigo-50/40',
    (link || unread) &&
      'transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2',
  );

  return (
    <li>
      {link ? (
        <Link to={link} onClick={open} className={classes} {...named}>
          {content}
        </Link>
      ) : unread ? (
        <button type="button" onClick={open} className={classes} title="Mark as read" {...named}>
          {content}
        </button>
      ) : (
        <div className={classes}>{content}</div>
      )}
    </li>
  );
}
