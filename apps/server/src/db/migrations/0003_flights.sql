-- Flight content: the company's search history, and seats sold per flight, date and cabin
-- (docs/architecture.md §4: only flights that have sales need a row; availability = capacity − sold).

create table search_history (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  trip_type text not null check (trip_type in ('OneWay', 'Return', 'MultiCity')),
  origin_destinations jsonb not null,
  adult_quantity integer not null,
  child_quantity integer not null,
  infant_quantity integer not null,
  cabin text not null,
  result_count integer not null,
  created_at timestamptz not null default now()
);
create index search_history_company_idx on search_history (company_id, created_at desc);

create table seat_inventory (
  -- the flight designator, e.g. 'BA117', and its local departure date at the origin
  flight text not null,
  departure_date date not null,
  cabin text not null check (cabin in ('Economy', 'PremiumEconomy', 'Business', 'First')),
  seats_sold integer not null default 0 check (seats_sold >= 0),
  updated_at timestamptz not null default now(),
  primary key (flight, departure_date, cabin)
);
