-- Bags added to a remote supplier's paid order after issue (issue 31; docs/booking-and-money.md,
-- "Remote suppliers"): one more saga step, `adding_services` — the debit is posted and the services
-- held here, the airline asked to add them to its order — and what that step asked for, kept on the
-- booking until it settles (the airline's service ids and quantities, what it is paid, what the
-- agency was debited, the held rows it pays for, and the order's services and EMDs before the call:
-- whatever is new on the order after it is what the step added, which is how a lost answer or a
-- crash is told apart from a refusal).
alter table bookings drop constraint bookings_supplier_state_check;
alter table bookings add constraint bookings_supplier_state_check check (supplier_state in (
  'local', 'confirming', 'confirmed', 'paying', 'ordering', 'adding_services', 'cancelling',
  'cancelled', 'failed'));
alter table bookings add column supplier_services jsonb;

drop index bookings_supplier_in_flight_idx;
create index bookings_supplier_in_flight_idx on bookings (supplier_state_at)
  where supplier_state in ('confirming', 'paying', 'ordering', 'adding_services', 'cancelling');
