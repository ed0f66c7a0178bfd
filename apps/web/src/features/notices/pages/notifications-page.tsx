import {
  FALLBACK,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type Notification,
  type NotificationCategory,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { Bell, BellOff, CheckCheck, ChevronDown, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { portalPath } from '../../../shared/routing/portal-path';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Switch } from '../../../shared/ui/switch';
import { type NotificationFilter, noticesApi } from '../notices-api';
import { NOTIFICATION_LOOK } from '../notification-kinds';

/** The filter in the address (`?category=money&unread=1`), so a reload or a shared link keeps it. */
const NOTIFICATION_FILTER = {
  category: listParam.optional(NOTIFICATION_CATEGORIES),
  unread: listParam.flag(),
};

function useNotificationFilter(): [NotificationFilter, (next: Partial<NotificationFilter>) => void] {
  const { filters, setFilters } = useListParams(NOTIFICATION_FILTER, { replace: true });
  const change = ({ category, unreadOnly }: Partial<NotificationFilter>) =>
    setFilters({
      ...(category !== undefined ? { category } : {}),
      ...(unreadOnly !== undefined ? { unread: unreadOnly } : {}),
    });
  return [{ category: filters.category, unreadOnly: filters.unread }, change];
}

/**
 * /dashboard/notifications (docs/product-spec.md §2, issue 14): what SkyDesk decided about the agency, its money,
 * bookings and support tickets, and its news, newest first; filtered by category and to unread
 * ones, a page at a time. Unread ones stand out until marked read (or opened).
 */
export function NotificationsPage() {
  const [filter, setFilter] = useNotificationFilter();
  const { currentData, isError, isFetching, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    noticesApi.useNotificationPagesInfiniteQuery(filter);
  const notices = currentData?.pages.flat();
  const filtered = filter.category !== null || filter.unreadOnly;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <FilterBar filter={filter} onChange={setFilter} />
      {!notices && isError ? (
        <LoadFailed title={FALLBACK.fetchNotifications} busy={isFetching} onRetry={() => void refetch()} />
      ) : !notices ? (
        <div role="status" aria-label="Loading notifications" className="space-y-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : notices.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={Inbox}
            title="Nothing matches"
            actions={
              <Button variant="secondary" onClick={() => setFilter({ category: null, unreadOnly: false })}>
                Show all notifications
              </Button>
            }
          >
            {filter.unreadOnly ? 'No unread notifications' : 'No notifications'}
            {filter.category ? ` in ${NOTIFICATION_CATEGORY_LABELS[filter.category]}` : ''}.
          </EmptyState>
        ) : (
          <EmptyState icon={BellOff} title="No notifications yet">
            Decisions about your agency, deposits and refunds, your bookings' tickets and holds, support
            replies and SkyDesk's news appear here — and on the bell at the top, as they happen.
          </EmptyState>
        )
      ) : (
        <>
          <ul aria-label="Notifications" className="space-y-2">
            {notices.map((notice) => (
              <NotificationItem key={notice.id} notice={notice} />
            ))}
          </ul>
          {hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {!isFetchingNextPage && <ChevronDown aria-hidden="true" className="size-4" />}
                Load older
              </Button>
            </div>
          ) : (
            notices.length > 5 && <p className="text-center text-slate-500 text-sm">That's all of them.</p>
          )}
        </>
      )}
    </div>
  );
}

type FilterBarProps = { filter: NotificationFilter; onChange: (next: Partial<NotificationFilter>) => void };

/** The categories as chips, "Unread only", how many are unread and "Mark all as read". */
function FilterBar({ filter, onChange }: FilterBarProps) {
  const { data: summary } = noticesApi.useNotificationSummaryQuery();
  const [markAll, { isLoading: markingAll }] = noticesApi.useMarkAllNotificationsReadMutation();
  const unread = summary?.unread;
  const chip = (category: NotificationCategory | null, label: string) => (
    <button
      key={category ?? 'all'}
      type="button"
      aria-pressed={filter.category === category}
      onClick={() => onChange({ category })}
      className={clsx(
        'shrink-0 rounded-full px-3 py-1.5 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
        filter.category === category
          ? 'bg-indigo-600 text-white'
          : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
      )}
    >
      {label}
    </button>
  );

  return (
    <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <fieldset className="min-w-0">
        <legend className="sr-only">Category</legend>
        {/* The chips wrap on a phone too: a row that scrolled sideways cut the last ones off (issue 30). */}
        <div className="flex flex-wrap gap-1.5">
          {chip(null, 'All')}
          {NOTIFICATION_CATEGORIES.map((category) => chip(category, NOTIFICATION_CATEGORY_LABELS[category]))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-slate-100 border-t pt-3">
        <Switch
          layout="inline"
          label="Unread only"
          checked={filter.unreadOnly}
          onCheckedChange={(unreadOnly) => onChange({ unreadOnly })}
        />
        <div className="flex items-center gap-3">
          {unread !== undefined && (
            <p className="flex items-center gap-1.5 text-slate-600 text-sm">
              <Bell aria-hidden="true" className="size-4" />
              {unread === 0 ? 'All read.' : `${unread} unread`}
            </p>
          )}
          {unread !== undefined && unread > 0 && (
            <Button
              variant="ghost"
              className="min-h-9 px-3"
              busy={markingAll}
              onClick={() =>
                void markAll()
                  .unwrap()
                  .catch(() => {})
              }
            >
              {!markingAll && <CheckCheck aria-hidden="true" className="size-4" />}
              Mark all as read
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

function NotificationItem({ notice }: { notice: Notification }) {
  const [markRead, { isLoading }] = noticesApi.useMarkNotificationReadMutation();
  const { icon: Icon, tone } = NOTIFICATION_LOOK[notice.kind];
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
          <p className={clsx('min-w-0 break-words text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
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
