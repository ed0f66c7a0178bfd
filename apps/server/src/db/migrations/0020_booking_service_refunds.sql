-- Refunds of seats and bags (issue 31): which refund request a paid service went with, and what
-- came back for it. A refund request names its tickets (orders.ticket_numbers); the services of
-- those passengers are named here when the request is made, so the quote an operator reads, and
-- what approval credits, is of the same services whatever happens to the booking in between.
-- `refunded_minor` is what approval credited for the service (0 when the rules keep it: a seat on
-- a flight the airline did not change), as tickets.refunded_minor is for a ticket; a void sets it
-- to the whole amount.
alter table booking_services
  add column refund_order_id uuid references orders (id) on delete set null,
  add column refunded_minor bigint check (refunded_minor >= 0 and refunded_minor <= amount_minor);
