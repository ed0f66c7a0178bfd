import { changeEndpoints } from '@skydesk/contract';
import { changedBy } from '../../../entities/bookings/bookings-api';
import { api } from '../../../shared/http/api';
import type { ApiFailure } from '../../../shared/http/api-error';
import { contractMutation } from '../../../shared/http/contract-endpoints';

/**
 * Changes after ticketing (issue 32): change offers for the legs the agent picks, confirming one,
 * and answering an airline's schedule change. Their refusals (422 Basic, 410 expired, 409 used,
 * 402 credits) are said in the change panel and the banner in words, not toasted.
 */
export const changesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST that only reads: asked again on each "Find flights", nothing kept between.
    changeOffers: contractMutation(build, changeEndpoints.changeOffers, { suppressErrors: true }),
    changeBooking: contractMutation(build, changeEndpoints.change, {
      suppressErrors: true,
      invalidatesTags: (booking, error, { params }) => {
        const status = (error as ApiFailure | undefined)?.status;
        return [
          ...changedBy(booking),
          // The credits moved since they were read: asked again so the shortfall is said against them.
          ...(status === 402 ? (['Credits', 'Statement'] as const) : []),
          // Used already (another tab, a double click) or the booking moved on: the page shows it as it is.
          ...(status === 409 ? ([{ type: 'Booking' as const, id: params.id }, 'Statement'] as const) : []),
        ];
      },
    }),
    acceptScheduleChange: contractMutation(build, changeEndpoints.acceptScheduleChange, {
      suppressErrors: true,
      invalidatesTags: (booking) => changedBy(booking),
    }),
    cancelForScheduleChange: contractMutation(build, changeEndpoints.cancelForScheduleChange, {
      suppressErrors: true,
      invalidatesTags: (booking) => changedBy(booking),
    }),
  }),
});
