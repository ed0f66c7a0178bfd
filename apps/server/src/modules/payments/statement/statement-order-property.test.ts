import { randomUUID } from 'node:crypto';
import { AppError, LEDGER_KINDS, type LedgerKind, type StatementEntry } from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorOf } from '../../../../test/support/statement.js';
import { createTestStore, storeKinds, type TestStore } from '../../../../test/support/stores.js';
import { createManualClock } from '../../../platform/clock.js';
import { postLedgerEntry } from '../ledger.js';
import { createStatementService, type StatementService } from './service.js';

/**
 * Issue 30: the statement reads newest first, and only some kinds, with the balance column still
 * right. For any ledger and page size: the newest-first pages are the oldest-first lines in reverse;
 * every line's balance is the sum of the ledger up to it, so read downwards each balance less its
 * line's amount is the balance on the row below; and a page of some kinds only shows exactly those
 * lines, each with the balance the unfiltered statement gives it.
 */

const RUNS = Number(process.env.STATEMENT_RUNS ?? 20);

type Posting = { kind: LedgerKind; amountMinor: number };

const posting: fc.Arbitrary<Posting> = fc.oneof(
  fc.record({ kind: fc.constant<LedgerKind>('deposit'), amountMinor: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({
    kind: fc.constant<LedgerKind>('adjustment'),
    amountMinor: fc.integer({ min: -200_000, max: 200_000 }).filter((amount) => amount !== 0),
  }),
  fc.record({ kind: fc.constant<LedgerKind>('ticket'), amountMinor: fc.integer({ min: -300_000, max: -1 }) }),
  fc.record({
    kind: fc.constantFrom<LedgerKind>('void', 'refund'),
    amountMinor: fc.integer({ min: 1, max: 300_000 }),
  }),
);

/** Every page of the statement in one order (and kinds), joined. */
async function allPages(
  statements: StatementService,
  companyId: string,
  limit: number,
  view: { order: 'oldest' | 'newest'; kinds?: LedgerKind[] },
) {
  const range = await statements.range(companyId, {});
  const first = await statements.page(range, 0, limit, view);
  const entries: StatementEntry[] = [...first.entries];
  for (let page = 1; page < first.totalPages; page += 1) {
    const answer = await statements.page(range, page, limit, view);
    expect(answer.total).toBe(first.total);
    entries.push(...answer.entries);
  }
  expect((await statements.page(range, first.totalPages, limit, view)).entries).toEqual([]);
  return { first, entries };
}

describe.each(storeKinds())('the statement newest first and by kind on %s', (kind) => {
  let store: TestStore;
  let statements: StatementService;
  beforeAll(async () => {
    store = await createTestStore(kind);
    statements = createStatementService({ store, clock: createManualClock() });
  });
  afterAll(() => store?.dispose());

  async function newCompany() {
    const { id } = await store.db
      .insertInto('companies')
      .values({
        name: `Statement ${randomUUID().slice(0, 8)}`,
        contact_name: 'Sara Ledger',
        email: `${randomUUID()}@example.test`,
        phone: '+971500000000',
        country: 'AE',
        city: 'Dubai',
        address: '1 Creek Road',
        currency: 'USD',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto('credit_balances')
      .values({ company_id: id, currency: 'USD', credit_limit_minor: 100_000 })
      .execute();
    return id;
  }

  /** Posts as the application does; a debit past the credit limit is refused and leaves no line. */
  async function post(companyId: string, { kind, amountMinor }: Posting): Promise<boolean> {
    try {
      await store.db
        .transaction()
        .execute((trx) => postLedgerEntry(trx, { companyId, kind, amountMinor, transactionId: null }));
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 402) return false;
      throw error;
    }
  }

  it('newest first is oldest first reversed, each balance the ledger up to its line, filtered or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          postings: fc.array(posting, { minLength: 0, maxLength: 16 }),
          limit: fc.integer({ min: 1, max: 6 }),
          kinds: fc.subarray([...LEDGER_KINDS], { minLength: 1 }),
        }),
        async ({ postings, limit, kinds }) => {
          const companyId = await newCompany();
          const taken: Posting[] = [];
          for (const next of postings) if (await post(companyId, next)) taken.push(next);
          // The balance after each line, as the ledger's sum so far.
          const after: number[] = [];
          for (const line of taken) after.push((after.at(-1) ?? 0) + line.amountMinor);

          const oldest = await allPages(statements, companyId, limit, { order: 'oldest' });
          const newest = await allPages(statements, companyId, limit, { order: 'newest' });
          expect(newest.first.total).toBe(taken.length);
          expect(newest.entries.map((entry) => entry.line)).toEqual(taken.map((_, i) => taken.length - i));
          expect(newest.entries).toEqual([...oldest.entries].reverse());
          // The figures of the period don't depend on the order its lines are read in.
          const { entries: _o, ...oldestFigures } = oldest.first;
          const { entries: _n, ...newestFigures } = newest.first;
          expect(newestFigures).toEqual(oldestFigures);

          for (const [index, entry] of newest.entries.entries()) {
            expect(minorOf(entry.running_balance), `line ${entry.line}`).toBe(after[entry.line - 1]);
            const below = newest.entries[index + 1];
            // Read downwards: this balance less this line is the balance of the line below it
            // (the opening balance under the oldest line).
            expect(minorOf(entry.running_balance) - minorOf(entry.amount)).toBe(
              below ? minorOf(below.running_balance) : minorOf(newest.first.opening_balance),
            );
          }
          expect(minorOf(newest.entries[0]?.running_balance ?? 0)).toBe(
            minorOf(newest.first.closing_balance),
          );

          const wanted = new Set(kinds);
          const filtered = await allPages(statements, companyId, limit, { order: 'newest', kinds });
          const expected = newest.entries.filter((entry) => wanted.has(entry.kind));
          expect(filtered.first.total).toBe(expected.length);
          expect(filtered.entries).toEqual(expected);
          const filteredOldest = await allPages(statements, companyId, limit, { order: 'oldest', kinds });
          expect(filteredOldest.entries).toEqual([...expected].reverse());
        },
      ),
      { numRuns: RUNS },
    );
  });
});
