/**
 * The message catalogue: every user-facing string the specification fixes (docs/product-spec.md §2, §4, §8),
 * to the letter, typos included ('relfect'). Server and SPA both import these constants so a
 * message can never drift between the two sides.
 */

/** docs/product-spec.md §8: shown when a call fails and neither the server nor the call has a message. */
export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** docs/product-spec.md §8: call-specific fallbacks, used when the server sends no message. */
export const FALLBACK = {
  login: 'Login failed. Please try again.',
  qrCode: 'Qr Code Failed. Please try again.',
  forgotPassword: 'Forgot password request failed',
  resetPassword: 'Password reset failed',
  registration: 'Registration failed. Please try again.',
  verification: 'Verification failed. Please try again.',
  otpVerification: 'OTP verification failed',
  resendCode: 'Failed to resend verification code',
  fetchUsers: 'Failed to fetch users',
  createUser: 'Failed to create user',
  deleteUser: 'Failed while deleting this user',
  updateUser: 'Failed while updating this User',
  fetchAnalytics: 'Failed to fetch analytics.',
  fetchRoles: 'Failed to fetch roles',
  createRole: 'Failed to create role',
  deleteRole: 'Failed while deleting this role',
  updateRole: 'Failed while updating this role',
  fetchTickets: 'Failed to fetch tickets',
  createTicket: 'Failed to create ticket',
  deleteTicket: 'Failed while deleting this ticket',
  fetchTravelers: 'Failed to fetch travelers',
  fetchPnr: 'Failed to fetch PNR',
  fetchBanks: 'Failed to fetch banks',
  fetchCredits: 'Failed to fetch credits',
  fetchFlightBookings: 'Failed to fetch flight bookings',
  fetchBookingDetails: 'Failed to fetch booking details',
  issueBooking: 'Failed to issue booking',
  fetchRoutes: 'Failed to fetch routes',
  confirmBooking: 'Failed to confirm booking',
  requestRefund: 'Failed to request refund',
  fetchPenalty: 'Failed to get penalty information',
  cancelBooking: 'Failed to cancel booking',
  fetchOrders: 'Failed to fetch orders',
  createTransaction: 'Failed to create transaction',
  fetchTransactions: 'Failed to fetch transactions',
  fetchNotifications: 'Failed to fetch notifications',
  /** docs/product-spec.md §8: also used for offers. */
  fetchAnnouncements: 'Failed to fetch announcements',
  fetchSearchHistory: 'Failed to fetch search history',
  updateAccount: 'Failed while updating your Account',
} as const;

/** docs/product-spec.md §5 and §8: data rules that fail a call even when the server answered. */
export const EMPTY_RESULT = {
  noFlights: 'No Flight Found!',
  noBanks: 'No Banks Found',
  noBookings: 'No bookings found',
} as const;

/** docs/product-spec.md §4 and §8: the three ways a session ends. */
export const SESSION = {
  /** after any 401 answer */
  unauthorized: 'Session Expired',
  /** the token was already expired when the timer started */
  alreadyExpired: 'Session expired',
  /** the timer reached the token's expiry */
  expiredNow: 'Session expired, Please login again',
} as const;

/** docs/product-spec.md §8: success messages. */
export const SUCCESS = {
  checkAuthenticator: 'Check your authenticator app for the code',
  resetLinkSent: 'Password reset link sent successfully',
  passwordReset: 'Password reset successfully',
  registered: 'Registration successful. Verify OTP...',
  verificationSent: 'Verification Sent, re-login later to check your status.',
  codeResent: 'Verification code resent successfully',
  userCreated: 'User created successfully',
  userDeleted: 'User deleted successfully',
  userUpdated: 'User updated successfully',
  roleCreated: 'Role created successfully',
  roleDeleted: 'Role deleted successfully',
  roleUpdated: 'Role updated successfully, Changes will relfect after login',
  ticketCreated: 'New Ticket Created',
  ticketDeleted: 'Ticket has been deleted',
  pnrFetched: 'PNR fetched successfully!',
  bookingCreated: 'Booking created successfully',
  refundRequested: 'Requested refund successfully',
  bookingCancelled: 'Booking cancelled successfully',
  transactionCreated: 'Transaction created successfully!',
  accountUpdated: 'Account updated successfully',
  imageUploaded: 'Image uploaded successfully',
  bookingConfirmed: 'Booking Created',
  refundRequestedShort: 'Refund Requested',
} as const;

/** docs/product-spec.md §2: the screen shown when a lazily loaded screen fails after a new deployment. */
export const NEW_VERSION_SCREEN = {
  title: 'A fresh version is here!',
  body: 'The application is updating to the latest version.',
  progress: 'Refreshing...',
  reload: 'Reload Manually',
  logout: 'Logout',
} as const;

/** docs/product-spec.md §2: the screen shown for any other runtime error. */
export const CRASH_SCREEN = {
  title: 'Oops! Something went wrong.',
  back: 'Go to Previous Page',
  retry: 'Try Again',
  reset: 'Logout and Start Fresh',
} as const;

/** docs/product-spec.md §2 and §4: the warning before the access token expires. */
export const SESSION_MODAL = {
  title: 'Session Expiring Soon',
  action: 'Continue Session',
} as const;

