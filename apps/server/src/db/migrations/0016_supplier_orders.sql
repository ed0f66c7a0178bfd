-- Bookings on a remote supplier (issue 29, docs/decisions/020-supplier-order-saga.md): which supplier
-- sells a booking, the saga step its order is at, what the supplier knows it by, the offer as it was
-- priced, and what the platform pays and earns on it; and the `reversal` ledger kind, the credit that
-- undoes a ticket debit whose order never came.

-- ── bookings ────────────────────────────────────────────────────────────────────────────────

alter table bookings
  add column supplier text not null default 'sandbox' check (supplier in ('sandbox', 'duffel')),
  -- The saga step (decision 020); null for the sandbox, whose bookings live in this database only.
  --   local       held here only: the offer must be paid at once, nothing is held at the airline
  --   confirming  a hold order asked for; its answer not recorded yet
  --   confirmed   the supplier's order is recorded and in step (held or paid)
  --   paying      the ticket debit is posted; the held order's payment asked for
  --   ordering    the ticket debit is posted; an instant (paid) order asked for
  --   cancelling  a cancellation quote is being confirmed
  --   cancelled   the supplier's order is cancelled
  --   failed      no order came of the step (a debit it made was reversed)
  add column supplier_state text check (supplier_state in (
    'local', 'confirming', 'confirmed', 'paying', 'ordering', 'cancelling', 'cancelled', 'failed')),
  -- When the step began: the reconciler settles a step left unsettled past its window.
  add column supplier_state_at timestamptz,
  add column supplier_order_id text,
  -- The airline's own booking reference (its PNR), printed on the e-ticket beside SkyDesk's.
  add column supplier_reference text,
  -- The remote offer as priced (supplier/remote-orders.ts RemoteOffer: the supplier's offer and
  -- passenger ids, its price and currency, the rate it was converted at, net and markup).
  add column supplier_offer jsonb,
  -- The supplier's cancellation quote shown to the agent and not yet settled (its id, what it
  -- returns in the supplier's currency and converted, until when it holds).
  add column supplier_cancellation jsonb,
  -- When the booking's copy of the supplier's order was last read (order sync on open).
  add column supplier_synced_at timestamptz,
  -- An airline-initiated change the supplier reported (its id and when): the booking is flagged
  -- until the changes issue handles it.
  add column supplier_change jsonb,
  -- The Idempotency-Key of the request that made a remote booking, a line break and the request's
  -- hash: its saga commits step by step, so a retry after a crash finds the booking the first
  -- attempt made instead of making another (and the same key with another request is refused).
  add column idempotency_key text,
  -- What the platform pays the supplier and what it earns, in the booking's currency: every booking
  -- keeps them (the sandbox marks nothing up: net is the total).
  add column net_minor bigint,
  add column markup_minor bigint not null default 0;

update bookings set net_minor = total_minor;
alter table bookings alter column net_minor set not null;
alter table bookings add constraint bookings_net_and_markup
  check (net_minor >= 0 and net_minor + markup_minor = total_minor);
-- A sandbox booking has no saga; a remote one is always at a step, which says when it began.
alter table bookings add constraint bookings_supplier_state_kept
  check ((supplier = 'sandbox') = (supplier_state is null)
    and (supplier_state is null) = (supplier_state_at is null));

-- A booking that names no net nets its total less its markup (the sandbox's, and rows written by
-- code that predates the columns), so no writer has to know of them.
create function bookings_default_net() returns trigger language plpgsql as $$
begin
  if new.net_minor is null then
    new.net_minor := new.total_minor - new.markup_minor;
  end if;
  return new;
end;
$$;
create trigger bookings_default_net before insert on bookings
  for each row execute function bookings_default_net();

-- One booking per supplier order (webhooks and the reconciler find bookings by it).
create unique index bookings_supplier_order_key on bookings (supplier, supplier_order_id)
  where supplier_order_id is not null;
-- The reconciler: steps under way, oldest first.
create index bookings_supplier_in_flight_idx on bookings (supplier_state_at)
  where supplier_state in ('confirming', 'paying', 'ordering', 'cancelling');
create index bookings_idempotency_key_idx on bookings (company_id, idempotency_key)
  where idempotency_key is not null;

-- ── the reversal ledger kind ────────────────────────────────────────────────────────────────

-- The compensation of a ticket debit whose supplier order never came: a credit of exactly the debit.
alter table ledger_entries drop constraint ledger_entries_kind_check;
alter table ledger_entries add constraint ledger_entries_kind_check
  check (kind in ('deposit', 'ticket', 'void', 'refund', 'adjustment', 'reversal'));

-- A reversal takes back the spend of the debit it undoes (on its day, its booking's route, airline
-- and maker), so the agency's spend counts tickets it holds. The same columns as migration 0012's view.
create or replace view analytics_ledger_deltas as
select
  l.id as entry_id,
  l.company_id,
  (l.created_at at time zone z.time_zone)::date as day,
  b.route,
  b.validating_carrier as airline,
  b.created_by::text as staff,
  case when l.kind in ('ticket', 'reversal') then -l.amount_minor else 0 end as spend_minor,
  case when l.kind in ('refund', 'void') then l.amount_minor else 0 end as refunds_minor,
  (l.kind = 'deposit')::int as deposits,
  case when l.kind = 'deposit' then l.amount_minor else 0 end as deposits_minor
from ledger_entries l
join company_time_zones z on z.company_id = l.company_id
left join bookings b on b.id = l.booking_id and l.kind in ('ticket', 'reversal')
where l.kind in ('ticket', 'refund', 'void', 'deposit', 'reversal');

create or replace function analytics_ledger_entries_added() returns trigger language plpgsql as $$
declare
  companies uuid[];
begin
  execute $sql$
    select array_agg(distinct company_id) from added
    where kind in ('ticket', 'refund', 'void', 'deposit', 'reversal')
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
