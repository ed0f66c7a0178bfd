/**
 * The operator console's routes (issue 11), apart from the agency's (paths.ts): only the console's
 * screens and the route table use them. Later operator screens add theirs here.
 */
const admin = '/admin';

export const adminPaths = {
  home: admin,
  login: `${admin}/login`,
  /** The authenticator step of the sign-in: set up (QR code) or enter the code. */
  authenticator: `${admin}/authenticator`,
  /** The set-up link an operator is e-mailed: `/admin/setup?token=…` (choose a password). */
  setup: `${admin}/setup`,
  agencies: `${admin}/agencies`,
  refunds: `${admin}/refunds`,
  deposits: `${admin}/deposits`,
  banks: `${admin}/banks`,
  audit: `${admin}/audit`,
  /** The support queue (issue 14); one ticket's chat at `/admin/support/:id`. */
  support: `${admin}/support`,
  /** Announcements and offers (issue 14): lists, and each post's editor at `…/:id` (`new` to write one). */
  announcements: `${admin}/announcements`,
  offers: `${admin}/offers`,
  /** The platform's figures (issue 15): agencies, bookings, sales, deposits, approval times. */
  kpi: `${admin}/kpi`,
  /** The flight suppliers (issue 29): each on or off, its markup and the health of its calls. */
  suppliers: `${admin}/suppliers`,
  /** The currency rates remote suppliers' prices are converted at (issue 29). */
  rates: `${admin}/rates`,
  /** The airlines' schedule changes with the bookings they touch (issue 32); publish one by hand. */
  scheduleChanges: `${admin}/schedule-changes`,
  /** Every exchange (voluntary change after ticketing) with its amounts (issue 32). */
  exchanges: `${admin}/exchanges`,
  /** The platform's markup rules on suppliers' prices (issue 33), with their preview. */
  pricing: `${admin}/pricing`,
} as const;

/** One support ticket's chat in the console. */
export const adminTicketPath = (id: string): string => `${adminPaths.support}/${encodeURIComponent(id)}`;

/** One agency's page in the console. */
export const adminAgencyPath = (id: string): string => `${adminPaths.agencies}/${encodeURIComponent(id)}`;

/** One refund request's page in the console. */
export const adminRefundPath = (id: string): string => `${adminPaths.refunds}/${encodeURIComponent(id)}`;

/** One deposit's page on the deposit desk. */
export const adminDepositPath = (id: string): string => `${adminPaths.deposits}/${encodeURIComponent(id)}`;

/** The deposit desk showing one agency's deposits (pending unless a status is given). */
export const adminAgencyDepositsPath = (companyId: string): string =>
  `${adminPaths.deposits}?company=${encodeURIComponent(companyId)}`;

/** An agency's ledger statement in the console. */
export const adminAgencyStatementPath = (id: string): string => `${adminAgencyPath(id)}/statement`;

/** Location state of the redirect to the operator sign-in: where the operator was going. */
export type AdminLoginRedirectState = { from: string } | null;
