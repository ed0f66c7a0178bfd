-- Suppliers (issue 29, decision 019): which flight suppliers the platform sells, and what it adds
-- on top of a remote supplier's price; the rates that convert a remote price into the platform
-- currency. Both are kept by operators in the back office (audited in audit_log).

-- One row per supplier the portal knows. A supplier without a row is on, without markup; a remote
-- supplier also needs its access token in the configuration to be asked at all.
create table supplier_settings (
  code text primary key check (code in ('sandbox', 'duffel')),
  enabled boolean not null default true,
  -- Markup in basis points of the converted supplier total (450 = 4.5 %), and a fixed amount per
  -- passenger in the platform currency's minor units: integers, as all money here.
  markup_bps integer not null default 0 check (markup_bps between 0 and 10000),
  markup_fixed_minor bigint not null default 0 check (markup_fixed_minor between 0 and 100000000),
  updated_by uuid references operators (id) on delete set null,
  updated_at timestamptz not null default now()
);

insert into supplier_settings (code) values ('sandbox'), ('duffel');

-- Platform currency units per one unit of `currency`, from `effective_on` (a date) until the next
-- row of the same currency. A rate is a ratio, not money: double precision (15 significant digits)
-- is exact enough, and the converted amount is rounded to whole minor units where it is used. History is kept: a booking records the rate it was priced at, and the
-- table says which rate held on which day.
create table currency_rates (
  id uuid primary key default gen_random_uuid(),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  rate double precision not null check (rate > 0),
  effective_on date not null,
  set_by uuid references operators (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (currency, effective_on)
);
