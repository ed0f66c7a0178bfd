-- Seats and extra bags sold beside the fare (issue 31): one row per service of one passenger on
-- one flight. A service is `held` with an unticketed booking, `issued` once paid (its EMD number
-- given when it cost something), `released` when the hold ends or the booking is cancelled or
-- voided, `refunded` when its money came back after issue.
create table booking_services (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  -- The booking's agency, kept on the row so a company's services are read without the booking.
  company_id uuid not null references companies (id) on delete cascade,
  type text not null check (type in ('seat', 'bag')),
  -- 0-based, in the booking's passenger order and across the trip's flights (booking_segments).
  passenger_index integer not null check (passenger_index >= 0),
  segment_index integer not null check (segment_index >= 0),
  -- The flight as seat maps name it ('BA117') and its local departure date at the origin.
  flight text not null,
  departure_date date not null,
  -- A seat: its designator ('23C'), and whether its passenger holds an infant (one infant per row
  -- section, so other bookings' maps must know).
  designator text,
  with_infant boolean not null default false,
  -- Bags: how many extra bags, and each one's allowance.
  quantity integer check (quantity between 1 and 3),
  weight_kg integer check (weight_kg > 0),
  amount_minor bigint not null check (amount_minor >= 0),
  currency char(3) not null,
  status text not null check (status in ('held', 'issued', 'released', 'refunded')),
  -- The electronic miscellaneous document of a paid service: 13 digits, as a ticket number.
  emd_number char(13) unique,
  created_at timestamptz not null default now(),
  issued_at timestamptz,
  released_at timestamptz,
  check ((type = 'seat') = (designator is not null)),
  check ((type = 'bag') = (quantity is not null and weight_kg is not null))
);
create index booking_services_booking_idx on booking_services (booking_id);

-- A seat never belongs to two passengers: while one booking holds or has paid for it, no other row
-- may take it. Two agents choosing it at the same moment both insert; one waits on the other's
-- index entry and fails when it commits (the portal answers 409 with the map as it is then).
create unique index booking_services_seat_taken_idx
  on booking_services (flight, departure_date, designator)
  where type = 'seat' and status in ('held', 'issued');
