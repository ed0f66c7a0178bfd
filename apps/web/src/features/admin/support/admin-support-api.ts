import { type AdminTicketDetails, adminSupportEndpoints } from '@skydesk/contract';
import { api } from '../../../shared/http/api';
import type { ApiFailure } from '../../../shared/http/api-error';
import { contractFile, contractMutation, contractQuery } from '../../../shared/http/contract-endpoints';
import { settledAnswer } from '../../../shared/http/settled-answer';

/** The queue's own tag: a ticket taken, closed or reopened moves in it. */
const QUEUE = { type: 'AdminTickets' as const, id: 'QUEUE' };

const ACTION = {
  suppressErrors: true,
  invalidatesTags: (details: AdminTicketDetails | undefined) =>
    details ? [QUEUE, 'AdminAudit' as const] : [],
};

/**
 * The operators' side of support (docs/api.md#back-office `/api/admin/tickets`): the queue, one ticket
 * with the agency's contact and recent bookings, its chat, and taking, closing and reopening it.
 * The console's live socket stales 'AdminTickets' on every ticket frame (shared/live), so the
 * queue and an open ticket follow what agencies and other operators do.
 */
export const adminSupportApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminTickets: contractQuery(build, adminSupportEndpoints.tickets, { providesTags: [QUEUE] }),
    adminTicket: contractQuery(build, adminSupportEndpoints.ticket, {
      providesTags: (_details, _error, { params }) => [{ type: 'AdminTickets', id: params.id }],
    }),
    /** Read through the chat (entities/chat), which keeps the conversation itself. */
    adminTicketMessages: contractQuery(build, adminSupportEndpoints.messages, { suppressErrors: true }),
    /** A reply that could not be sent says so under itself, with a retry: not toasted. */
    adminReplyToTicket: contractMutation(build, adminSupportEndpoints.reply, {
      suppressErrors: true,
      invalidatesTags: (_message, error, { params }) =>
        (error as ApiFailure | undefined)?.status === 409 ? [{ type: 'AdminTickets', id: params.id }] : [],
    }),
    adminSendTicketAttachment: contractMutation(build, adminSupportEndpoints.sendAttachment, {
      suppressErrors: true,
    }),
    /** An attachment's file, as an object URL: a failure shows on its chip. */
    adminTicketAttachment: contractFile(build, adminSupportEndpoints.attachment, { suppressErrors: true }),
    adminMarkTicketRead: contractMutation(build, adminSupportEndpoints.markRead, { suppressErrors: true }),
    /*
     * Take, close or reopen: the answer is the ticket as it now is, written in its place; the
     * queue and the audit log are asked again. A refusal is shown on the page: not toasted.
     */
    adminAssignTicket: contractMutation(build, adminSupportEndpoints.assign, {
      ...ACTION,
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        const details = await settledAnswer(queryFulfilled);
        if (details) dispatch(adminSupportApi.util.updateQueryData('adminTicket', { params }, () => details));
      },
    }),
    adminCloseTicket: contractMutation(build, adminSupportEndpoints.close, {
      ...ACTION,
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        const details = await settledAnswer(queryFulfilled);
        if (details) dispatch(adminSupportApi.util.updateQueryData('adminTicket', { params }, () => details));
      },
    }),
    adminReopenTicket: contractMutation(build, adminSupportEndpoints.reopen, {
      ...ACTION,
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        const details = await settledAnswer(queryFulfilled);
        if (details) dispatch(adminSupportApi.util.updateQueryData('adminTicket', { params }, () => details));
      },
    }),
  }),
});
