-- Client quotes (issue 33): one to five priced options for a named client, at selling prices,
-- sent as a PDF and shared as a public read-only link; an option becomes a booking in one step.

-- A quote. Its status is derived, never stored (withdrawn > booked > expired > viewed > sent >
-- created), so expiry needs no sweep and the public link stops the moment `withdrawn_at` is set.
create table quotes (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  -- Short reference the client reads ("Q-7K3D9A"), unique within the agency.
  reference text not null,
  client_name text not null,
  client_email text,
  note text,
  -- The public link's token: found by its SHA-256 (hex), and kept sealed (AES-256-GCM with the
  -- data-encryption key) so the agency can copy the link again; never stored in the clear.
  token_hash text not null unique,
  token_sealed text not null,
  currency char(3) not null,
  valid_until timestamptz not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  sent_to text,
  -- The first time the public link was opened.
  viewed_at timestamptz,
  withdrawn_at timestamptz,
  -- The first time one of its options was booked.
  booked_at timestamptz,
  unique (company_id, reference)
);
create index quotes_company_created_idx on quotes (company_id, created_at desc);

-- One option of a quote, snapshotted when the quote was made: what it flies, in which brand, for
-- which party, at which net and selling price. The re-price of a booking searches these flights
-- again (`search`, `itinerary`); the client's page reads the rest.
create table quote_options (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references quotes (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  position integer not null check (position between 1 and 5),
  supplier text not null,
  trip_type text not null,
  cabin text not null,
  brand text not null,
  brand_label text,
  validating_carrier text not null,
  -- BookingSegment[] as the client reads them.
  segments jsonb not null,
  -- The PricedItinerary as quoted and the search it came from (its legs and party).
  itinerary jsonb not null,
  search jsonb not null,
  -- [{ passenger_type, quantity, net_minor, selling_minor }]: per passenger, minor units.
  passengers jsonb not null,
  net_minor bigint not null check (net_minor >= 0),
  selling_minor bigint not null,
  currency char(3) not null,
  markup_rule_id uuid,
  markup_rule_name text,
  -- { baggage, changes, refunds } in words.
  includes jsonb not null,
  -- The latest booking made from it.
  booking_id uuid references bookings (id) on delete set null,
  booked_at timestamptz,
  unique (quote_id, position)
);
create index quote_options_company_idx on quote_options (company_id);
