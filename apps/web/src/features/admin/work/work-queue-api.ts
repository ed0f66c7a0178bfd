import { adminWorkEndpoints } from '@skydesk/contract';
import { api } from '../../../shared/http/api';
import { contractQuery } from '../../../shared/http/contract-endpoints';

/**
 * What waits for a decision (issue 30), for the console's home and its menu's counts. It provides
 * the desks' own tags, so a decision on any desk (which makes its list stale) counts again, and so
 * does a ticket's live news (the operators' socket makes the support queue stale). Deposits,
 * refund requests and agencies in review are not pushed to operators: the counts are asked again
 * every minute.
 */
export const workQueueApi = api.injectEndpoints({
  endpoints: (build) => ({
    workQueue: contractQuery(build, adminWorkEndpoints.workQueue, {
      suppressErrors: true,
      providesTags: ['AdminCompanies', 'AdminDeposits', 'AdminRefunds', 'AdminTickets'],
    }),
  }),
});

/** How often the counts are asked again while the console is open. */
export const WORK_QUEUE_POLL_MS = 60_000;

/** The counts, kept current; the menu and the home share the one query. */
export const useWorkQueue = () =>
  workQueueApi.useWorkQueueQuery(undefined, { pollingInterval: WORK_QUEUE_POLL_MS });
