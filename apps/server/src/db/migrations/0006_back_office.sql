-- The back office (docs/api.md#back-office, docs/architecture.md §5–6): operators review and suspend agencies,
-- decide refund requests and adjust credits, keep the bank accounts agencies deposit into, and
-- every action they take is kept in an append-only audit log. Agencies hear of decisions through
-- in-app notifications.

-- ── agencies ────────────────────────────────────────────────────────────────────────────────

-- Suspension joins the company lifecycle: an operator may suspend an agency in any state after
-- registration; reactivating it returns it to the state it was suspended from. Nothing is deleted.
alter table companies drop constraint companies_verification_status_check;
alter table companies add constraint companies_verification_status_check
  check (verification_status in (
    'registered', 'email_verified', 'pending_review', 'approved', 'rejected', 'suspended'));

-- Every review decision on an agency, its history as the agency page shows it.
create table company_decisions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  operator_id uuid not null references operators (id),
  action text not null check (action in ('approve', 'reject', 'suspend', 'reactivate')),
  from_status text not null,
  to_status text not null,
  -- required for every action but approve
  reason text,
  created_at timestamptz not null default now()
);
create index company_decisions_company_idx on company_decisions (company_id, created_at desc);

-- ── refund decisions ────────────────────────────────────────────────────────────────────────

-- A refund request (a pending 'refund' order) waits for an operator. Approving may lower what the
-- fare rules allow: `amount_minor` becomes what was credited and `allowed_minor` keeps what the
-- rules allowed. `decided_by` is null when the test-setting timer approved it.
alter table orders add column allowed_minor bigint check (allowed_minor >= 0);
alter table orders add column decided_at timestamptz;
alter table orders add column decided_by uuid references operators (id);
alter table orders add column decision_reason text;
-- the operators' queue: pending refund requests, oldest first
create index orders_pending_refunds_idx on orders (created_at) where kind = 'refund' and status = 'pending';

-- ── bank accounts ───────────────────────────────────────────────────────────────────────────

-- The platform's accounts agencies deposit into. Retired, never deleted: old deposits name them.
create table banks (
  id uuid primary key default gen_random_uuid(),
  bank text not null,
  account_title text not null,
  account_number text not null,
  iban text,
  retired_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- one live account per bank and number
create unique index banks_live_account_key on banks (lower(bank), account_number) where retired_at is null;

-- ── notifications ───────────────────────────────────────────────────────────────────────────

-- What an agency is told in the portal: to the whole company (user_id null) or to one user.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  user_id uuid references users (id) on delete cascade,
  kind text not null,
  title text not null,
  body text not null,
  link text,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_company_idx on notifications (company_id, created_at desc);

-- ── audit log ───────────────────────────────────────────────────────────────────────────────

-- Every operator action: who, when, what, on what, the state before and after, and the request.
create table audit_log (
  id uuid primary key default gen_random_uuid(),
  -- the operator; null when no operator is known (e.g. a failed sign-in). No foreign key: an
  -- append-only row is never rewritten.
  actor_id uuid,
  action text not null,
  target_type text not null,
  target_id text,
  before jsonb,
  after jsonb,
  ip text,
  request_id text,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc);
create index audit_log_actor_idx on audit_log (actor_id, created_at desc);
create index audit_log_target_idx on audit_log (target_id, created_at desc);

-- Append-only, like the ledger: an entry is never changed or removed.
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();
