import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  type Notification,
  type NotificationCategory,
  type NotificationListQuery,
  noticeEndpoints,
} from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractMutation, contractQuery } from '../../shared/http/contract-endpoints';
import { settledAnswer } from '../../shared/http/settled-answer';

/** How many notifications the screen shows at first and adds with each "Load older". */
export const NOTIFICATION_PAGE_SIZE = 20;
/** How many of the newest the bell shows. */
export const BELL_SIZE = 5;

/** What the notifications screen shows: one category or all, unread ones only or all. */
export type NotificationFilter = { category: NotificationCategory | null; unreadOnly: boolean };

const listQuery = (
  { category, unreadOnly }: NotificationFilter,
  before: string | null,
): NotificationListQuery => ({
  limit: NOTIFICATION_PAGE_SIZE,
  ...(category ? { category } : {}),
  ...(unreadOnly ? { unread: 'true' } : {}),
  ...(before ? { before } : {}),
});

/**
 * The user's notifications (docs/api.md#support-notices-analytics), the bell's unread count, and SkyDesk's
 * announcements and offers. A pushed notification invalidates 'Notifications' and
 * 'NotificationSummary' (shared/live), so the bell, its list and the screen follow without a
 * reload. Marking read writes the answer into every list shown (docs/product-spec.md §4: lists take a write's
 * answer) and asks the count again — the server's count, not one kept here, since another tab
 * may have read some too.
 */
export const noticesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The bell's count: a failure leaves the bell without a badge, never a toast on every screen. */
    notificationSummary: contractQuery(build, noticeEndpoints.notificationSummary, {
      providesTags: ['NotificationSummary'],
      suppressErrors: true,
    }),
    /** The newest few, in the bell's panel: a failure is said there. */
    latestNotifications: contractQuery(build, noticeEndpoints.notifications, {
      providesTags: ['Notifications'],
      suppressErrors: true,
    }),
    /**
     * The screen's list, a page at a time: "Load older" asks for the ones before the last shown.
     * When a push invalidates it, every page shown is asked again from the newest, so a new
     * notification at the top neither doubles nor hides one at a page's edge.
     */
    notificationPages: build.infiniteQuery<Notification[], NotificationFilter, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) =>
          lastPage.length < NOTIFICATION_PAGE_SIZE ? undefined : (lastPage.at(-1)?.id ?? undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        endpoint: noticeEndpoints.notifications,
        query: listQuery(queryArg, pageParam),
      }),
      transformResponse: (answer: unknown) => answer as Notification[],
      providesTags: ['Notifications'],
    }),
    markNotificationRead: contractMutation(build, noticeEndpoints.markNotificationRead, {
      invalidatesTags: (answer) => (answer ? ['NotificationSummary'] : []),
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        if (!(await settledAnswer(queryFulfilled))) return;
        dispatch(markReadInLists((notice) => notice.id === params.id));
      },
    }),
    markAllNotificationsRead: contractMutation(build, noticeEndpoints.markAllNotificationsRead, {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const summary = await settledAnswer(queryFulfilled);
        if (!summary) return;
        dispatch(noticesApi.util.upsertQueryData('notificationSummary', undefined, summary));
        dispatch(markReadInLists(() => true));
      },
    }),
    /** docs/product-spec.md §8: 'Failed to fetch announcements' when the server says nothing. */
    announcements: contractQuery(build, noticeEndpoints.announcements, { providesTags: ['Announcements'] }),
    offers: contractQuery(build, noticeEndpoints.offers, { providesTags: ['Offers'] }),
  }),
});

type ApiState = Parameters<typeof noticesApi.util.selectCachedArgsForQuery>[0];

/**
 * Marks read, in every list held (the bell's, each filter of the screen), the notifications the
 * user just read. An unread-only list keeps them, read now, until it is asked again: what the user
 * just acted on does not vanish under their pointer.
 */
const markReadInLists =
  (matches: (notice: Notification) => boolean): ThunkAction<void, ApiState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    const readAt = new Date().toISOString();
    const markRead = (list: Notification[]) => {
      for (const notice of list) if (!notice.read_at && matches(notice)) notice.read_at = readAt;
    };
    for (const arg of noticesApi.util.selectCachedArgsForQuery(getState(), 'latestNotifications')) {
      dispatch(noticesApi.util.updateQueryData('latestNotifications', arg, markRead));
    }
    for (const arg of noticesApi.util.selectCachedArgsForQuery(getState(), 'notificationPages')) {
      dispatch(
        noticesApi.util.updateQueryData('notificationPages', arg, (data) => {
          for (const page of data.pages) markRead(page);
        }),
      );
    }
  };
