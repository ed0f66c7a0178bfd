import { paths } from '../../shared/routing/paths';

/**
 * docs/product-spec.md §2 leaves route parameters open: a ticket's screens name it in the query (`?id=`), as the
 * booking screens do, so the routes stay as the spec lists them and a ticket's link can be shared.
 */
export const TICKET_ID_PARAM = 'id';
/** A new ticket about a booking: its reference filled in (`?pnr=`, from the booking's page). */
export const TICKET_PNR_PARAM = 'pnr';

const withId = (path: string, id: string) => `${path}?${new URLSearchParams({ [TICKET_ID_PARAM]: id })}`;

export const supportChatPath = (id: string): string => withId(paths.dashboard.supportChat, id);
export const ticketInfoPath = (id: string): string => withId(paths.dashboard.ticketInfo, id);
export const newTicketPath = (pnr?: string): string =>
  pnr
    ? `${paths.dashboard.createTicket}?${new URLSearchParams({ [TICKET_PNR_PARAM]: pnr })}`
    : paths.dashboard.createTicket;

/** The booking a ticket is about, on the bookings' own screen (which names it by `?id=` too). */
export const bookingDetailsPath = (bookingId: string): string =>
  withId(paths.dashboard.bookingDetails, bookingId);
