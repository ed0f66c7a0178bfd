-- A remote supplier's webhook events taken (issue 29, docs/decisions/020-supplier-order-saga.md):
-- Duffel delivers each event at least once and may send it again, so an event is taken once per
-- id. A repeat is answered as received and does nothing; an event whose settlement failed is
-- given back (its row deleted) so that the supplier's next delivery of it is taken. Rows older than
-- the supplier's redelivery period are pruned by the reconciler.
create table supplier_events (
  supplier text not null check (supplier in ('duffel')),
  -- The supplier's event id ('wev_…'): printable ASCII, checked before it is kept.
  event_id text not null,
  -- Its type as the supplier names it ('order.updated'), and the booking it was about, if any.
  type text not null,
  booking_id uuid,
  received_at timestamptz not null default now(),
  primary key (supplier, event_id)
);
create index supplier_events_received_idx on supplier_events (received_at);
