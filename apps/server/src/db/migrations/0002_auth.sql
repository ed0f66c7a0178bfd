-- Sign-in and onboarding: e-mailed codes, sign-in challenges, sessions with rotating refresh
-- tokens, password resets, rate limits and lockouts, the mail outbox, vendor verification.

-- E-mailed 6-digit codes. Only an HMAC of the code is kept (docs/architecture.md §6).
create table verification_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('email_verification', 'login')),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index verification_codes_user_idx on verification_codes (user_id, purpose, created_at desc);

-- The state between password and second factor; the challenge token names one row.
create table auth_challenges (
  id uuid primary key default gen_random_uuid(),
  principal text not null check (principal in ('user', 'operator')),
  subject_id uuid not null,
  stage text not null check (stage in ('verify_email', 'setup_2fa', 'verify_2fa')),
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_challenges_subject_idx on auth_challenges (subject_id);

-- One signed-in session (a browser): ends at logout, on refresh-token reuse, or 12 h after sign-in.
create table auth_sessions (
  id uuid primary key default gen_random_uuid(),
  principal text not null check (principal in ('user', 'operator')),
  subject_id uuid not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_sessions_subject_idx on auth_sessions (subject_id);

-- Rotating refresh tokens: each use replaces the token; presenting a replaced one is reuse.
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth_sessions (id) on delete cascade,
  token_hash text not null,
  replaced_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

create table password_resets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_resets_user_idx on password_resets (user_id);

-- Fixed-window counters shared by every server process (no in-memory rate-limit state).
create table rate_limit_counters (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, key, window_start)
);

-- Consecutive failed sign-ins per account, and the temporary lock they cause.
create table login_failures (
  account text primary key,
  failures integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Mail written here (and logged) when no SMTP server is configured.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now()
);
create index mail_outbox_recipient_idx on mail_outbox (lower(recipient), created_at desc);

-- Vendor verification: the company's identity documents, reviewed by an operator.
create table vendor_submissions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  submitted_by uuid not null references users (id),
  trade_license_number text not null,
  tax_number text not null,
  iata_number text,
  created_at timestamptz not null default now()
);
create index vendor_submissions_company_idx on vendor_submissions (company_id, created_at desc);

create table company_documents (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  submission_id uuid not null references vendor_submissions (id) on delete cascade,
  kind text not null check (kind in ('trade_license', 'owner_id_document')),
  -- random name under DATA_DIR/uploads; the original name is only shown, never used as a path
  storage_key text not null unique,
  file_name text not null,
  content_type text not null,
  size_bytes integer not null,
  created_at timestamptz not null default now()
);
create index company_documents_company_idx on company_documents (company_id);
