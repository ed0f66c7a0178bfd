-- Foundation: agencies (companies), their roles and users, and back-office operators.
-- docs/architecture.md §5 company lifecycle, §6 security model (session version per principal).

create table companies (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  contact_name text not null,
  email text not null,
  phone text not null,
  country char(2) not null,
  city text not null,
  address text not null,
  iata_number text,
  currency char(3) not null,
  verification_status text not null default 'registered'
    check (verification_status in ('registered', 'email_verified', 'pending_review', 'approved', 'rejected')),
  rejection_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table roles (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  description text not null default '',
  permissions text[] not null default '{}',
  -- The Owner role: holds every permission, cannot be edited or deleted (docs/api.md).
  is_system boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index roles_company_name_key on roles (company_id, lower(name));

create table users (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  role_id uuid not null references roles (id),
  name text not null,
  email text not null,
  phone text,
  image_path text,
  -- null until an invited user sets a password
  password_hash text,
  is_owner boolean not null default false,
  is_active boolean not null default true,
  email_verified_at timestamptz,
  -- AES-256-GCM ciphertext of the base32 TOTP secret; never stored in clear
  totp_secret_enc text,
  totp_enabled_at timestamptz,
  -- the last accepted TOTP time step, so a code can never be replayed
  totp_last_step bigint,
  -- bumped by logout-everywhere, password change and deactivation: tokens carry it
  session_version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create index users_company_idx on users (company_id);

create table operators (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  password_hash text not null,
  totp_secret_enc text,
  totp_enabled_at timestamptz,
  totp_last_step bigint,
  session_version integer not null default 1,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index operators_email_key on operators (lower(email));
