import { noticeEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * The agency's notifications (API.md "Support, notices"): what the back office decided about the
 * agency or its refunds. Marking one read writes the answer into the list (spec §4: lists take a
 * write's answer) instead of asking for the list again.
 */
export const noticesApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: contractQuery(build, noticeEndpoints.notifications, { providesTags: ['Notifications'] }),
    markNotificationRead: contractMutation(build, noticeEndpoints.markNotificationRead, {
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        const readAt = new Date().toISOString();
        dispatch(
          noticesApi.util.updateQueryData('notifications', undefined, (list) => {
            const notice = list.find((item) => item.id === params.id);
            if (notice && !notice.read_at) notice.read_at = readAt;
          }),
        );
      },
    }),
  }),
});