/** docs/product-spec.md §6 */
export const ROLE_CHANGE_NOTICE = 'Changes will relfect after login';

/** Server messages the wire contract (docs/api.md) fixes. */
export const SERVER = {
  validationFailed: 'The given data was invalid.',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  unauthorized: 'Unauthenticated',
  forbidden: 'You do not have permission to do this',
  rateLimited: 'Too many requests. Please wait and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  /** 503 of a write while the store cannot save (its storage is full or read-only). */
  storageUnavailable:
    "SkyDesk can't save changes right now (its storage is full or read-only). Nothing was changed; please try again in a few minutes.",
  /** 503s of `GET /api/health`. */
  storeDegraded: 'The store answers reads but cannot save changes (its storage is full or read-only)',
  storeUnreachable: 'The store is not answering',
  /** 503 of a call whose database connection was lost (a restart, a dropped link, too many clients). */
  storeConnectionLost:
    'SkyDesk lost its connection to its database for a moment. Please try again; a retry with the same Idempotency-Key is safe.',
  /** 503 of a call whose transaction lost a race with another one on the same records (a deadlock). */
  storeConflict:
    'SkyDesk was changing the same records for another request and had to stop this one. Please try again; a retry with the same Idempotency-Key is safe.',
  priceChanged: 'Price changed',
  insufficientCredits: 'Insufficient credits',
} as const;

/**
 * 403s of the users and roles screens (issue 27): nobody gives more than they hold — a role, or a
 * change to one, is within the caller's own permissions (and reach over bookings) — nobody changes
 * their own role, and the owner's profile is the owner's.
 */
export const GRANT_RULES = {
  /** `missing`: the permissions the caller's role lacks, as the contract names them. */
  notHeld: (missing: readonly string[]) =>
    `${SERVER.forbidden}: you can only give the permissions you hold yourself, and your role lacks ${missing.join(', ')}`,
  /** `missing` as for notHeld: what the colleague's role holds and the caller's lacks. */
  notHeldToManage: (missing: readonly string[]) =>
    `${SERVER.forbidden}: you can only deactivate, reactivate or delete a colleague whose permissions you hold yourself, and your role lacks ${missing.join(', ')}`,
  ownRole: `${SERVER.forbidden}: nobody changes their own role; ask the agency's owner or another user manager`,
  ownerProfile: `${SERVER.forbidden}: only the agency's owner changes the owner's profile`,
  /** How notHeld names the reach over every booking of the agency (a role limited to its holder's own lacks it). */
  agencyBookings: "bookings.view of the whole agency's bookings",
} as const;

/** "1 second", "40 seconds", "15 minutes": a Retry-After as people read it. */
const spelledWait = (seconds: number) => {
  const [amount, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
};

/**
 * The 429s of a throttled sign-in (docs/decisions/008-sign-in-throttling.md), given the seconds
 * of its Retry-After: the password step, and the e-mailed or authenticator code step.
 */
export const SIGN_IN_THROTTLED = {
  password: (seconds: number) =>
    `Too many failed sign-in attempts. Try again in ${spelledWait(seconds)} or reset your password.`,
  code: (seconds: number) => `Too many wrong codes. Try again in ${spelledWait(seconds)}.`,
} as const;

/**
 * The 409s of `POST /api/booking` when a new hold would pass one of the agency's hold limits
 * (docs/architecture.md §5: live holds are bounded), each naming the limit and what to do about it. Amounts
 * come formatted with their currency ('1234.50 USD').
 */
export const HOLD_LIMIT = {
  /** `held`: what the agency's live holds total, absent when it holds nothing. */
  value: (at: { held?: string | undefined; booking: string; allowed: string }) =>
    at.held === undefined
      ? `This booking (${at.booking}) is more than your available credits allow in live holds (${at.allowed}). Add credits first.`
      : `Your live holds would exceed your available credits: ${at.held} held already plus ${at.booking} for this booking is more than the ${at.allowed} they allow. Issue or cancel a hold first.`,
  seats: (at: { held: number; booking: number; flight: string; date: string; max: number }) =>
    at.held === 0
      ? `This booking's ${at.booking} seats on flight ${at.flight} on ${at.date} are more than the ${at.max} unticketed seats an agency may hold on one flight.`
      : `Your agency already holds ${at.held} seat${at.held === 1 ? '' : 's'} on flight ${at.flight} on ${at.date}; at most ${at.max} unticketed seats per flight. Issue or cancel a hold first.`,
} as const;

/**
 * 403s of a signed-in caller in the wrong place (docs/architecture.md §6): a token of the other principal
 * (agency user or operator), or a user of a suspended agency (on every call and at sign-in).
 */
export const ACCESS = {
  operatorsOnly: 'This is a back-office call: sign in as a SkyDesk operator to use it.',
  agenciesOnly: 'Operators cannot use agency calls: sign in with an agency account instead.',
  agencySuspended:
    'Your agency is suspended, so nobody of it can sign in or use SkyDesk. Nothing has been deleted; contact SkyDesk support to have it reactivated.',
} as const;
