import { paths } from './paths';

/**
 * docs/product-spec.md §2 leaves route parameters open: a booking's screens name it in the query (`?id=`), so the
 * routes stay as the spec lists them and a link to a booking can be bookmarked or shared.
 */
const withId = (path: string, id: string) => `${path}?${new URLSearchParams({ id })}`;

export const bookingDetailsPath = (id: string): string => withId(paths.dashboard.bookingDetails, id);
export const eTicketPath = (id: string): string => withId(paths.dashboard.eTicket, id);
