import type { CompanyStatus, Permission } from '@skydesk/contract';
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

export type Database = {
  companies: CompaniesTable;
  roles: RolesTable;
  users: UsersTable;
  operators: OperatorsTable;
};
