import { type Transaction, TransactionListQuery } from '@skydesk/contract';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositService, TRANSACTION_BATCH_SIZE } from '../../src/modules/payments/deposits.js';
import { jsonListText } from '../../src/platform/http/json-list-stream.js';
import type { CompanyPrincipal } from '../../src/platform/http/principal.js';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { pendingDeposit, testBank } from '../support/deposit-desk.js';
import { storeKinds } from '../support/stores.js';

/**
 * The deposits list streams (spec default: page 0, limit 10,000,000): it is read from the store a
 * batch at a time — the first at the page's offset, the next after the last row read (keyset on
 * created_at, id) — and written out as one JSON array while it is read.
 */

/** Counts the rows each query answers. */
function rowCounter() {
  const rowsPerQuery: number[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => args.node,
    transformResult: async (args: PluginTransformResultArgs) => {
      rowsPerQuery.push(args.result.rows.length);
      return args.result;
    },
  };
  return { plugin, rowsPerQuery };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe.each(storeKinds())('the streamed deposits list on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let principal: CompanyPrincipal;
  let bankId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t);
    principal = {
      kind: 'company',
      userId: agent.user.id,
      companyId: agent.companyId,
      companyStatus: 'approved',
      sessionId: 'test',
      isOwner: false,
      bookingsScope: 'all',
      permissions: ['payments.view'],
    };
    bankId = await testBank(t.store.db);
    // Eight deposits, several recorded in the same millisecond (and microsecond: one statement),
    // so the keyset's tie-break on id is exercised across batch boundaries.
    for (let i = 0; i < 8; i++) {
      if (i % 3 === 0) t.clock.advance(60_000);
      await pendingDeposit(t, agent.companyId, { amountMinor: (i + 1) * 100, bankId });
    }
  });
  afterAll(async () => t?.close());

  const listOverHttp = async (query = '') => {
    const res = await get(t, `/api/company/user-transactions${query}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json().data as Transaction[];
  };

  it('reads a batch per query, never more rows at once, and the batches make the whole list', async () => {
    const counter = rowCounter();
    const deposits = createDepositService({
      db: t.store.db.withPlugin(counter.plugin),
      files: t.app.skydesk.platform.files,
      clock: t.clock,
      batchSize: 3,
    });
    const batches = await collect(deposits.transactionBatches(principal, TransactionListQuery.parse({})));
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 2]);
    expect(counter.rowsPerQuery).toEqual([3, 3, 2]);

    const whole = await listOverHttp();
    expect(whole).toHaveLength(8);
    expect(batches.flat()).toEqual(whole);
    const ids = whole.map((row) => row.id);
    expect(new Set(ids).size).toBe(8);
    // Newest first: created_at never rises along the list.
    const times = whole.map((row) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    // A page skips page × limit rows, then goes on by keyset: the same rows as the whole list's.
    counter.rowsPerQuery.length = 0;
    const page = await collect(
      deposits.transactionBatches(principal, TransactionListQuery.parse({ page: 1, limit: 5 })),
    );
    expect(page.flat().map((row) => row.id)).toEqual(ids.slice(5, 10));
    expect(Math.max(...counter.rowsPerQuery)).toBeLessThanOrEqual(3);
  });

  it('writes the batches out as one valid JSON envelope', async () => {
    const deposits = createDepositService({
      db: t.store.db,
      files: t.app.skydesk.platform.files,
      clock: t.clock,
      batchSize: 2,
    });
    const chunks = await collect(
      jsonListText('Transactions', deposits.transactionBatches(principal, TransactionListQuery.parse({}))),
    );
    // The head, four batches, the tail.
    expect(chunks).toHaveLength(6);
    const body = JSON.parse(chunks.join(''));
    expect(body).toEqual({ status: true, message: 'Transactions', data: await listOverHttp() });
    // An empty list is still one array.
    const none = await collect(
      jsonListText(
        'Transactions',
        deposits.transactionBatches(principal, {
          ...TransactionListQuery.parse({}),
          status: 'approved',
        }),
      ),
    );
    expect(JSON.parse(none.join(''))).toEqual({ status: true, message: 'Transactions', data: [] });
  });

  it('serves a list longer than several batches over HTTP, in order, compressed or not', async () => {
    const owner = await bookingAgent(t);
    const count = TRANSACTION_BATCH_SIZE * 2 + 37;
    // Straight into the store in one statement: every row shares created_at, so the order and
    // the batch boundaries rest on the id tie-break alone.
    await t.store.db
      .insertInto('deposit_transactions')
      .values(
        Array.from({ length: count }, (_, i) => ({
          company_id: owner.companyId,
          bank_id: bankId,
          amount_minor: i + 1,
          currency: 'USD',
          deposit_date: '2026-11-01',
          reference_no: `BULK-${i}`,
          receipt_key: `bulk-${owner.companyId}-${i}`,
          receipt_file_name: 'receipt.pdf',
          receipt_content_type: 'application/pdf',
          receipt_size_bytes: 1,
          created_at: t.clock.now(),
        })),
      )
      .execute();
    const res = await get(t, '/api/company/user-transactions', {
      token: owner.token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await get(t, '/api/company/user-transactions', { token: owner.token });
    const rows = plain.json().data as Transaction[];
    expect(rows).toHaveLength(count);
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(count);
    expect([...ids].sort().reverse()).toEqual(ids);
  });
});
