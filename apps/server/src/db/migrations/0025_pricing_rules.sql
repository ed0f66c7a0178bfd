-- Pricing rules (issue 33, docs/booking-and-money.md "Pricing rules"): one rule engine for two
-- owners. An agency's markup rules and service fees (company_id set) turn its net into the client's
-- selling price; the operator's platform rules (company_id null) turn a supplier's price into the
-- agency's net, and replace the per-supplier markup of issue 29. And each agency's earnings
-- settings: override limits, invoice numbering, the tax on its earnings, quote validity, logo.

create table pricing_rules (
  id uuid primary key default gen_random_uuid(),
  -- The agency owning it; null: a platform rule, the operator's.
  company_id uuid references companies (id) on delete cascade,
  kind text not null check (kind in ('markup', 'fee')),
  -- A fee's name is the line the client reads on the invoice ("Booking fee").
  name text not null check (length(name) between 1 and 80),
  enabled boolean not null default true,
  -- Breaks ties between equally specific rules, lowest first; per owner, set by reorder.
  position integer not null,
  -- What the rule matches (the contract's RuleMatch, every criterion null = any): matched in the
  -- server's pricer, never queried field by field, so kept whole.
  match jsonb not null,
  -- Hundredths of a percent of the fare (450 = 4.5 %), −100 % to 1,000 %; integers, as all money.
  percent_bps integer check (percent_bps between -10000 and 100000),
  -- In the owner's currency (the agency's; the platform's for platform rules), minor units.
  fixed_minor bigint check (fixed_minor between -100000000 and 100000000),
  fixed_per text not null default 'passenger' check (fixed_per in ('passenger', 'booking')),
  rounding text not null default 'none' check (rounding in ('none', 'whole', 'ninety_nine')),
  -- Fees only: when the fee is charged.
  event text check (event in ('issue', 'change', 'refund')),
  check ((kind = 'fee') = (event is not null)),
  -- A platform rule the back office's supplier page edits as that supplier's "markup" (issue 29's
  -- fields, kept in the contract): at most one per supplier. Never set on an agency's rule.
  supplier_markup text check (supplier_markup in ('sandbox', 'duffel')),
  check (company_id is null or supplier_markup is null),
  -- A user of the agency, or an operator for platform rules; no foreign key (either table).
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index pricing_rules_owner on pricing_rules (company_id, position);
create unique index pricing_rules_supplier_markup on pricing_rules (supplier_markup)
  where supplier_markup is not null;

-- Issue 29's per-supplier markups become platform rules matching that supplier: the same
-- percentage and fixed amount per passenger, so every price stays what it was. A supplier without
-- markup gets no rule (a 0 % rule naming it would outrank any broader platform rule).
insert into pricing_rules
  (company_id, kind, name, position, match, percent_bps, fixed_minor, fixed_per, supplier_markup)
select
  null,
  'markup',
  case code when 'duffel' then 'Duffel markup' else 'Sandbox markup' end,
  row_number() over (order by code) - 1,
  jsonb_build_object(
    'supplier', code, 'validating_carrier', null,
    'route', jsonb_build_object('scope', 'any', 'region', null, 'from_country', null,
      'to_country', null, 'from_airport', null, 'to_airport', null),
    'cabin', null, 'brand', null, 'passenger_type', null, 'trip_type', null,
    'booking_from', null, 'booking_to', null, 'travel_from', null, 'travel_to', null),
  nullif(markup_bps, 0),
  nullif(markup_fixed_minor, 0),
  'passenger',
  code
from supplier_settings
where markup_bps <> 0 or markup_fixed_minor <> 0;

-- supplier_settings.markup_bps and markup_fixed_minor are no longer read (the rules above are);
-- they stay for a release so a rollback of the code finds them.

-- One row per agency that changed a default; an agency without a row has the defaults.
create table pricing_settings (
  company_id uuid primary key references companies (id) on delete cascade,
  allow_below_net boolean not null default false,
  -- Percent above the rules' selling price an agent may go at issue; null = no ceiling.
  max_override_percent double precision check (max_override_percent between 0 and 1000),
  invoice_prefix text not null default 'INV-' check (invoice_prefix ~ '^[A-Z0-9]{1,8}-?$'),
  tax_name text check (length(tax_name) between 1 and 20),
  tax_rate double precision check (tax_rate between 0 and 100),
  check ((tax_name is null) = (tax_rate is null)),
  quote_validity_days integer not null default 7 check (quote_validity_days between 1 and 60),
  -- A data URL (PNG or JPEG, at most 256 KB).
  logo text,
  updated_by uuid,
  updated_at timestamptz not null default now()
);

-- The new permission: every agency's Owner holds every permission (modules/roles/presets.ts).
update roles
set permissions = array_append(permissions, 'pricing.manage')
where is_system and not ('pricing.manage' = any (permissions));
