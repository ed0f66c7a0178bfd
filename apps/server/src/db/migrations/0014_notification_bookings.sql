-- A booking's notifications name their booking, so a user whose role sees only its own bookings
-- is shown only those of the bookings they made (decision 014; the list, the bell and the live push).
alter table notifications add column booking_id uuid references bookings (id);

-- What was written before: the booking is the one the notification links to.
update notifications
set booking_id = substring(link from 'id=([0-9a-f-]{36})')::uuid
where kind in ('booking_ticketed', 'hold_expiring', 'hold_expired', 'refund_approved', 'refund_rejected')
  and link ~ '^/dashboard/booking-details\?id=[0-9a-f-]{36}$'
  and exists (select 1 from bookings b where b.id::text = substring(notifications.link from 'id=([0-9a-f-]{36})'));
