import { type Booking, bookingEndpoints, supportEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import type { ApiFailure } from '../../shared/http/api-error';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';
import { settledAnswer } from '../../shared/http/settled-answer';

/** A write refused because the ticket changed under it (closed meanwhile): the ticket is read again. */
const ticketChanged = (error: unknown, id: string) =>
  (error as ApiFailure | undefined)?.status === 409 ? [{ type: 'Tickets' as const, id }] : [];

/**
 * The agency's support tickets and their chat (docs/api.md#support-notices-analytics). docs/product-spec.md §4: the list takes
 * each write's answer — a new ticket goes to the top, a deleted one goes, a closed one is merged —
 * instead of being asked for again. The live socket's ticket frames stale the 'Tickets' tag
 * (shared/live), so a reply, a read or a ticket closed by SkyDesk refreshes whatever shows it.
 */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportTickets: contractQuery(build, supportEndpoints.tickets, { providesTags: ['Tickets'] }),
    supportTicket: contractQuery(build, supportEndpoints.ticket, {
      providesTags: (_ticket, _error, { params }) => [{ type: 'Tickets', id: params.id }],
    }),
    /** Field errors (an unknown PNR among them) land on the form: not toasted. */
    createTicket: contractMutation(build, supportEndpoints.createTicket, {
      suppressErrors: true,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const created = await settledAnswer(queryFulfilled);
        if (!created) return;
        dispatch(
          supportApi.util.updateQueryData('supportTickets', undefined, (list) => {
            if (!list.some((ticket) => ticket.id === created.id)) list.unshift(created);
          }),
        );
      },
    }),
    /** The 409 of a ticket SkyDesk has answered is shown in the confirmation, as the server says it. */
    deleteTicket: contractMutation(build, supportEndpoints.deleteTicket, {
      suppressErrors: true,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const deleted = await settledAnswer(queryFulfilled);
        if (!deleted) return;
        dispatch(
          supportApi.util.updateQueryData('supportTickets', undefined, (list) =>
            list.filter((ticket) => ticket.id !== deleted.id),
          ),
        );
      },
      // The ticket became undeletable (answered) since it was read: read the list again.
      invalidatesTags: (_answer, error) =>
        (error as ApiFailure | undefined)?.status === 409 ? ['Tickets'] : [],
    }),
    closeTicket: contractMutation(build, supportEndpoints.closeTicket, {
      suppressErrors: true,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const closed = await settledAnswer(queryFulfilled);
        if (!closed) return;
        dispatch(
          supportApi.util.updateQueryData('supportTickets', undefined, (list) =>
            list.map((ticket) => (ticket.id === closed.id ? closed : ticket)),
          ),
        );
        dispatch(
          supportApi.util.updateQueryData('supportTicket', { params: { id: closed.id } }, () => closed),
        );
      },
    }),
    /** Read through `fetchTicketMessages`: the chat keeps the conversation itself (entities/chat). */
    ticketMessages: contractQuery(build, supportEndpoints.messages, { suppressErrors: true }),
    /** A message that could not be sent says so under itself, with a retry: not toasted. */
    sendTicketMessage: contractMutation(build, supportEndpoints.sendMessage, {
      suppressErrors: true,
      invalidatesTags: (_message, error, { params }) => ticketChanged(error, params.id),
    }),
    sendTicketAttachment: contractMutation(build, supportEndpoints.sendAttachment, {
      suppressErrors: true,
      invalidatesTags: (_message, error, { params }) => ticketChanged(error, params.id),
    }),
    /** An attachment's file, as an object URL: a failure shows on its chip. */
    ticketAttachment: contractFile(build, supportEndpoints.attachment, { suppressErrors: true }),
    /** Nothing to tell the user if it fails: the next message read marks them all. */
    markTicketRead: contractMutation(build, supportEndpoints.markRead, {
      suppressErrors: true,
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        if (!(await settledAnswer(queryFulfilled))) return;
        dispatch(
          supportApi.util.updateQueryData('supportTickets', undefined, (list) => {
            const ticket = list.find((candidate) => candidate.id === params.id);
            if (ticket) ticket.unread_count = 0;
          }),
        );
        dispatch(
          supportApi.util.updateQueryData('supportTicket', { params: { id: params.id } }, (ticket) => {
            ticket.unread_count = 0;
          }),
        );
      },
    }),
    /**
     * The agency's latest bookings, to pick the one a new ticket is about (docs/api.md bookings list).
     * A role without bookings.view, or an agency with none (docs/product-spec.md §5's 404), types the PNR instead.
     */
    ticketBookings: contractQuery(build, bookingEndpoints.list, {
      suppressErrors: true,
      transformResponse: (answer: Booking[] | Booking) => (Array.isArray(answer) ? answer : [answer]),
    }),
  }),
});
