/**
 * Every route path of the portal, in one place (docs/product-spec.md §2). Screens and links use these, never a
 * literal path. Dashboard paths are absolute so a link reads the same wherever it is.
 */
const dashboard = '/dashboard';

export const paths = {
  /** docs/product-spec.md §2: '/' is the login screen. */
  login: '/',
  registration: '/registration',
  verification: '/verification',
  /** The verification screen in login mode. */
  verificationLogin: '/verification-login',
  resetPassword: '/reset-password',
  forgetPassword: '/forget-password',
  qrCodeScan: '/qr-code-scan',
  /** Issue 13: an invited staff member chooses their password (the e-mailed link, `?token=`). */
  acceptInvitation: '/accept-invitation',
  /** Issue 33: a quote's read-only page for the client (its token in the path): no sign-in, no portal frame. */
  publicQuote: '/q/:token',

  dashboard: {
    home: dashboard,
    searchFlights: `${dashboard}/search-flights`,
    flightResults: `${dashboard}/flight-results`,
    flightDetails: `${dashboard}/flight-details`,
    travelersDetails: `${dashboard}/travelers-details`,
    /** Issue 31: seats chosen per flight and passenger after the travellers (not in docs/product-spec.md §2). */
    chooseSeats: `${dashboard}/choose-seats`,
    /** Issue 31: extra checked bags per passenger and flight, after the seats. */
    extraBags: `${dashboard}/extra-bags`,
    /** docs/product-spec.md §2 leaves this route open. */
    priceSummary: `${dashboard}/price-summary`,
    confirmBooking: `${dashboard}/confirm-booking`,
    /** docs/product-spec.md §2 "a final ticket screen"; its route is left open. */
    eTicket: `${dashboard}/e-ticket`,
    flightBookings: `${dashboard}/flight-bookings`,
    bookingDetails: `${dashboard}/booking-details`,
    searchHistory: `${dashboard}/search-history`,
    bookingHistory: `${dashboard}/booking-history`,
    orderHistory: `${dashboard}/order-history`,
    transactions: `${dashboard}/transactions`,
    createTransaction: `${dashboard}/create-transaction`,
    /** Issue 12: the ledger statement, reachable wherever the credits are shown (not in docs/product-spec.md §2). */
    statement: `${dashboard}/statement`,
    /** Issue 15: the agency's KPIs for a period, with charts (docs/product-spec.md §1 "company KPI analytics"). */
    analytics: `${dashboard}/analytics`,
    users: `${dashboard}/users`,
    createUser: `${dashboard}/create-user`,
    roles: `${dashboard}/roles`,
    createRole: `${dashboard}/create-role`,
    createTicket: `${dashboard}/create-ticket`,
    viewTickets: `${dashboard}/view-tickets`,
    ticketInfo: `${dashboard}/ticket-info`,
    supportChat: `${dashboard}/support-chat`,
    notifications: `${dashboard}/notifications`,
    announcement: `${dashboard}/announcement`,
    settings: `${dashboard}/settings`,
    /** Issue 33: the agency's markup rules, service fees, preview and earnings settings. */
    pricing: `${dashboard}/pricing`,
    /** Issue 33: the agency's quotes to its clients, one made from the quote tray, and one quote (`?id=`). */
    quotes: `${dashboard}/quotes`,
    createQuote: `${dashboard}/create-quote`,
    quoteDetails: `${dashboard}/quote-details`,
    /** Issue 33: the agency's client invoices and credit notes, and one of them (`?id=`). */
    invoices: `${dashboard}/invoices`,
    invoiceDetails: `${dashboard}/invoice-details`,
  },
} as const;

/** Location state of the redirect to the login page: where the user was going. */
export type LoginRedirectState = { from: string };

/**
 * Location state of a screen whose code was just e-mailed (after registering, or a sign-in step):
 * 'Resend code' waits from then, and the browser keeps history state across a reload, so the
 * wait survives one.
 */
export type CodeSentState = { codeSentAt?: number } | null;
