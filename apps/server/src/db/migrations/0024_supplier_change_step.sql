-- A change of flights confirmed with a remote supplier (issue 32; docs/booking-and-money.md, "Remote
-- suppliers"): one more saga step, `changing` — the change's debit (when it costs something) is
-- posted and its offer used here, the airline asked to confirm its order change — and what that step
-- asked for, kept on the booking until it settles (the supplier's change and offer ids, its three
-- amounts as the supplier states them and as converted, the debit, the order's e-tickets before the
-- call: new ones on the order afterwards are the step's, which is how a lost answer is told apart).
alter table bookings drop constraint bookings_supplier_state_check;
alter table bookings add constraint bookings_supplier_state_check check (supplier_state in (
  'local', 'confirming', 'confirmed', 'paying', 'ordering', 'adding_services', 'changing',
  'cancelling', 'cancelled', 'failed'));
alter table bookings add column supplier_change_step jsonb;

drop index bookings_supplier_in_flight_idx;
create index bookings_supplier_in_flight_idx on bookings (supplier_state_at)
  where supplier_state in ('confirming', 'paying', 'ordering', 'adding_services', 'changing',
    'cancelling');
