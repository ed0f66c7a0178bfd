import type { Permission, PricedItinerary } from '@skydesk/contract';
import {
  type BookingDraftState,
  emptyBookingDraft,
} from '../../../entities/booking-draft/booking-draft-slice';
import { signedInState } from '../../../testing/fake-session';
import { type PreloadedState, renderApp } from '../../../testing/render-with-providers';
import { routesAnswer } from './bookings';

/** Everything an agent with the Owner role may do. */
export const OWNER_PERMISSIONS: Permission[] = [
  'flights.search',
  'bookings.view',
  'bookings.create',
  'bookings.issue',
  'bookings.cancel',
  'bookings.refund',
  'payments.view',
  'payments.create',
  'history.view',
];

/** A signed-in owner with a booking draft (by default: this offer chosen, nothing typed yet). */
export function bookingState({
  itinerary = null,
  draft = {},
  permissions = OWNER_PERMISSIONS,
}: {
  itinerary?: PricedItinerary | null;
  draft?: Partial<BookingDraftState>;
  permissions?: Permission[];
} = {}): PreloadedState {
  return {
    ...signedInState({ permissions }),
    bookingDraft: { ...emptyBookingDraft, selectedItinerary: itinerary, ...draft },
  };
}

export const renderBookingScreen = (route: string, state: PreloadedState) =>
  renderApp(route, { preloadedState: state });

export { routesAnswer };
