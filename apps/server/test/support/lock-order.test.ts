import { describe, expect, it } from 'vitest';
import { brokenLockOrder } from './lock-order.js';

const statements = (...sql: (string | [string, unknown[]])[]) =>
  sql.map((text) =>
    typeof text === 'string' ? { sql: text, parameters: [] } : { sql: text[0], parameters: text[1] },
  );

const LOCK_BOOKING = 'select * from "bookings" where "id" = $1 and "bookings"."company_id" = $2 for update';
const LOCK_BALANCE =
  'select "balance_minor", "currency" from "credit_balances" where "company_id" = $1 for update';
const CREDIT = 'insert into "ledger_entries" ("company_id", "kind", "amount_minor") select $1, $2, $3';
const RELEASE = 'update "seat_inventory" set "seats_sold" = greatest(seats_sold - $1, 0) where "flight" = $2';
const EVENT = 'insert into "booking_events" ("booking_id", "action") values ($1, $2)';
const HISTORY: [string, unknown[]] = [EVENT, ['b1', 'voided']];

describe('the lock order check', () => {
  it('finds the void that credited before it gave its seats back', () => {
    expect(brokenLockOrder(statements(LOCK_BOOKING, LOCK_BALANCE, CREDIT, RELEASE, HISTORY))).toBe(
      'booking, balance, rollups, then seats',
    );
  });

  it('passes the void that gives its seats back first, and a lock taken again later', () => {
    expect(
      brokenLockOrder(
        statements(
          LOCK_BOOKING,
          LOCK_BALANCE,
          RELEASE,
          LOCK_BALANCE,
          CREDIT,
          'update "bookings" set "status" = $1',
          HISTORY,
        ),
      ),
    ).toBeUndefined();
  });

  it('passes a cancelled hold (no balance) and statements that take none of the locks', () => {
    expect(
      brokenLockOrder(statements('savepoint skydesk_request_1', LOCK_BOOKING, RELEASE, HISTORY, 'commit')),
    ).toBeUndefined();
  });

  it('knows an event or a ledger line the rollups do not count takes no rollup row', () => {
    const requested: [string, unknown[]] = [EVENT, ['b1', 'refund_requested']];
    expect(
      brokenLockOrder(statements(LOCK_BOOKING, requested, LOCK_BALANCE, RELEASE, HISTORY)),
    ).toBeUndefined();
    expect(brokenLockOrder(statements(LOCK_BOOKING, HISTORY, LOCK_BALANCE))).toBe(
      'booking, rollups, then balance',
    );
    const adjustment: [string, unknown[]] = [
      'insert into "ledger_entries" ("company_id", "kind", "amount_minor") values ($1, $2, $3)',
      ['c1', 'adjustment', 100],
    ];
    expect(brokenLockOrder(statements(adjustment, RELEASE))).toBeUndefined();
    expect(brokenLockOrder(statements([adjustment[0], ['c1', 'deposit', 100]], RELEASE))).toBe(
      'rollups, then seats',
    );
  });

  it('finds a balance locked after the seats', () => {
    expect(brokenLockOrder(statements(RELEASE, LOCK_BALANCE))).toBe('seats, then balance');
  });
});
