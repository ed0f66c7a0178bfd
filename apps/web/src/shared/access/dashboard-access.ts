import type { Permission } from '@skydesk/contract';
import { paths } from '../routing/paths';
import { selectPermissions } from '../session/session-slice';
import { useAppSelector } from '../store/hooks';

type DashboardScreen = keyof typeof paths.dashboard;

/**
 * Issue 13: the permission each dashboard screen needs (null: every signed-in user), in one
 * table. The router guards each route with it, the sidebar hides the links it would refuse and
 * screens hide links to what the user cannot open — all read here, so they cannot disagree. Typed
 * over every dashboard path: a new screen does not compile until it says who may open it. The
 * server checks each call on its own (contract `Endpoint.permission`); this only spares the user
 * links that would answer 403.
 */
export const DASHBOARD_ACCESS = {
  home: null,
  searchFlights: 'flights.search',
  flightResults: 'flights.search',
  flightDetails: 'flights.search',
  // Booking creation: the travellers' details, the price check and the hold itself.
  travelersDetails: 'bookings.create',
  chooseSeats: 'bookings.create',
  extraBags: 'bookings.create',
  priceSummary: 'bookings.create',
  confirmBooking: 'bookings.create',
  eTicket: 'bookings.view',
  flightBookings: 'bookings.view',
  bookingDetails: 'bookings.view',
  bookingHistory: 'bookings.view',
  searchHistory: 'history.view',
  orderHistory: 'history.view',
  transactions: 'payments.view',
  statement: 'payments.view',
  createTransaction: 'payments.create',
  analytics: 'analytics.view',
  users: 'users.manage',
  createUser: 'users.manage',
  roles: 'roles.manage',
  createRole: 'roles.manage',
  createTicket: 'support.use',
  viewTickets: 'support.use',
  ticketInfo: 'support.use',
  supportChat: 'support.use',
  notifications: null,
  announcement: null,
  settings: null,
  pricing: 'pricing.manage',
  // Issue 33: a quote is made from offers, as a booking is; invoices are the agency's money papers.
  quotes: 'bookings.create',
  createQuote: 'bookings.create',
  quoteDetails: 'bookings.create',
  invoices: 'payments.view',
  invoiceDetails: 'payments.view',
} as const satisfies Record<DashboardScreen, Permission | null>;

const permissionByPath = new Map<string, Permission | null>(
  (Object.keys(DASHBOARD_ACCESS) as DashboardScreen[]).map((screen) => [
    paths.dashboard[screen],
    DASHBOARD_ACCESS[screen],
  ]),
);

/** The permission a dashboard path needs; null for one anybody signed in opens (and any other path). */
export const permissionForPath = (path: string): Permission | null => permissionByPath.get(path) ?? null;

/** Whether these permissions open this path. */
export const mayOpen = (permissions: readonly Permission[], path: string): boolean => {
  const needed = permissionForPath(path);
  return needed === null || permissions.includes(needed);
};

/**
 * Whether the signed-in user holds this permission (their role's, as `GET /api/me` said): the one
 * way a screen asks. Reading the session's permissions anywhere else fails the boundary check.
 */
export function useCan(permission: Permission): boolean {
  return useAppSelector(selectPermissions).includes(permission);
}

/** useCan for permissions known only as data (a list of actions, the sidebar's links): ask each. */
export function useCanEach(): (permission: Permission) => boolean {
  const held = useAppSelector(selectPermissions);
  return (permission) => held.includes(permission);
}

/** Whether the signed-in user may open a dashboard path: a link to it shows only then. */
export function useMayOpen(path: string): boolean {
  return mayOpen(useAppSelector(selectPermissions), path);
}
