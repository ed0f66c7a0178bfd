-- Two prices on a booking (issue 33): what the agency pays (`total_minor`, unchanged) and what its
-- client pays for the trip (`selling_minor`: the fare at the agency's selling price plus the
-- services at their price), the markup rule behind it, the override an agent made at issue, and
-- the service fees the agency charges (its income: never debited from its credits, never in the
-- total or the net).

alter table bookings
  -- Set at hold from the agency's markup rules, re-set at issue (the rules again, or the override).
  add column selling_minor bigint,
  -- The rule that set the fare's selling price; the name kept so a deleted rule still reads.
  add column markup_rule_id uuid,
  add column markup_rule_name text,
  -- Set only when an agent overrode the rules' price at issue: what the rules said, who and when.
  add column rules_selling_minor bigint,
  add column selling_override_by uuid references users (id) on delete set null,
  add column selling_override_at timestamptz;

-- Bookings made before: sold at net.
update bookings set selling_minor = total_minor;
alter table bookings alter column selling_minor set not null;
alter table bookings add constraint bookings_selling_not_negative check (selling_minor >= 0);
alter table bookings add constraint bookings_selling_override_kept
  check ((selling_override_at is null) = (rules_selling_minor is null));

-- A booking that names no selling price sells at its total (rows written by code that predates the
-- column), and a change of the total nobody priced for the client (services added after issue, an
-- exchange) moves the selling price by the same amount: the agency's markup on the trip is kept and
-- the services and fare difference are passed on at their price.
create function bookings_default_selling() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.selling_minor is null then
      new.selling_minor := new.total_minor;
    end if;
  elsif new.total_minor is distinct from old.total_minor
    and new.selling_minor is not distinct from old.selling_minor then
    new.selling_minor := greatest(0, old.selling_minor + (new.total_minor - old.total_minor));
  end if;
  return new;
end;
$$;
create trigger bookings_default_selling before insert or update on bookings
  for each row execute function bookings_default_selling();

-- ── service fees ────────────────────────────────────────────────────────────────────────────

-- A named fee line of a booking, at an event (issue, change, refund), by rule or by hand. The
-- agency's income: no ledger entry, not in the booking's total.
create table booking_fees (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  -- For the whole booking (per-passenger fees multiplied out).
  amount_minor bigint not null check (amount_minor > 0),
  currency char(3) not null,
  -- The fee rule that added it (no foreign key: a rule deleted later keeps its fees); null by hand.
  rule_id uuid,
  rule_name text,
  event text not null check (event in ('issue', 'change', 'refund')),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index booking_fees_booking_idx on booking_fees (booking_id, created_at);
create index booking_fees_company_idx on booking_fees (company_id, created_at);
