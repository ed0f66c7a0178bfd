import { randomUUID } from 'node:crypto';
import { AppError, type LedgerKind } from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorOf, readCsvStatement } from '../../../../test/support/statement.js';
import { createTestStore, storeKinds, type TestStore } from '../../../../test/support/stores.js';
import { createManualClock } from '../../../platform/clock.js';
import { postLedgerEntry } from '../ledger.js';
import { ledgerSum, readBalance } from '../ledger-repo.js';
import { statementCsv } from './csv.js';
import { createStatementService, type StatementPeriod, type StatementService } from './service.js';

/**
 * Issue 12: "the sum of lines always equals the balance". For any ledger — deposits, adjustments
 * either way, tickets, voids and refunds, with or without a credit limit, debits the limit refuses
 * among them — and any range of days and page size, a statement's opening balance plus the sum of
 * its lines is its closing balance; its pages hold every line of the range exactly once, in order;
 * its totals are its credits and its debits; its CSV says the same; and a range is exactly the
 * lines stamped on its days, its opening the sum of every line before them.
 */

const RUNS = Number(process.env.STATEMENT_RUNS ?? 25);
const DAY_MS = 86_400_000;
const BASE_DAY = Date.parse('2026-03-01T00:00:00Z');
const dayAt = (offset: number) => new Date(BASE_DAY + offset * DAY_MS).toISOString().slice(0, 10);

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

/** Every page of a range, joined: what a client paging through it would have read. */
async function readAllPages(
  statements: StatementService,
  companyId: string,
  period: StatementPeriod,
  limit: number,
) {
  const range = await statements.range(companyId, period);
  const first = await statements.page(range, 0, limit);
  const entries = [...first.entries];
  for (let page = 1; page < first.totalPages; page += 1) {
    const answer = await statements.page(range, page, limit);
    expect(answer.total).toBe(first.total);
    expect(answer.entries.length).toBe(page < first.totalPages - 1 ? limit : first.total - page * limit);
    entries.push(...answer.entries);
  }
  // A page past the last is empty.
  expect((await statements.page(range, first.totalPages, limit)).entries).toEqual([]);
  return { range, first, entries };
}

async function csvOf(
  statements: StatementService,
  companyId: string,
  period: StatementPeriod,
  batch: number,
) {
  const range = await statements.range(companyId, period);
  let text = '';
  for await (const chunk of statementCsv(range, statements.lines(range, batch))) text += chunk;
  return readCsvStatement(text);
}

