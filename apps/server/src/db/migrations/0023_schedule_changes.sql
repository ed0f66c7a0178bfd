-- Airlines' schedule changes (issue 32; docs/booking-and-money.md, "Schedule changes"): a flight of
-- one day moved (`retimed`, by `minutes`, may be negative) or `cancelled`, and one row per booking
-- it touches with the agency's answer.
--
-- A change is published by the sandbox's airlines (`source` airline, `sandbox_key` names the
-- flight-day so each is recorded once however often the sweep meets it), by an operator by hand
-- (`source` operator), or reported by a remote supplier for one order (`supplier_change_id`, the
-- supplier's own id of the change). Times are airport-local 'YYYY-MM-DDTHH:mm:ss', as the itinerary
-- prints them; `after_*` are null for a cancelled flight.
create table schedule_changes (
  id uuid primary key default gen_random_uuid(),
  flight text not null,
  departure_date date not null,
  kind text not null check (kind in ('retimed', 'cancelled')),
  minutes integer not null default 0,
  origin char(3) not null,
  destination char(3) not null,
  before_departs_at text not null,
  before_arrives_at text not null,
  after_departs_at text,
  after_arrives_at text,
  source text not null check (source in ('airline', 'operator')),
  supplier text not null default 'sandbox',
  sandbox_key text unique,
  supplier_change_id text,
  -- When the airline made it known: the sweep applies a change once this moment has passed.
  published_at timestamptz not null,
  -- When the sweep (or the operator's publish) flagged the bookings on the flight.
  applied_at timestamptz,
  created_at timestamptz not null default now(),
  check ((kind = 'cancelled') = (after_departs_at is null)),
  check (kind = 'cancelled' or minutes <> 0)
);
create index schedule_changes_flight_idx on schedule_changes (flight, departure_date);
create index schedule_changes_unapplied_idx on schedule_changes (published_at) where applied_at is null;
create unique index schedule_changes_supplier_change_idx on schedule_changes (supplier, supplier_change_id)
  where supplier_change_id is not null;

-- One booking a change touches: which of its flights (0-based, booking_segments' positions), the
-- flights before and after as the booking flies them (jsonb arrays of the contract's
-- ScheduledFlight), whether the new times break a connection, the deadline to answer and the
-- answer. `notified_at` is when the agency was told of the change; `auto_notified_at` when it was
-- told of the acceptance made for it at the deadline.
create table schedule_change_bookings (
  schedule_change_id uuid not null references schedule_changes (id) on delete cascade,
  booking_id uuid not null references bookings (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  segment_indexes integer[] not null,
  before jsonb not null,
  after jsonb not null,
  status text not null default 'pending'
    check (status in ('pending', 'accepted', 'auto_accepted', 'changed', 'cancelled')),
  deadline timestamptz not null,
  connection_broken boolean not null default false,
  detected_at timestamptz not null,
  answered_at timestamptz,
  answered_by uuid references users (id) on delete set null,
  notified_at timestamptz,
  check ((status = 'pending') = (answered_at is null)),
  primary key (schedule_change_id, booking_id)
);
create index schedule_change_bookings_booking_idx on schedule_change_bookings (booking_id, detected_at);
create index schedule_change_bookings_deadline_idx on schedule_change_bookings (deadline)
  where status = 'pending';
