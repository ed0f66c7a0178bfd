-- Changes after ticketing (issue 32): the change offers a ticketed booking is quoted (a voluntary
-- change, or the free alternative to an airline's schedule change) and the changes made from them;
-- tickets replaced by a change (`exchanged`, naming their replacement); the ledger's `change` kind;
-- and analytics that count a change's money without counting its trip twice.

-- ── change offers ───────────────────────────────────────────────────────────────────────────

-- One way to change a booking, valid until `expires_at` (20 minutes). What it flies and how it is
-- priced is kept whole, so confirming it re-prices nothing: the agent pays what they were shown.
create table change_offers (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  kind text not null check (kind in ('voluntary', 'schedule_change')),
  -- The schedule change it answers (kind schedule_change); no foreign key: migration 0023 and the
  -- schedule's own life own that table, and an offer is short-lived.
  schedule_change_id uuid,
  -- The legs offered, as the answer shows them (ChangeOfferLeg[]).
  legs jsonb not null,
  -- The whole trip as it would be after the change (a PricedItinerary in the booking's brand) and
  -- what booking it takes (the supplier's flights with capacity, the fares per passenger type).
  itinerary jsonb not null,
  booking_offer jsonb not null,
  -- Minor units of `currency`, never mixed into one figure: change_total = fare_difference + penalty.
  new_total_minor bigint not null check (new_total_minor >= 0),
  fare_difference_minor bigint not null,
  penalty_minor bigint not null check (penalty_minor >= 0),
  change_total_minor bigint not null,
  currency char(3) not null,
  -- Where a negative change_total goes; null when nothing comes back.
  refund_to text check (refund_to in ('credits', 'forfeited')),
  check ((change_total_minor < 0) = (refund_to is not null)),
  check (change_total_minor = fare_difference_minor + penalty_minor),
  rules jsonb not null default '[]',
  -- Each paid seat or bag of the legs changed: carried or refunded (ChangeServiceLine[]).
  services jsonb not null default '[]',
  expires_at timestamptz not null,
  -- Set by the one change made from it.
  used_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index change_offers_booking_idx on change_offers (booking_id, created_at desc);

-- ── changes made ────────────────────────────────────────────────────────────────────────────

-- A change the booking went through. One per offer: the unique key is what makes two concurrent
-- confirmations of one offer one change and one 409 (the second waits for the first's row and
-- fails on it). `offer_id` is null for a change that came without an offer (an airline's new times
-- accepted, kind schedule_accepted).
create table booking_changes (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  offer_id uuid unique references change_offers (id),
  kind text not null check (kind in ('exchange', 'schedule_alternative', 'schedule_accepted')),
  -- The legs before and after (ChangeOfferLeg[]).
  before jsonb not null,
  after jsonb not null,
  fare_difference_minor bigint not null default 0,
  penalty_minor bigint not null default 0,
  change_total_minor bigint not null default 0,
  -- What the seats and bags that could not be carried returned (in the same ledger line).
  services_refund_minor bigint not null default 0,
  currency char(3) not null,
  refund_to text check (refund_to in ('credits', 'forfeited')),
  -- Each replaced ticket and the ticket that replaced it ([{ from, to }]).
  tickets jsonb not null default '[]',
  -- The ledger line it posted (none when no money moved).
  ledger_entry_id uuid references ledger_entries (id),
  actor_user_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index booking_changes_booking_idx on booking_changes (booking_id, created_at);
create index booking_changes_created_idx on booking_changes (created_at desc);

-- ── tickets replaced by a change ────────────────────────────────────────────────────────────

alter table tickets drop constraint tickets_status_check;
alter table tickets add constraint tickets_status_check check (status in (
  'issued', 'voided', 'refund_requested', 'refunded', 'refund_rejected', 'exchanged'));
-- A passenger holds one live ticket; those a change replaced stay beside it, as the chain.
alter table tickets drop constraint tickets_passenger_id_key;
create unique index tickets_live_passenger_key on tickets (passenger_id) where status <> 'exchanged';
create index tickets_passenger_idx on tickets (passenger_id);
alter table tickets
  add column exchanged_for char(13) references tickets (ticket_number),
  add column replaces char(13) references tickets (ticket_number);
-- Only an exchanged ticket names a replacement (set once the new ticket exists: the exchange
-- marks the old one first, as a passenger's live ticket is unique, then inserts the new one).
alter table tickets add constraint tickets_exchanged_check
  check (exchanged_for is null or status = 'exchanged');

-- ── the change ledger kind ──────────────────────────────────────────────────────────────────

alter table ledger_entries drop constraint ledger_entries_kind_check;
alter table ledger_entries add constraint ledger_entries_kind_check
  check (kind in ('deposit', 'ticket', 'void', 'refund', 'adjustment', 'reversal', 'change'));

-- ── analytics ───────────────────────────────────────────────────────────────────────────────

-- A booking changed is one trip, not two: its tickets are counted when it is ticketed, the
-- originals only (a ticket that replaces another is the same trip's), so a recount finds the same
-- number the trigger counted. The event a change records (`exchanged`) counts nowhere.
create or replace view analytics_event_deltas as
select
  e.id as event_id,
  b.company_id,
  (e.created_at at time zone z.time_zone)::date as day,
  b.route,
  b.validating_carrier as airline,
  b.created_by::text as staff,
  (e.action = 'booked')::int as bookings,
  case when e.action = 'ticketed'
    then (select count(*)::int from tickets t where t.booking_id = e.booking_id and t.replaces is null)
    else 0 end as tickets,
  (e.action = 'ticketed')::int as ticketed_bookings,
  (e.action = 'cancelled')::int as cancellations,
  (e.action = 'voided')::int as voids,
  (e.action = 'expired')::int as expirations,
  (e.action = 'refund_approved')::int as refunds
from booking_events e
join bookings b on b.id = e.booking_id
join company_time_zones z on z.company_id = b.company_id
where e.action in ('booked', 'ticketed', 'cancelled', 'voided', 'expired', 'refund_approved');

-- A change's money counts once, as what it moved: its debit (penalty and fare difference) is spend,
-- on its booking's route, airline and maker; its credit (a residual, services refunded) is money
-- back, as a refund's. The same columns as migration 0016's view.
create or replace view analytics_ledger_deltas as
select
  l.id as entry_id,
  l.company_id,
  (l.created_at at time zone z.time_zone)::date as day,
  b.route,
  b.validating_carrier as airline,
  b.created_by::text as staff,
  case
    when l.kind in ('ticket', 'reversal') then -l.amount_minor
    when l.kind = 'change' and l.amount_minor < 0 then -l.amount_minor
    else 0 end as spend_minor,
  case
    when l.kind in ('refund', 'void') then l.amount_minor
    when l.kind = 'change' and l.amount_minor > 0 then l.amount_minor
    else 0 end as refunds_minor,
  (l.kind = 'deposit')::int as deposits,
  case when l.kind = 'deposit' then l.amount_minor else 0 end as deposits_minor
from ledger_entries l
join company_time_zones z on z.company_id = l.company_id
left join bookings b on b.id = l.booking_id and l.kind in ('ticket', 'reversal', 'change')
where l.kind in ('ticket', 'refund', 'void', 'deposit', 'reversal', 'change');

create or replace function analytics_ledger_entries_added() returns trigger language plpgsql as $$
declare
  companies uuid[];
begin
  execute $sql$
    select array_agg(distinct company_id) from added
    where kind in ('ticket', 'refund', 'void', 'deposit', 'reversal', 'change')
  $sql$ into companies;
  if companies is null then
    return null;
  end if;
  perform analytics_share_days(companies);
  execute $sql$
    insert into company_daily_stats as s (company_id, day, spend_minor, refunds_minor, deposits,
      deposits_minor)
    select d.company_id, d.day, sum(d.spend_minor), sum(d.refunds_minor), sum(d.deposits),
      sum(d.deposits_minor)
    from added a join analytics_ledger_deltas d on d.entry_id = a.id
    group by d.company_id, d.day
    on conflict (company_id, day) do update set
      spend_minor = s.spend_minor + excluded.spend_minor,
      refunds_minor = s.refunds_minor + excluded.refunds_minor,
      deposits = s.deposits + excluded.deposits,
      deposits_minor = s.deposits_minor + excluded.deposits_minor
  $sql$;
  execute $sql$
    insert into company_daily_breakdown as s (company_id, dimension, day, key, spend_minor)
    select d.company_id, k.dimension, d.day, k.key, sum(d.spend_minor)
    from added a
    join analytics_ledger_deltas d on d.entry_id = a.id
    cross join lateral (values ('route', d.route), ('airline', d.airline), ('staff', d.staff)) as k (dimension, key)
    where d.spend_minor <> 0 and d.route is not null
    group by d.company_id, k.dimension, d.day, k.key
    on conflict (company_id, dimension, day, key) do update set
      spend_minor = s.spend_minor + excluded.spend_minor
  $sql$;
  return null;
end;
$$;
