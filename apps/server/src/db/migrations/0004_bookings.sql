-- Bookings (docs/architecture.md §5): the credits ledger, saved travellers, bookings with their passengers,
-- segments (the seats they hold), tickets and history, ticket/void/refund orders, and the
-- idempotency keys of the writes that move money or seats. Money is integer minor units.

-- ── credits ─────────────────────────────────────────────────────────────────────────────────

-- One row per company, locked (select … for update) by every ledger posting: the balance is the
-- ledger's sum and can never go below zero.
create table credit_balances (
  company_id uuid primary key references companies (id) on delete cascade,
  balance_minor bigint not null default 0 check (balance_minor >= 0),
  currency char(3) not null,
  updated_at timestamptz not null default now()
);

create table ledger_entries (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  kind text not null check (kind in ('deposit', 'ticket', 'void', 'refund', 'adjustment')),
  -- signed: a ticket debits (negative), deposits, voids and refunds credit (positive)
  amount_minor bigint not null check (amount_minor <> 0),
  balance_after_minor bigint not null check (balance_after_minor >= 0),
  currency char(3) not null,
  booking_id uuid,
  -- the deposit transaction behind a 'deposit' entry (the payments issue)
  transaction_id uuid,
  note text,
  -- who posted it, kept as it was (no foreign key: an append-only row is never rewritten)
  created_by uuid,
  created_at timestamptz not null default now()
);
create index ledger_entries_company_idx on ledger_entries (company_id, created_at desc);

-- Append-only: an entry is never changed or removed (a mistake is mended by a new 'adjustment').
create function ledger_entries_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_entries is append-only';
end;
$$;
create trigger ledger_entries_no_update before update or delete on ledger_entries
  for each row execute function ledger_entries_append_only();

-- ── travellers ──────────────────────────────────────────────────────────────────────────────

create table travellers (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  passenger_type text not null check (passenger_type in ('adult', 'child', 'infant')),
  title text not null check (title in ('MR', 'MRS', 'MS', 'MSTR', 'MISS')),
  first_name text not null,
  last_name text not null,
  gender char(1) not null check (gender in ('M', 'F')),
  date_of_birth date not null,
  nationality char(2) not null,
  passport_number text not null,
  passport_expiry date not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- A passport identifies a traveller within a company: saving again updates the same row.
create unique index travellers_passport_key on travellers (company_id, nationality, passport_number);
create index travellers_company_idx on travellers (company_id, passenger_type, last_name);

-- ── bookings ────────────────────────────────────────────────────────────────────────────────

create table bookings (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  pnr char(6) not null unique,
  status text not null check (status in (
    'booked', 'ticketed', 'cancelled', 'voided', 'refund_requested', 'refunded',
    'partially_refunded', 'refund_rejected', 'expired')),
  trip_type text not null check (trip_type in ('OneWay', 'Return', 'MultiCity')),
  cabin text not null check (cabin in ('Economy', 'PremiumEconomy', 'Business', 'First')),
  validating_carrier text not null,
  -- the PricedItinerary as booked (segments, fare breakdown, fare infos, penalties)
  itinerary jsonb not null,
  total_minor bigint not null check (total_minor > 0),
  currency char(3) not null,
  contact_email text not null,
  contact_phone text not null,
  ticketing_deadline timestamptz not null,
  first_departure_at timestamptz not null,
  last_departure_date date not null,
  issued_at timestamptz,
  void_until timestamptz,
  created_by uuid not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bookings_company_idx on bookings (company_id, created_at desc);
-- the hold-expiry sweep: live holds by deadline
create index bookings_hold_deadline_idx on bookings (ticketing_deadline) where status = 'booked';

create table booking_passengers (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  position integer not null,
  passenger_type text not null check (passenger_type in ('adult', 'child', 'infant')),
  title text not null,
  first_name text not null,
  last_name text not null,
  gender char(1) not null,
  date_of_birth date not null,
  nationality char(2) not null,
  passport_number text not null,
  passport_expiry date not null,
  traveller_id uuid references travellers (id) on delete set null,
  -- this passenger's fare (base + taxes), what the ticket costs
  fare_minor bigint not null check (fare_minor >= 0),
  taxes_minor bigint not null check (taxes_minor >= 0),
  unique (booking_id, position)
);
create index booking_passengers_name_idx on booking_passengers (lower(last_name), lower(first_name));

-- One row per flight a booking flies: the seats it holds (seat_inventory) while it is live.
create table booking_segments (
  booking_id uuid not null references bookings (id) on delete cascade,
  position integer not null,
  leg integer not null,
  flight text not null,
  departure_date date not null,
  cabin text not null,
  -- seated passengers (adults and children; infants sit on a lap)
  seats integer not null check (seats > 0),
  departs_at timestamptz not null,
  primary key (booking_id, position)
);

create table tickets (
  ticket_number char(13) primary key,
  booking_id uuid not null references bookings (id) on delete cascade,
  passenger_id uuid not null unique references booking_passengers (id) on delete cascade,
  status text not null check (status in ('issued', 'voided', 'refund_requested', 'refunded', 'refund_rejected')),
  paid_minor bigint not null check (paid_minor >= 0),
  -- what a settled refund returned (paid less penalty)
  refunded_minor bigint,
  issued_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index tickets_booking_idx on tickets (booking_id);

create table booking_events (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  action text not null,
  from_status text,
  to_status text not null,
  note text,
  -- null when the system acted (hold expiry, automatic refund approval)
  actor_user_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index booking_events_booking_idx on booking_events (booking_id, created_at);

-- ── orders ──────────────────────────────────────────────────────────────────────────────────

create sequence order_no_seq start 100001;

create table orders (
  id uuid primary key default gen_random_uuid(),
  order_no text not null unique,
  company_id uuid not null references companies (id) on delete cascade,
  booking_id uuid not null references bookings (id) on delete cascade,
  kind text not null check (kind in ('ticket', 'void', 'refund')),
  amount_minor bigint not null check (amount_minor >= 0),
  currency char(3) not null,
  status text not null check (status in ('completed', 'pending', 'rejected')),
  ticket_numbers text[] not null default '{}',
  ledger_entry_id uuid references ledger_entries (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_company_idx on orders (company_id, created_at desc);

-- ── idempotency ─────────────────────────────────────────────────────────────────────────────

-- docs/architecture.md §6 (Stripe, IETF draft): the first answer is kept 24 hours and replayed for a retry
-- with the same key and body; another body answers 422, a retry while the first runs 409.
create table idempotency_keys (
  company_id uuid not null references companies (id) on delete cascade,
  key text not null,
  endpoint text not null,
  request_hash text not null,
  -- null while the first request is still running
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (company_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