describe.each(storeKinds())('the statement reconciles on %s', (kind) => {
  let store: TestStore;
  let statements: StatementService;
  let bankId: string;
  beforeAll(async () => {
    store = await createTestStore(kind);
    statements = createStatementService({ store, clock: createManualClock() });
    bankId = (
      await store.db
        .insertInto('banks')
        .values({ bank: 'Mashreq', account_title: 'SkyDesk FZ LLC', account_number: '2020202020' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => store?.dispose());

  async function newCompany(creditLimitMinor = 0) {
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
      .values({ company_id: id, currency: 'USD', credit_limit_minor: creditLimitMinor })
      .execute();
    return id;
  }

  /** Posts as the application does; a debit past the credit limit is refused and leaves no line. */
  async function post(companyId: string, { kind, amountMinor }: Posting): Promise<boolean> {
    try {
      await store.db.transaction().execute(async (trx) => {
        let transactionId: string | null = null;
        if (kind === 'deposit') {
          const deposit = await trx
            .insertInto('deposit_transactions')
            .values({
              company_id: companyId,
              bank_id: bankId,
              amount_minor: amountMinor,
              currency: 'USD',
              deposit_date: '2026-11-20',
              reference_no: `REF-${randomUUID().slice(0, 12)}`,
              receipt_key: randomUUID(),
              receipt_file_name: 'receipt.png',
              receipt_content_type: 'image/png',
              receipt_size_bytes: 100,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          transactionId = deposit.id;
        }
        const entry = await postLedgerEntry(trx, { companyId, kind, amountMinor, transactionId });
        if (transactionId) {
          await trx
            .updateTable('deposit_transactions')
            .set({ status: 'approved', ledger_entry_id: entry.id, decided_at: new Date() })
            .where('id', '=', transactionId)
            .execute();
        }
      });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 402) return false;
      throw error;
    }
  }

  it('opening + the lines = closing = the balance, every line once, for postings the ledger took', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          creditLimitMinor: fc.constantFrom(0, 0, 150_000),
          postings: fc.array(posting, { minLength: 0, maxLength: 18 }),
          limit: fc.integer({ min: 1, max: 7 }),
          batch: fc.integer({ min: 1, max: 5 }),
        }),
        async ({ creditLimitMinor, postings, limit, batch }) => {
          const companyId = await newCompany(creditLimitMinor);
          const taken: Posting[] = [];
          for (const next of postings) if (await post(companyId, next)) taken.push(next);

          const { first, entries } = await readAllPages(statements, companyId, {}, limit);
          const { balanceMinor } = await readBalance(store.db, companyId);
          expect(first.total).toBe(taken.length);
          expect(entries.map((entry) => entry.line)).toEqual(taken.map((_, index) => index + 1));
          expect(entries.map((entry) => [entry.kind, minorOf(entry.amount)])).toEqual(
            taken.map((line) => [line.kind, line.amountMinor]),
          );
          const sum = entries.reduce((total, entry) => total + minorOf(entry.amount), 0);
          expect(minorOf(first.opening_balance)).toBe(0);
          expect(minorOf(first.opening_balance) + sum).toBe(minorOf(first.closing_balance));
          expect(minorOf(first.closing_balance)).toBe(balanceMinor);
          expect(await ledgerSum(store.db, companyId)).toBe(balanceMinor);
          expect(balanceMinor).toBeGreaterThanOrEqual(-creditLimitMinor);
          const credits = taken
            .filter((line) => line.amountMinor > 0)
            .reduce((s, line) => s + line.amountMinor, 0);
          expect(minorOf(first.total_credits)).toBe(credits);
          expect(minorOf(first.total_debits)).toBe(sum - credits);
          for (const entry of entries) {
            expect(entry.transaction_id !== null, `line ${entry.line}`).toBe(entry.kind === 'deposit');
            expect(entry.reference_no !== null).toBe(entry.kind === 'deposit');
          }

          const csv = await csvOf(statements, companyId, {}, batch);
          expect(csv.lines.map((line) => minorOf(Number(line.amount)))).toEqual(
            taken.map((line) => line.amountMinor),
          );
          expect(csv.openingMinor + sum).toBe(csv.closingMinor);
          expect(csv.closingMinor).toBe(balanceMinor);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a range of days is exactly the lines stamped on them, opening with the sum of those before', async () => {
    // Lines a few days apart (several on a day), written as the ledger writes them but stamped
    // on chosen days, then asked for random ranges, open at either end or both.
    const stampedLine = fc.record({
      gapDays: fc.constantFrom(0, 0, 1, 2, 5),
      amountMinor: fc.integer({ min: -90_000, max: 120_000 }).filter((amount) => amount !== 0),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          lines: fc.array(stampedLine, { minLength: 0, maxLength: 30 }),
          from: fc.option(fc.integer({ min: -2, max: 45 }), { nil: undefined }),
          span: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
          limit: fc.integer({ min: 1, max: 9 }),
          batch: fc.integer({ min: 1, max: 8 }),
        }),
        async ({ lines, from, span, limit, batch }) => {
          const companyId = await newCompany();
          let day = 0;
          let balance = 0;
          let credits = 0;
          const stamped = lines.map((line, index) => {
            day += line.gapDays;
            balance += line.amountMinor;
            credits += Math.max(line.amountMinor, 0);
            return {
              company_id: companyId,
              seq: index + 1,
              kind: (line.amountMinor > 0 ? 'deposit' : 'ticket') as LedgerKind,
              amount_minor: line.amountMinor,
              balance_after_minor: balance,
              credits_after_minor: credits,
              currency: 'USD',
              // Minutes into the day, in line order, as postings serialised by the ledger's lock are.
              created_at: new Date(BASE_DAY + day * DAY_MS + index * 60_000),
              day,
            };
          });
          if (stamped.length > 0) {
            await store.db
              .insertInto('ledger_entries')
              .values(stamped.map(({ day: _, ...row }) => row))
              .execute();
            await store.db
              .updateTable('credit_balances')
              .set({
                balance_minor: balance,
                entry_count: stamped.length,
                credits_total_minor: credits,
                credit_limit_minor: Math.max(0, -Math.min(0, balance)),
              })
              .where('company_id', '=', companyId)
              .execute();
          }
          const period: StatementPeriod = {
            fromDate: from === undefined ? undefined : dayAt(from),
            toDate: span === undefined ? undefined : dayAt((from ?? 0) + span),
          };
          const inRange = (line: (typeof stamped)[number]) =>
            (period.fromDate === undefined || line.day >= (from ?? 0)) &&
            (period.toDate === undefined || line.day <= (from ?? 0) + (span ?? 0));
          const expected = stamped.filter(inRange);
          const before = stamped.filter((line) => period.fromDate !== undefined && line.day < (from ?? 0));
          const openingMinor = before.reduce((total, line) => total + line.amount_minor, 0);

          const { first, entries } = await readAllPages(statements, companyId, period, limit);
          expect(entries.map((entry) => entry.line)).toEqual(expected.map((line) => line.seq));
          const sum = entries.reduce((total, entry) => total + minorOf(entry.amount), 0);
          expect(minorOf(first.opening_balance)).toBe(openingMinor);
          expect(minorOf(first.closing_balance)).toBe(openingMinor + sum);
          let running = openingMinor;
          for (const entry of entries) {
            running += minorOf(entry.amount);
            expect(minorOf(entry.running_balance)).toBe(running);
          }
          const rangeCredits = expected
            .filter((l) => l.amount_minor > 0)
            .reduce((s, l) => s + l.amount_minor, 0);
          expect(minorOf(first.total_credits)).toBe(rangeCredits);
          expect(minorOf(first.total_debits)).toBe(sum - rangeCredits);

          const csv = await csvOf(statements, companyId, period, batch);
          expect(csv.lines.map((line) => Number(line.line))).toEqual(expected.map((line) => line.seq));
          expect(csv.openingMinor).toBe(openingMinor);
          expect(csv.closingMinor).toBe(openingMinor + sum);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
