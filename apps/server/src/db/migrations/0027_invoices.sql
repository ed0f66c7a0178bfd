-- Client invoices (issue 33): the agency's paperwork to its client in its own numbering. An
-- invoice is never edited once issued: a void, refund or exchange adds a credit note or a
-- supplementary invoice against it. The lead's margin figures read these rows (sales = total − tax,
-- net, margin, by issued_at; credit notes negative).

-- One gapless sequence per agency and calendar year (in the agency's time zone) for invoices,
-- credit notes and supplementary invoices alike. The row is taken with `insert … on conflict do
-- update` in the document's own transaction: its row lock queues concurrent issues (on any number of
-- server processes) and a rolled-back issue gives its number back, so numbers have no gap.
create table invoice_counters (
  company_id uuid not null references companies (id) on delete cascade,
  year integer not null,
  last_number integer not null check (last_number > 0),
  primary key (company_id, year)
);

create table invoices (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  booking_id uuid not null references bookings (id) on delete cascade,
  -- `<prefix><year>-<6-digit sequence>`: 'INV-2026-000042'.
  number text not null,
  kind text not null check (kind in ('invoice', 'credit_note', 'supplementary')),
  -- The booking's invoice a credit note or supplementary invoice is against.
  against_id uuid references invoices (id),
  reason text check (reason in ('void', 'refund', 'change')),
  check ((kind = 'invoice') = (against_id is null) and (kind = 'invoice') = (reason is null)),
  issued_at timestamptz not null,
  issued_by uuid not null references users (id),
  -- The parties as they stood at issue ({ name, email, address, tax_id }; the agency's with phone
  -- and iata_number): a later change of the agency's details does not rewrite a sent invoice.
  client jsonb not null,
  agency jsonb not null,
  -- Minor units of `currency`; negative on a credit note. grand total = subtotal + tax (not named
  -- total_minor: that is the booking's figure, which only the bookings module reads).
  subtotal_minor bigint not null,
  tax_minor bigint not null default 0,
  tax_name text,
  -- Percent (0–100) as set when issued; null with no tax.
  tax_rate numeric(6, 3),
  tax_base_minor bigint not null default 0,
  check (grand_total_minor = subtotal_minor + tax_minor),
  grand_total_minor bigint not null,
  -- What the agency paid for what the document bills; margin = total − tax − net.
  net_minor bigint not null,
  margin_minor bigint not null,
  check (margin_minor = grand_total_minor - tax_minor - net_minor),
  currency char(3) not null,
  created_at timestamptz not null default now(),
  unique (company_id, number)
);
create index invoices_company_idx on invoices (company_id, issued_at desc, number desc);
create index invoices_booking_idx on invoices (booking_id, issued_at);

create table invoice_lines (
  invoice_id uuid not null references invoices (id) on delete cascade,
  position integer not null,
  kind text not null check (kind in ('fare', 'service', 'fee', 'tax')),
  description text not null,
  quantity integer not null default 1,
  unit_amount_minor bigint not null,
  amount_minor bigint not null,
  -- What the line bills: the passenger (fare), the booking_services row (service) or the
  -- booking_fees row (fee); a credit note reads them to credit what the invoice billed.
  source_id uuid,
  primary key (invoice_id, position)
);
create index invoice_lines_source_idx on invoice_lines (source_id) where source_id is not null;

-- An invoice is never edited once issued (the spec: a credit note corrects it).
create function invoices_refuse_edit() returns trigger language plpgsql as $$
begin
  raise exception 'an issued invoice is never edited or deleted (%)', tg_table_name;
end $$;
create trigger invoices_no_update before update on invoices
  for each row execute function invoices_refuse_edit();
create trigger invoice_lines_no_update before update on invoice_lines
  for each row execute function invoices_refuse_edit();
