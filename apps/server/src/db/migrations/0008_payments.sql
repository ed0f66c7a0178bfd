-- Payments (docs/api.md#payments, docs/architecture.md §5): deposits an agency records against the platform's
-- bank accounts with a receipt, decided by an operator; credit limits (an overdraft) with their
-- history; a low-balance alert the agency tunes; and a line number on every ledger entry so a
-- statement pages and counts by index, however long the ledger grows.

-- ── credit limits ───────────────────────────────────────────────────────────────────────────

-- The balance may go below zero down to minus the credit limit, never further: the rule is kept
-- by the ledger under the row's lock and, as a last guard, by this constraint.
alter table credit_balances drop constraint credit_balances_balance_minor_check;
alter table ledger_entries drop constraint ledger_entries_balance_after_minor_check;
alter table credit_balances add column credit_limit_minor bigint not null default 0
  check (credit_limit_minor >= 0);
alter table credit_balances add constraint credit_balances_within_limit
  check (balance_minor >= -credit_limit_minor);

-- Every change of a limit: who, from what, to what and why (the agency page shows it).
create table credit_limit_changes (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  operator_id uuid not null references operators (id),
  from_minor bigint not null,
  to_minor bigint not null check (to_minor >= 0),
  reason text not null,
  created_at timestamptz not null default now()
);
create index credit_limit_changes_company_idx on credit_limit_changes (company_id, created_at desc);

-- ── low-balance alert ───────────────────────────────────────────────────────────────────────

-- The owner is told once per crossing when available credits fall under the threshold: null
-- means the default (10 % of the last approved deposit). `low_balance_alerted_at` is set when the
-- alert goes out and cleared when available climbs back to the threshold or above.
alter table credit_balances add column low_balance_threshold_minor bigint
  check (low_balance_threshold_minor >= 0);
alter table credit_balances add column low_balance_alerted_at timestamptz;

-- ── ledger line numbers ─────────────────────────────────────────────────────────────────────

-- `seq` numbers a company's entries 1, 2, 3 … in posting order (entries of one transaction share
-- a created_at), so a statement's page is a range of line numbers and a range's length is a
-- subtraction: no count over a million rows. The balance row keeps the last number given.
alter table credit_balances add column entry_count bigint not null default 0;
alter table ledger_entries add column seq bigint;

alter table ledger_entries disable trigger ledger_entries_no_update;
update ledger_entries e set seq = numbered.seq
  from (
    select id, row_number() over (partition by company_id order by created_at, id) as seq
    from ledger_entries
  ) numbered
  where numbered.id = e.id;
alter table ledger_entries enable trigger ledger_entries_no_update;
update credit_balances b set entry_count = coalesce(
  (select max(seq) from ledger_entries e where e.company_id = b.company_id), 0);

alter table ledger_entries alter column seq set not null;
create unique index ledger_entries_company_seq_key on ledger_entries (company_id, seq);
create index ledger_entries_company_created_idx on ledger_entries (company_id, created_at, seq);
drop index ledger_entries_company_idx;

-- ── deposits ────────────────────────────────────────────────────────────────────────────────

-- A deposit the agency says it made: `pending` until an operator approves it (a 'deposit' ledger
-- entry in the same transaction) or rejects it with a reason.
create table deposit_transactions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  bank_id uuid not null references banks (id),
  amount_minor bigint not null check (amount_minor > 0),
  currency char(3) not null,
  deposit_date date not null,
  reference_no text not null,
  note text,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  rejection_reason text,
  -- the receipt: random name under DATA_DIR/uploads, its type verified by its first bytes
  receipt_key text not null unique,
  receipt_file_name text not null,
  receipt_content_type text not null,
  receipt_size_bytes integer not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references operators (id),
  ledger_entry_id uuid references ledger_entries (id),
  check ((status = 'rejected') = (rejection_reason is not null)),
  check ((status = 'approved') = (ledger_entry_id is not null))
);
-- One live deposit per bank reference and agency: the same reference again is refused unless the
-- first was rejected.
create unique index deposit_transactions_reference_key
  on deposit_transactions (company_id, lower(reference_no)) where status <> 'rejected';
create index deposit_transactions_company_idx on deposit_transactions (company_id, created_at desc, id desc);
-- the operators' desk: pending deposits, oldest first
create index deposit_transactions_pending_idx on deposit_transactions (created_at) where status = 'pending';

-- ── low-balance mails ───────────────────────────────────────────────────────────────────────

-- The ledger records a crossing inside the transaction that caused it (with the in-app
-- notification); the owner's e-mail goes out after the commit from this outbox, so a crash between
-- the two loses no alert and sends none for a posting that rolled back.
create table low_balance_alerts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  available_minor bigint not null,
  threshold_minor bigint not null,
  currency char(3) not null,
  created_at timestamptz not null default now(),
  mailed_at timestamptz
);
create index low_balance_alerts_unmailed_idx on low_balance_alerts (created_at) where mailed_at is null;
