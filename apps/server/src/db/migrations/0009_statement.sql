-- Statements (issue 12, docs/api.md#payments): every page of an agency's statement, however long its
-- ledger, is a few index reads. 0008 numbered the lines (`seq`), so a range's length and its
-- opening and closing balances are found by index; this adds what its totals and links need.

-- ── running credits ─────────────────────────────────────────────────────────────────────────

-- The sum of a company's credits (positive amounts) up to and including each line, kept like
-- balance_after_minor: a range's total credits is one subtraction of two lines' values, and its
-- total debits the change of balance less those credits, without summing a million rows.
alter table credit_balances add column credits_total_minor bigint not null default 0
  check (credits_total_minor >= 0);
alter table ledger_entries add column credits_after_minor bigint;

alter table ledger_entries disable trigger ledger_entries_no_update;
update ledger_entries e set credits_after_minor = running.total
  from (
    select id, sum(greatest(amount_minor, 0)) over (partition by company_id order by seq) as total
    from ledger_entries
  ) running
  where running.id = e.id;
alter table ledger_entries enable trigger ledger_entries_no_update;
update credit_balances b set credits_total_minor = coalesce(
  (select credits_after_minor from ledger_entries e where e.company_id = b.company_id and e.seq = b.entry_count), 0);

alter table ledger_entries alter column credits_after_minor set not null;
alter table ledger_entries add constraint ledger_entries_credits_after_check check (credits_after_minor >= 0);

-- ── links ───────────────────────────────────────────────────────────────────────────────────

-- A statement line shows the tickets of its order (ticket, void, refund): found from the line.
create index orders_ledger_entry_idx on orders (ledger_entry_id) where ledger_entry_id is not null;
