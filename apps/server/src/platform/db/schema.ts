import type { Cabin, CompanyStatus, Permission } from '@skydesk/contract';
import type { ColumnType, Generated } from 'kysely';

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
  created_at: CreatedAt;
};

export type RefreshTokensTable = {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  replaced_at: Date | null;
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

export type RateLimitCountersTable = {
  bucket: string;
  key: string;
  window_start: Date;
  hits: number;
};

export type LoginFailuresTable = {
  account: string;
  failures: number;
  locked_until: Date | null;
  updated_at: UpdatedAt;
};

export type MailOutboxTable = {
  id: Generated<string>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: CreatedAt;
};

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
  rate_limit_counters: RateLimitCountersTable;
  login_failures: LoginFailuresTable;
  mail_outbox: MailOutboxTable;
  vendor_submissions: VendorSubmissionsTable;
  company_documents: CompanyDocumentsTable;
  search_history: SearchHistoryTable;
  seat_inventory: SeatInventoryTable;
};
