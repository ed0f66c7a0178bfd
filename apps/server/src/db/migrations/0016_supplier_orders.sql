-- Bookings on a remote supplier (issue 29, docs/decisions/020-supplier-order-saga.md).
-- Placeholder reserved for the supplier order saga; filled in by the bookings change that follows.
select 1;
