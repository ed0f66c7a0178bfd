import { adminChangeEndpoints } from '@skydesk/contract';
import { api } from '../../../shared/http/api';
import { contractMutation, contractQuery } from '../../../shared/http/contract-endpoints';

/**
 * The console's changes after ticketing (issue 32, docs/api.md#back-office): the airlines' schedule
 * changes with the bookings they touch, one published by hand, a deadline extended, and every
 * exchange. A change published or a deadline moved stales the list and the bookings it names (an
 * agency screen in the same browser shows their banner and deadline).
 */
export const changesApi = api.injectEndpoints({
  endpoints: (build) => ({
    scheduleChanges: contractQuery(build, adminChangeEndpoints.scheduleChanges, {
      // A failure is the page's to show (with its permission state), not a toast over it.
      suppressErrors: true,
      providesTags: ['AdminScheduleChanges'],
    }),
    // Its 422 lands on the form's fields, a 404 (no such flight) in the form: no toast.
    publishScheduleChange: contractMutation(build, adminChangeEndpoints.publishScheduleChange, {
      suppressErrors: true,
      invalidatesTags: (change) =>
        change
          ? [
              'AdminScheduleChanges',
              'Bookings',
              ...change.bookings.map((booking) => ({ type: 'Booking' as const, id: booking.booking_id })),
            ]
          : [],
    }),
    // Its refusals (a deadline in the past, an answered booking) are said in the dialog.
    extendDeadline: contractMutation(build, adminChangeEndpoints.extendDeadline, {
      suppressErrors: true,
      invalidatesTags: (change, _error, { body }) =>
        change ? ['AdminScheduleChanges', { type: 'Booking', id: body.booking_id }] : [],
    }),
    exchanges: contractQuery(build, adminChangeEndpoints.exchanges, {
      suppressErrors: true,
      providesTags: ['AdminExchanges'],
    }),
  }),
});
