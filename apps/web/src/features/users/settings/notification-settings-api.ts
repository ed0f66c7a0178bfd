import { noticeEndpoints } from '@skydesk/contract';
import { api } from '../../../shared/http/api';
import { contractMutation, contractQuery } from '../../../shared/http/contract-endpoints';
import { settledAnswer } from '../../../shared/http/settled-answer';

/**
 * Which notifications the signed-in user also gets by e-mail (issue 14): the money and approval
 * events, each on unless the user turned it off. A save answers the whole setting, which replaces
 * the one shown (docs/product-spec.md §4: a write's answer is taken).
 */
export const notificationSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The failure is shown in the card, with a way to ask again. */
    notificationSettings: contractQuery(build, noticeEndpoints.notificationSettings, {
      providesTags: ['NotificationSettings'],
      suppressErrors: true,
    }),
    updateNotificationSettings: contractMutation(build, noticeEndpoints.updateNotificationSettings, {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const settings = await settledAnswer(queryFulfilled);
        if (settings) {
          dispatch(notificationSettingsApi.util.upsertQueryData('notificationSettings', undefined, settings));
        }
      },
    }),
  }),
});
