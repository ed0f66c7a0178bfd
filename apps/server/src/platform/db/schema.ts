import type {
  AuditAction,
  AuditTargetType,
  BookingStatus,
  BookingsScope,
  Cabin,
  CompanyStatus,
  Gender,
  LedgerKind,
  NoticePostKind,
  NotificationKind,
  PassengerType,
  Permission,
  PricedItinerary,
  SupplierCode,
  SupplierState,
  SupportCategory,
  SupportPriority,
  SupportSide,
  SupportTicketStatus,
  TicketStatus,
  Title,
  TransactionStatus,
  TripType,
} from '@skydesk/contract';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Row types of the store, one per table, kept in step with `src/db/migrations`. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type CompaniesTable = {
  id: Generated<string>;
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  country: string;
  city: string;
  address: string;
  iata_number: string | null;
  currency: string;
  verification_status: ColumnType<CompanyStatus, CompanyStatus | undefined, CompanyStatus>;
  rejection_reason: string | null;
  /** IANA zone its days are counted in (analytics); null: its country's (`country_time_zones`). */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type RolesTable = {
  id: Generated<string>;
  company_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  permissions: ColumnType<Permission[], Permission[] | undefined, Permission[]>;
  is_system: ColumnType<boolean, boolean | undefined, boolean>;
  bookings_scope: ColumnType<BookingsScope, BookingsScope | undefined, BookingsScope>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type UsersTable = {
  id: Generated<string>;
  company_id: string;
  role_id: string;
  name: string;
  email: string;
  phone: string | null;
  image_path: string | null;
  password_hash: string | null;
  is_owner: ColumnType<boolean, boolean | undefined, boolean>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  email_verified_at: Date | null;
  totp_secret_enc: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  session_version: ColumnType<number, number | undefined, number>;
  deleted_at: Date | null;
  last_sign_in_at: Date | null;
  image_version: string | null;
  /** "Mark all read": the user's notifications created up to then are read. */
  notifications_read_before: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type OperatorsTable = {
  id: Generated<string>;
  name: string;
  email: string;
  password_hash: string;
  totp_secret_enc: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  session_version: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type PrincipalKind = 'user' | 'operator';
export type ChallengeStage = 'verify_email' | 'setup_2fa' | 'verify_2fa';
export type CodePurpose = 'email_verification' | 'login';

export type VerificationCodesTable = {
  id: Generated<string>;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
};

export type AuthChallengesTable = {
  id: Generated<string>;
  principal: PrincipalKind;
  subject_id: string;
  stage: ChallengeStage;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
};

export type AuthSessionsTable = {
  id: Generated<string>;
  principal: PrincipalKind;
  subject_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  created_at: CreatedAt;
};

export type RefreshTokensTable = {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  replaced_at: Date | null;
  /** The token this one was replaced by (a lost answer may be asked again; session-tokens.ts). */
  replaced_by: string | null;
  created_at: CreatedAt;
};

export type PasswordResetsTable = {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
};

/** An invited user's set-password links (issue 13); only a hash of the token kept. */
export type UserInvitationsTable = {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  consumed_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
};

/** One-time set-up links of new operators (their first password); only a hash of the token kept. */
export type OperatorSetupTokensTable = {
  id: Generated<string>;
  operator_id: string;
  token_hash: string;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
};

export type RateLimitCountersTable = {
  bucket: string;
  key: string;
  window_start: Date;
  hits: number;
};

export type SignInStep = 'password' | 'second_factor';
export type SignInThrottleScope = 'pair' | 'account' | 'source';

export type SignInThrottleTable = {
  principal: PrincipalKind;
  step: SignInStep;
  scope: SignInThrottleScope;
  account: string;
  source: string;
  failures: number;
  window_start: Date;
  blocked_until: Date | null;
};

export type SignInKnownSourcesTable = {
  principal: PrincipalKind;
  account: string;
  source: string;
  trusted_at: Date;
};

export type MailOutboxTable = {
  id: Generated<string>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** MailAttachment[] (filename, content type, base64 content); `[]` for most mails. */
  attachments: ColumnType<StoredMailAttachment[], string | undefined, never>;
  created_at: CreatedAt;
};

export type StoredMailAttachment = { filename: string; content_type: string; content_base64: string };

export type VendorSubmissionsTable = {
  id: Generated<string>;
  company_id: string;
  submitted_by: string;
  trade_license_number: string;
  tax_number: string;
  iata_number: string | null;
  created_at: CreatedAt;
};

export type CompanyDocumentsTable = {
  id: Generated<string>;
  company_id: string;
  submission_id: string;
  kind: 'trade_license' | 'owner_id_document';
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: CreatedAt;
};

export type SearchHistoryTable = {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  trip_type: 'OneWay' | 'Return' | 'MultiCity';
  /** jsonb: written as JSON text, read back parsed. */
  origin_destinations: ColumnType<
    { departure_date_time: string; origin_location_code: string; destination_location_code: string }[],
    string,
    string
  >;
  adult_quantity: number;
  child_quantity: number;
  infant_quantity: number;
  cabin: Cabin;
  result_count: number;
  created_at: CreatedAt;
};

export type SeatInventoryTable = {
  flight: string;
  departure_date: string;
  cabin: Cabin;
  seats_sold: ColumnType<number, number | undefined, number>;
  updated_at: UpdatedAt;
};

export type CreditBalancesTable = {
  company_id: string;
  /** May go below zero, down to minus the credit limit (a check constraint holds the floor). */
  balance_minor: ColumnType<number, number | undefined, number>;
  currency: string;
  credit_limit_minor: ColumnType<number, number | undefined, number>;
  /** null: the default, 10 % of the last approved deposit. */
  low_balance_threshold_minor: number | null;
  /** When the owner was told available credits fell under the threshold; null once back above. */
  low_balance_alerted_at: Date | null;
  /** The last ledger line number given (`ledger_entries.seq`). */
  entry_count: ColumnType<number, number | undefined, number>;
  /** The sum of every credit (positive entry) so far: the last line's `credits_after_minor`. */
  credits_total_minor: ColumnType<number, number | undefined, number>;
  updated_at: UpdatedAt;
};

/** Append-only (a trigger refuses updates and deletes). */
export type LedgerEntriesTable = {
  id: Generated<string>;
  company_id: string;
  kind: LedgerKind;
  /** Signed minor units: tickets debit (negative); deposits, voids, refunds credit. */
  amount_minor: number;
  balance_after_minor: number;
  currency: string;
  booking_id: string | null;
  transaction_id: string | null;
  note: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  /** The company's line number, 1, 2, 3 … in posting order. */
  seq: number;
  /** The sum of the company's credits (positive amounts) up to and including this line. */
  credits_after_minor: number;
};

/** A traveller's identity as in the passport: saved travellers and booked passengers share it. */
type PassportIdentity = {
  passenger_type: PassengerType;
  title: Title;
  first_name: string;
  last_name: string;
  gender: Gender;
  date_of_birth: string;
  nationality: string;
  passport_number: string;
  passport_expiry: string;
};

export type TravellersTable = PassportIdentity & {
  id: Generated<string>;
  company_id: string;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type BookingsTable = {
  id: Generated<string>;
  company_id: string;
  pnr: string;
  status: BookingStatus;
  trip_type: TripType;
  cabin: Cabin;
  validating_carrier: string;
  /** jsonb: the PricedItinerary as booked; written as JSON text, read back parsed. */
  itinerary: ColumnType<PricedItinerary, string, string>;
  total_minor: number;
  currency: string;
  contact_email: string;
  contact_phone: string;
  ticketing_deadline: Date;
  first_departure_at: Date;
  last_departure_date: string;
  issued_at: Date | null;
  void_until: Date | null;
  /** When the "expires in 2 hours" notification went out (once per hold). */
  expiry_warned_at: Date | null;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Generated from the itinerary: the first leg's origin and destination, 'LHR-JFK'. */
  route: GeneratedAlways<string>;
  /** Generated from the itinerary: the first flight's airport-local departure date. */
  first_departure_date: GeneratedAlways<string>;
  /** Who sells it (migration 0016): the embedded sandbox or a remote supplier. */
  supplier: ColumnType<SupplierCode, SupplierCode | undefined, SupplierCode>;
  /** The order saga's step (docs/decisions/020-supplier-order-saga.md); null for the sandbox. */
  supplier_state: SupplierState | null;
  supplier_state_at: Date | null;
  supplier_order_id: string | null;
  /** The airline's booking reference (its PNR). */
  supplier_reference: string | null;
  /** jsonb: the remote offer as priced; written as JSON text, read back parsed. */
  supplier_offer: ColumnType<StoredRemoteOffer | null, string | null | undefined, string | null>;
  /** jsonb: the supplier's cancellation quote shown and not settled yet. */
  supplier_cancellation: ColumnType<StoredCancellationQuote | null, string | null | undefined, string | null>;
  supplier_synced_at: Date | null;
  /** jsonb: an airline-initiated change the supplier reported, until it is handled. */
  supplier_change: ColumnType<StoredAirlineChange | null, string | null | undefined, string | null>;
  idempotency_key: string | null;
  /** What the platform pays the supplier; a trigger makes it total − markup when not given. */
  net_minor: ColumnType<number, number | undefined, number>;
  /** What the platform earns on top (0 for the sandbox). */
  markup_minor: ColumnType<number, number | undefined, number>;
  /** jsonb (migration 0021): bags being added to the paid order, while `adding_services` settles. */
  supplier_services: ColumnType<StoredServicesStep | null, string | null | undefined, string | null>;
  /** jsonb (migration 0024): a change of flights confirmed with the supplier, while `changing` settles. */
  supplier_change_step: ColumnType<StoredChangeStep | null, string | null | undefined, string | null>;
  /**
   * Issue 33 (migration 0026): what the client pays for the trip (fare at selling + services); a
   * trigger makes it the total when not given, and moves it with a total nobody re-priced.
   */
  selling_minor: ColumnType<number, number | undefined, number>;
  /** The markup rule behind the fare's selling price (its name kept for a deleted rule). */
  markup_rule_id: ColumnType<string | null, string | null | undefined, string | null>;
  markup_rule_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set only when an agent overrode the rules' selling price at issue. */
  rules_selling_minor: ColumnType<number | null, number | null | undefined, number | null>;
  selling_override_by: ColumnType<string | null, string | null | undefined, string | null>;
  selling_override_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** An amount as a supplier states it: a decimal string in its currency. */
export type StoredSupplierMoney = { amount: string; currency: string };

/** supplier/remote-orders.ts RemoteOffer as stored (its dates as ISO strings). */
export type StoredRemoteOffer = {
  offerId: string;
  passengers: { id: string; type: PassengerType }[];
  price: StoredSupplierMoney;
  rate: number;
  netMinor: number;
  markupMinor: number;
  instantPaymentOnly: boolean;
  holdUntil: string | null;
  /** Issue 31: the supplier's segment ids, flights in order (absent on offers stored before). */
  segmentIds?: string[];
  /** Issue 31: seats and bags ordered with it, counted in `price` and `netMinor`. */
  services?: { items: { id: string; quantity: number }[]; price: StoredSupplierMoney; netMinor: number };
};

export type StoredCancellationQuote = {
  id: string;
  /** What the supplier returns, in its currency, and converted at the booking's rate. */
  refund: StoredSupplierMoney;
  refundMinor: number;
  expiresAt: string | null;
  quotedAt: string;
};

export type StoredAirlineChange = { id: string | null; detectedAt: string };

/**
 * Issue 31: the `adding_services` step of a remote booking — bags added to its paid order — as
 * journalled before the supplier is asked (modules/bookings/remote/order-services.ts).
 */
export type StoredServicesStep = {
  /** The supplier's service ids and how many of each, as sent. */
  items: { id: string; quantity: number }[];
  /** What the supplier is paid for them, exactly, in its currency. */
  price: StoredSupplierMoney;
  /** What the agency was debited (the step's ticket line): a reversal gives back exactly this. */
  totalMinor: number;
  /** The booking's held service rows the step pays for. */
  rowIds: string[];
  /** The order's service ids and EMD numbers before the call: anything new after it is the step's. */
  before: { serviceIds: string[]; emds: string[] };
};

/**
 * Issue 32: the `changing` step of a remote booking — a change of flights confirmed with the
 * supplier — as journalled before it is asked (modules/bookings/remote/order-changes.ts).
 */
export type StoredChangeStep = {
  /** The portal's change offer (change_offers) and the supplier's offer and pending change. */
  offerId: string;
  supplierOfferId: string;
  supplierChangeId: string;
  /** The supplier's amounts as it states them; the confirm pays `changeTotal` only when positive. */
  changeTotal: StoredSupplierMoney;
  penalty: StoredSupplierMoney;
  newTotal: StoredSupplierMoney;
  /** What the agency was debited before the call (the change line), 0 when nothing: a reversal gives back exactly this. */
  debitMinor: number;
  ledgerEntryId: string | null;
  /** The order's e-tickets before the call: new numbers after it are the step's. */
  before: { tickets: string[] };
  expiresAt: string;
  actorUserId: string | null;
};

export type BookingPassengersTable = PassportIdentity & {
  id: Generated<string>;
  booking_id: string;
  position: number;
  traveller_id: string | null;
  fare_minor: number;
  taxes_minor: number;
};

export type BookingSegmentsTable = {
  booking_id: string;
  position: number;
  leg: number;
  flight: string;
  departure_date: string;
  cabin: Cabin;
  seats: number;
  departs_at: Date;
};

export type TicketsTable = {
  ticket_number: string;
  booking_id: string;
  passenger_id: string;
  status: TicketStatus;
  paid_minor: number;
  refunded_minor: number | null;
  issued_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Issue 32 (migration 0022): the ticket that replaced this one in a change, and the reverse. */
  exchanged_for: ColumnType<string | null, string | null | undefined, string | null>;
  replaces: ColumnType<string | null, string | null | undefined, string | null>;
};

export type BookingEventsTable = {
  id: Generated<string>;
  booking_id: string;
  action: string;
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  note: string | null;
  actor_user_id: string | null;
  created_at: CreatedAt;
};

export type OrdersTable = {
  id: Generated<string>;
  order_no: string;
  company_id: string;
  booking_id: string;
  kind: 'ticket' | 'void' | 'refund';
  amount_minor: number;
  currency: string;
  status: 'completed' | 'pending' | 'rejected';
  ticket_numbers: ColumnType<string[], string[] | undefined, string[]>;
  ledger_entry_id: string | null;
  /** Refunds: what the fare rules allowed, kept when an operator credited less (amount_minor). */
  allowed_minor: number | null;
  decided_at: Date | null;
  /** The operator who decided a refund; null while pending or when the test-setting timer did. */
  decided_by: string | null;
  decision_reason: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type IdempotencyKeysTable = {
  company_id: string;
  key: string;
  endpoint: string;
  request_hash: string;
  response_status: number | null;
  /** jsonb: written as JSON text, read back parsed. */
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
};

export type CompanyDecisionAction = 'approve' | 'reject' | 'suspend' | 'reactivate';

export type CompanyDecisionsTable = {
  id: Generated<string>;
  company_id: string;
  operator_id: string;
  action: CompanyDecisionAction;
  from_status: CompanyStatus;
  to_status: CompanyStatus;
  reason: string | null;
  created_at: CreatedAt;
};

export type CreditLimitChangesTable = {
  id: Generated<string>;
  company_id: string;
  operator_id: string;
  from_minor: number;
  to_minor: number;
  reason: string;
  created_at: CreatedAt;
};

export type DepositTransactionsTable = {
  id: Generated<string>;
  company_id: string;
  bank_id: string;
  amount_minor: number;
  currency: string;
  /** A calendar day, 'YYYY-MM-DD'. */
  deposit_date: string;
  reference_no: string;
  note: string | null;
  status: ColumnType<TransactionStatus, TransactionStatus | undefined, TransactionStatus>;
  rejection_reason: string | null;
  receipt_key: string;
  receipt_file_name: string;
  receipt_content_type: string;
  receipt_size_bytes: number;
  created_by: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
  decided_by: string | null;
  ledger_entry_id: string | null;
};

export type BanksTable = {
  id: Generated<string>;
  bank: string;
  account_title: string;
  account_number: string;
  iban: string | null;
  retired_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type NotificationsTable = {
  id: Generated<string>;
  company_id: string;
  /** null: the whole company. */
  user_id: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  /** The money and approval events: 'pending' until the mail sweep has sent their e-mail. */
  mail_state: 'pending' | 'sent' | null;
  /** Not mailed before then: a sweep's claim on it, or its next try after a failure. */
  mail_next_at: Date | null;
  mail_attempts: ColumnType<number, number | undefined, number>;
  /** An announcement's or offer's "new post" notification (deleted with the post). */
  notice_post_id: string | null;
  /** The booking a booking's notification is about (its visibility follows the booking's). */
  booking_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
};

/** Who a notification's e-mail has reached (a retry mails only the others). */
export type NotificationMailsTable = {
  notification_id: string;
  user_id: string;
  sent_at: Date;
};

/** Read or unread per user (a notification to the whole agency is read by each for themselves). */
export type NotificationReadsTable = {
  notification_id: string;
  user_id: string;
  read_at: Date;
};

/** A user's "no e-mail for this kind" (e-mail is on unless turned off). */
export type NotificationEmailOptOutsTable = {
  user_id: string;
  kind: NotificationKind;
};

export type SupportTicketsTable = {
  id: Generated<string>;
  number: Generated<number>;
  company_id: string;
  created_by: string;
  subject: string;
  category: SupportCategory;
  priority: SupportPriority;
  status: ColumnType<SupportTicketStatus, SupportTicketStatus | undefined, SupportTicketStatus>;
  booking_id: string | null;
  assigned_to: string | null;
  last_seq: ColumnType<number, number | undefined, number>;
  agency_read_seq: ColumnType<number, number | undefined, number>;
  operator_read_seq: ColumnType<number, number | undefined, number>;
  operator_replied_at: Date | null;
  last_message_at: ColumnType<Date, Date | string | undefined, Date | string>;
  closed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type SupportMessagesTable = {
  id: Generated<string>;
  ticket_id: string;
  seq: number;
  side: SupportSide;
  user_id: string | null;
  operator_id: string | null;
  body: string;
  client_id: string | null;
  attachment_key: string | null;
  attachment_file_name: string | null;
  attachment_content_type: string | null;
  attachment_size_bytes: number | null;
  read_at: Date | null;
  created_at: CreatedAt;
};

/** Announcements and offers (`kind`), as operators write them. */
export type NoticePostsTable = {
  id: Generated<string>;
  kind: NoticePostKind;
  title: string;
  body: string;
  image_key: string | null;
  image_version: string | null;
  publish_at: Date | null;
  expires_at: Date | null;
  /** Empty: every agency. */
  countries: ColumnType<string[], string[] | undefined, string[]>;
  notified_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** Append-only (a trigger refuses updates and deletes). */
export type AuditLogTable = {
  id: Generated<string>;
  actor_id: string | null;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string | null;
  /** jsonb: written as JSON text, read back parsed. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
  request_id: string | null;
  created_at: CreatedAt;
};

/** A country's default time zone: its busiest airport's in the sandbox network (migration 0012). */
export type CountryTimeZonesTable = {
  country: string;
  airport: string;
  time_zone: string;
};

/**
 * Analytics rollups (migration 0012), kept by triggers in the transaction of each event and rebuilt
 * by `analytics_recount()`: one row per agency and day of its own zone. Money in minor units.
 */
type RollupCount = ColumnType<number, number | undefined, number>;

export type CompanyDailyStatsTable = {
  company_id: string;
  day: string;
  bookings: RollupCount;
  tickets: RollupCount;
  ticketed_bookings: RollupCount;
  cancellations: RollupCount;
  voids: RollupCount;
  expirations: RollupCount;
  refunds: RollupCount;
  spend_minor: RollupCount;
  refunds_minor: RollupCount;
  deposits: RollupCount;
  deposits_minor: RollupCount;
};

export type CompanyDailySearchesTable = {
  company_id: string;
  day: string;
  searches: RollupCount;
};

export type AnalyticsDimension = 'route' | 'airline' | 'staff';

export type CompanyDailyBreakdownTable = {
  company_id: string;
  dimension: AnalyticsDimension;
  day: string;
  /** 'LHR-JFK', 'BA', a user's id. */
  key: string;
  bookings: RollupCount;
  tickets: RollupCount;
  spend_minor: RollupCount;
};

/** A flight supplier's switch and markup, kept by operators (migration 0015, decision 019). */
export type SupplierSettingsTable = {
  code: 'sandbox' | 'duffel';
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Basis points of the converted supplier total (450 = 4.5 %). */
  markup_bps: ColumnType<number, number | undefined, number>;
  /** Per passenger, in the platform currency's minor units. */
  markup_fixed_minor: ColumnType<number, number | undefined, number>;
  updated_by: string | null;
  updated_at: UpdatedAt;
};

/**
 * A pricing rule (issue 33, migration 0025): an agency's markup or service fee, or a platform
 * rule (company_id null). Matched in modules/pricing/engine.ts.
 */
export type PricingRulesTable = {
  id: Generated<string>;
  company_id: string | null;
  kind: 'markup' | 'fee';
  name: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  position: number;
  /** jsonb: the contract's RuleMatch, written as JSON text. */
  match: ColumnType<import('@skydesk/contract').RuleMatch, string, string>;
  /** Hundredths of a percent (450 = 4.5 %). */
  percent_bps: number | null;
  /** Owner's currency, minor units. */
  fixed_minor: number | null;
  fixed_per: ColumnType<
    'passenger' | 'booking',
    'passenger' | 'booking' | undefined,
    'passenger' | 'booking'
  >;
  rounding: ColumnType<
    'none' | 'whole' | 'ninety_nine',
    'none' | 'whole' | 'ninety_nine' | undefined,
    'none' | 'whole' | 'ninety_nine'
  >;
  event: 'issue' | 'change' | 'refund' | null;
  /** The supplier whose back-office "markup" this platform rule is. */
  supplier_markup: ColumnType<SupplierCode | null, SupplierCode | null | undefined, SupplierCode | null>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** An agency's earnings settings (migration 0025); no row = the defaults. */
export type PricingSettingsTable = {
  company_id: string;
  allow_below_net: ColumnType<boolean, boolean | undefined, boolean>;
  max_override_percent: number | null;
  invoice_prefix: ColumnType<string, string | undefined, string>;
  tax_name: string | null;
  tax_rate: number | null;
  quote_validity_days: ColumnType<number, number | undefined, number>;
  logo: string | null;
  updated_by: string | null;
  updated_at: UpdatedAt;
};

/** Platform currency units per one unit of `currency`, from `effective_on` (migration 0015). */
export type CurrencyRatesTable = {
  id: Generated<string>;
  currency: string;
  rate: number;
  /** 'YYYY-MM-DD'. */
  effective_on: string;
  set_by: string | null;
  created_at: CreatedAt;
};

/** A remote supplier's webhook event taken, once per id (migration 0018). */
export type SupplierEventsTable = {
  supplier: 'duffel';
  event_id: string;
  type: string;
  booking_id: string | null;
  received_at: ColumnType<Date, Date | undefined, never>;
};

/** A seat or extra bags of one passenger on one flight, sold beside the fare (migration 0019). */
export type BookingServicesTable = {
  id: Generated<string>;
  booking_id: string;
  company_id: string;
  type: 'seat' | 'bag';
  passenger_index: number;
  segment_index: number;
  /** 'BA117'. */
  flight: string;
  /** 'YYYY-MM-DD'. */
  departure_date: string;
  designator: string | null;
  with_infant: ColumnType<boolean, boolean | undefined, boolean>;
  quantity: number | null;
  weight_kg: number | null;
  amount_minor: number;
  currency: string;
  status: 'held' | 'issued' | 'released' | 'refunded';
  emd_number: string | null;
  created_at: CreatedAt;
  issued_at: Date | null;
  released_at: Date | null;
  /** The refund request this paid service went with (migration 0020), once one was made. */
  refund_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What came back for it: a refund's share (0 when the rules keep it), or all of it on a void. */
  refunded_minor: ColumnType<number | null, number | null | undefined, number | null>;
};

/** jsonb of a change offer and a change (migration 0022): the contract's shapes, minor units apart. */
export type StoredChangeLeg = { leg_index: number; segments: unknown[] };
export type StoredChangeService = {
  service_id: string;
  passenger_name: string;
  type: 'seat' | 'bag';
  description: string;
  outcome: 'carried' | 'refunded';
  refund_minor: number;
  /** Where a carried service goes: the new flight's position in the trip, flight and date. */
  to?: { segment_index: number; flight: string; departure_date: string } | null;
};

/** A change offer of a ticketed booking (issue 32, migration 0022). */
export type ChangeOffersTable = {
  id: Generated<string>;
  booking_id: string;
  company_id: string;
  kind: 'voluntary' | 'schedule_change';
  schedule_change_id: string | null;
  legs: ColumnType<StoredChangeLeg[], string, string>;
  itinerary: ColumnType<PricedItinerary, string, string>;
  /** The supplier's OfferBooking as JSON (dates as ISO strings). */
  booking_offer: ColumnType<unknown, string, string>;
  new_total_minor: number;
  fare_difference_minor: number;
  penalty_minor: number;
  change_total_minor: number;
  currency: string;
  refund_to: 'credits' | 'forfeited' | null;
  rules: ColumnType<string[], string, string>;
  services: ColumnType<StoredChangeService[], string, string>;
  expires_at: Date;
  used_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
};

/** A change a booking went through (issue 32, migration 0022). */
export type BookingChangesTable = {
  id: Generated<string>;
  booking_id: string;
  company_id: string;
  offer_id: string | null;
  kind: 'exchange' | 'schedule_alternative' | 'schedule_accepted';
  before: ColumnType<StoredChangeLeg[], string, string>;
  after: ColumnType<StoredChangeLeg[], string, string>;
  fare_difference_minor: ColumnType<number, number | undefined, number>;
  penalty_minor: ColumnType<number, number | undefined, number>;
  change_total_minor: ColumnType<number, number | undefined, number>;
  services_refund_minor: ColumnType<number, number | undefined, number>;
  currency: string;
  refund_to: 'credits' | 'forfeited' | null;
  tickets: ColumnType<{ from: string; to: string }[], string | undefined, string>;
  ledger_entry_id: string | null;
  actor_user_id: string | null;
  created_at: CreatedAt;
};

/** A stored flight of a schedule change (the contract's ScheduledFlight, migration 0023). */
export type StoredScheduledFlight = {
  segment_index: number;
  flight: string;
  origin: string;
  destination: string;
  departs_at: string;
  arrives_at: string;
};

/** An airline's schedule change of one flight-day (migration 0023). */
export type ScheduleChangesTable = {
  id: Generated<string>;
  flight: string;
  departure_date: string;
  kind: 'retimed' | 'cancelled';
  minutes: ColumnType<number, number | undefined, number>;
  origin: string;
  destination: string;
  before_departs_at: string;
  before_arrives_at: string;
  after_departs_at: string | null;
  after_arrives_at: string | null;
  source: 'airline' | 'operator';
  supplier: ColumnType<string, string | undefined, string>;
  sandbox_key: string | null;
  supplier_change_id: string | null;
  published_at: Date;
  applied_at: Date | null;
  created_at: CreatedAt;
};

export type ScheduleChangeBookingStatus = 'pending' | 'accepted' | 'auto_accepted' | 'changed' | 'cancelled';

/** One booking a schedule change touches, with the agency's answer (migration 0023). */
export type ScheduleChangeBookingsTable = {
  schedule_change_id: string;
  booking_id: string;
  company_id: string;
  segment_indexes: number[];
  /** jsonb arrays; written as JSON text, read back parsed. */
  before: ColumnType<StoredScheduledFlight[], string, string>;
  after: ColumnType<StoredScheduledFlight[], string, string>;
  status: ColumnType<
    ScheduleChangeBookingStatus,
    ScheduleChangeBookingStatus | undefined,
    ScheduleChangeBookingStatus
  >;
  deadline: Date;
  connection_broken: ColumnType<boolean, boolean | undefined, boolean>;
  detected_at: Date;
  answered_at: Date | null;
  answered_by: string | null;
  notified_at: Date | null;
};

/** A service fee of a booking (issue 33, migration 0026): the agency's income, never debited. */
export type BookingFeesTable = {
  id: Generated<string>;
  booking_id: string;
  company_id: string;
  name: string;
  /** For the whole booking. */
  amount_minor: number;
  currency: string;
  rule_id: string | null;
  rule_name: string | null;
  event: 'issue' | 'change' | 'refund';
  created_by: string | null;
  created_at: CreatedAt;
};

/** Client quotes (issue 33, migration 0028): the status is derived (modules/quotes/status.ts). */
export type QuotesTable = {
  id: Generated<string>;
  company_id: string;
  reference: string;
  client_name: string;
  client_email: string | null;
  note: string | null;
  /** SHA-256 (hex) of the public link's token: how the link finds its quote. */
  token_hash: string;
  /** The token sealed with the data-encryption key, so the agency can copy its link again. */
  token_sealed: string;
  currency: string;
  valid_until: Date;
  created_by: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  sent_to: string | null;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
  booked_at: Date | null;
};

/** A quote option's party, per passenger, in minor units. */
export type StoredQuotePassenger = {
  passenger_type: PassengerType;
  quantity: number;
  net_minor: number;
  selling_minor: number;
};

/** The search a quote option came from: what its re-price searches again. */
export type StoredQuoteSearch = {
  origin_destinations: { origin: string; destination: string; departure_date: string }[];
  passengers: { type: PassengerType; count: number }[];
  cabin: Cabin;
};

/** One option of a quote, snapshotted when the quote was made (migration 0028). */
export type QuoteOptionsTable = {
  id: Generated<string>;
  quote_id: string;
  company_id: string;
  position: number;
  supplier: SupplierCode;
  trip_type: TripType;
  cabin: Cabin;
  brand: string;
  brand_label: string | null;
  validating_carrier: string;
  /** jsonb: BookingSegment[]. */
  segments: ColumnType<unknown[], string, string>;
  itinerary: ColumnType<PricedItinerary, string, string>;
  search: ColumnType<StoredQuoteSearch, string, string>;
  passengers: ColumnType<StoredQuotePassenger[], string, string>;
  net_minor: number;
  selling_minor: number;
  currency: string;
  markup_rule_id: string | null;
  markup_rule_name: string | null;
  includes: ColumnType<{ baggage: string; changes: string; refunds: string }, string, string>;
  booking_id: string | null;
  booked_at: Date | null;
};

/** Issue 33 (migration 0027): the yearly invoice number of an agency, taken in the document's transaction. */
export type InvoiceCountersTable = {
  company_id: string;
  year: number;
  last_number: number;
};

/** A party on an invoice as it stood at issue. */
export type StoredInvoiceParty = {
  name: string;
  email: string | null;
  address: string | null;
  tax_id: string | null;
  phone?: string;
  iata_number?: string | null;
};

/** A client invoice, credit note or supplementary invoice (issue 33, migration 0027); never edited. */
export type InvoicesTable = {
  id: Generated<string>;
  company_id: string;
  booking_id: string;
  number: string;
  kind: 'invoice' | 'credit_note' | 'supplementary';
  against_id: string | null;
  reason: 'void' | 'refund' | 'change' | null;
  issued_at: Date;
  issued_by: string;
  client: ColumnType<StoredInvoiceParty, string, never>;
  agency: ColumnType<StoredInvoiceParty, string, never>;
  /** Minor units; negative on a credit note. */
  subtotal_minor: number;
  tax_minor: ColumnType<number, number | undefined, never>;
  tax_name: ColumnType<string | null, string | null | undefined, never>;
  /** numeric: read back as a string. */
  tax_rate: ColumnType<string | null, number | null | undefined, never>;
  tax_base_minor: ColumnType<number, number | undefined, never>;
  /** subtotal + tax (the booking's `total_minor` is another figure, read by the bookings module only). */
  grand_total_minor: number;
  net_minor: number;
  margin_minor: number;
  currency: string;
  created_at: CreatedAt;
};

export type InvoiceLinesTable = {
  invoice_id: string;
  position: number;
  kind: 'fare' | 'service' | 'fee' | 'tax';
  description: string;
  quantity: number;
  unit_amount_minor: number;
  amount_minor: number;
  /** The passenger, booking_services row or booking_fees row it bills. */
  source_id: string | null;
};

export type Database = {
  companies: CompaniesTable;
  roles: RolesTable;
  users: UsersTable;
  operators: OperatorsTable;
  verification_codes: VerificationCodesTable;
  auth_challenges: AuthChallengesTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  user_invitations: UserInvitationsTable;
  operator_setup_tokens: OperatorSetupTokensTable;
  rate_limit_counters: RateLimitCountersTable;
  sign_in_throttle: SignInThrottleTable;
  sign_in_known_sources: SignInKnownSourcesTable;
  mail_outbox: MailOutboxTable;
  vendor_submissions: VendorSubmissionsTable;
  company_documents: CompanyDocumentsTable;
  search_history: SearchHistoryTable;
  seat_inventory: SeatInventoryTable;
  credit_balances: CreditBalancesTable;
  ledger_entries: LedgerEntriesTable;
  travellers: TravellersTable;
  bookings: BookingsTable;
  booking_passengers: BookingPassengersTable;
  booking_segments: BookingSegmentsTable;
  tickets: TicketsTable;
  booking_events: BookingEventsTable;
  orders: OrdersTable;
  idempotency_keys: IdempotencyKeysTable;
  company_decisions: CompanyDecisionsTable;
  banks: BanksTable;
  credit_limit_changes: CreditLimitChangesTable;
  deposit_transactions: DepositTransactionsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  notification_mails: NotificationMailsTable;
  notification_email_opt_outs: NotificationEmailOptOutsTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  notice_posts: NoticePostsTable;
  audit_log: AuditLogTable;
  country_time_zones: CountryTimeZonesTable;
  company_daily_stats: CompanyDailyStatsTable;
  company_daily_searches: CompanyDailySearchesTable;
  company_daily_breakdown: CompanyDailyBreakdownTable;
  supplier_settings: SupplierSettingsTable;
  pricing_rules: PricingRulesTable;
  pricing_settings: PricingSettingsTable;
  currency_rates: CurrencyRatesTable;
  supplier_events: SupplierEventsTable;
  booking_services: BookingServicesTable;
  schedule_changes: ScheduleChangesTable;
  schedule_change_bookings: ScheduleChangeBookingsTable;
  change_offers: ChangeOffersTable;
  booking_changes: BookingChangesTable;
  booking_fees: BookingFeesTable;
  quotes: QuotesTable;
  quote_options: QuoteOptionsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
};
