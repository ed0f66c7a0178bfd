import type { Notification, NotificationKind } from '@skydesk/contract';
import { clsx } from 'clsx';
import {
  Ban,
  Bell,
  BellOff,
  CircleCheck,
  CircleX,
  Clock,
  Coins,
  Gauge,
  Landmark,
  type LucideIcon,
  Megaphone,
  MessagesSquare,
  RefreshCw,
  RotateCcw,
  Tag,
  Ticket,
  TimerOff,
  TriangleAlert,
  Undo2,
} from 'lucide-react';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { noticesApi } from '../notices-api';

const KINDS: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  company_approved: { icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-100' },
  company_rejected: { icon: CircleX, tone: 'bg-rose-50 text-rose-700 ring-rose-100' },
  company_suspended: { icon: Ban, tone: 'bg-rose-50 text-rose-700 ring-rose-100' },
  company_reactivated: { icon: RotateCcw, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-100' },
  refund_approved: { icon: Undo2, tone: 'bg-sky-50 text-sky-700 ring-sky-100' },
  refund_rejected: { icon: Undo2, tone: 'bg-rose-50 text-rose-700 ring-rose-100' },
  credits_adjusted: { icon: Coins, tone: 'bg-indigo-50 text-indigo-700 ring-indigo-100' },
  deposit_approved: { icon: Landmark, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-100' },
  deposit_rejected: { icon: Landmark, tone: 'bg-rose-50 text-rose-700 ring-rose-100' },
  credit_limit_changed: { icon: Gauge, tone: 'bg-indigo-50 text-indigo-700 ring-indigo-100' },
  low_balance: { icon: TriangleAlert, tone: 'bg-amber-50 text-amber-800 ring-amber-100' },
  booking_ticketed: { icon: Ticket, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-100' },
  hold_expiring: { icon: Clock, tone: 'bg-amber-50 text-amber-800 ring-amber-100' },
  hold_expired: { icon: TimerOff, tone: 'bg-rose-50 text-rose-700 ring-rose-100' },
  support_reply: { icon: MessagesSquare, tone: 'bg-sky-50 text-sky-700 ring-sky-100' },
  announcement: { icon: Megaphone, tone: 'bg-indigo-50 text-indigo-700 ring-indigo-100' },
  offer: { icon: Tag, tone: 'bg-fuchsia-50 text-fuchsia-700 ring-fuchsia-100' },
};

/** A link of the portal only (`/dashboard/…`): never another site, nor a protocol-relative URL. */
const portalPath = (link: string | null): string | null =>
  link?.startsWith('/') && !link.startsWith('//') ? link : null;

/**
 * /dashboard/notifications (spec §2): what SkyDesk decided about the agency and its refunds,
 * newest first; unread ones stand out until marked read (or opened).
 */
export function NotificationsPage() {
  const { currentData: notices, isError, refetch } = noticesApi.useNotificationsQuery();

  if (isError) {
    return (
      <Alert tone="error" title="Your notifications could not be loaded" className="mx-auto w-full max-w-3xl">
        <Button variant="secondary" className="mt-2" onClick={() => void refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </Alert>
    );
  }
  if (!notices) {
    return (
      <div role="status" aria-label="Loading notifications" className="mx-auto w-full max-w-3xl space-y-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
    );
  }
  if (notices.length === 0) {
    return (
      <EmptyState icon={BellOff} title="No notifications yet">
        Decisions about your agency and your refund requests appear here.
      </EmptyState>
    );
  }

  const unread = notices.filter((notice) => !notice.read_at).length;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-3">
      <p className="flex items-center gap-2 text-slate-600 text-sm">
        <Bell aria-hidden="true" className="size-4" />
        {unread === 0 ? 'All read.' : `${unread} unread`}
      </p>
      <ul aria-label="Notifications" className="space-y-2">
        {notices.map((notice) => (
          <NotificationItem key={notice.id} notice={notice} />
        ))}
      </ul>
    </div>
  );
}

function NotificationItem({ notice }: { notice: Notification }) {
  const [markRead, { isLoading }] = noticesApi.useMarkNotificationReadMutation();
  const { icon: Icon, tone } = KINDS[notice.kind];
  const unread = !notice.read_at;
  const link = portalPath(notice.link);
  const read = () => {
    if (unread) void markRead({ params: { id: notice.id } });
  };

  return (
    <li
      aria-label={`${notice.title}${unread ? ' (unread)' : ''}`}
      className={clsx(
        'flex gap-3 rounded-2xl border bg-white p-4 shadow-sm',
        unread ? 'border-indigo-200 ring-1 ring-indigo-100' : 'border-slate-200',
      )}
    >
      <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-xl ring-1', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <p className={clsx('text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
            {unread && (
              <span aria-hidden="true" className="mr-2 inline-block size-2 rounded-full bg-indigo-500" />
            )}
            {notice.title}
          </p>
          <time dateTime={notice.created_at} className="text-slate-500 text-xs">
            {formatInstant(notice.created_at)}
          </time>
        </div>
        <p className="mt-1 whitespace-pre-line break-words text-slate-600 text-sm">{notice.body}</p>
        {(link || unread) && (
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {link && (
              <Link to={link} onClick={read} className="font-medium text-indigo-700 hover:underline">
                Open
              </Link>
            )}
            {unread && (
              <button
                type="button"
                onClick={read}
                disabled={isLoading}
                className="font-medium text-slate-600 hover:text-slate-900 hover:underline disabled:opacity-50"
              >
                Mark as read
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
