import { randomUUID } from 'node:crypto';
import { ACCESS, type AdminDeposit, type AdminDepositList } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { asOperator, auditOf, notificationsOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { formData, get, postForm, sampleFiles, type TestApp } from '../support/auth-flow.js';
import { type Agent, addCredits, bookingAgent } from '../support/bookings.js';
import { pendingDeposit, testBank } from '../support/deposit-desk.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * The deposit desk (issue 12): pending deposits oldest first with their receipts, approval that
 * credits the agency in the same transaction (a `deposit` ledger entry), rejection with a reason
 * the agency is shown, and one decision per deposit whatever the concurrency.
 */

const MINUTE_MS = 60_000;

describe.each(storeKinds())('the deposit desk on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 10_000 });
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    operator = await signInAgainAsOperator(t, operator);
    return asOperator(t, operator, method, url, payload);
  };
  const balance = async (companyId = agent.companyId) =>
    (await readBalance(t.store.db, companyId)).balanceMinor;
  const queue = (query: string) => ok<AdminDepositList>(admin('GET', `/api/admin/transactions?${query}`));

  it('queues pending deposits oldest first, pages them and filters by agency', async () => {
    const owner = await bookingAgent(t);
    const other = await bookingAgent(t);
    const bankId = await testBank(t.store.db, 'Mashreq');
    const first = await pendingDeposit(t, owner.companyId, {
      amountMinor: 100_000,
      bankId,
      userId: owner.user.id,
    });
    t.clock.advance(MINUTE_MS);
    const elsewhere = await pendingDeposit(t, other.companyId, { amountMinor: 5_000 });
    t.clock.advance(MINUTE_MS);
    const second = await pendingDeposit(t, owner.companyId, { amountMinor: 250_050, note: 'March top-up' });
    t.clock.advance(MINUTE_MS);
    const third = await pendingDeposit(t, owner.companyId, { amountMinor: 7_500 });

    const all = await queue('status=pending&limit=100');
    const ids = all.deposits.map((deposit) => deposit.id);
    // Oldest first, whichever agency.
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(elsewhere.id));
    expect(ids.indexOf(elsewhere.id)).toBeLessThan(ids.indexOf(second.id));

    const page0 = await queue(`company_id=${owner.companyId}&limit=2`);
    expect(page0).toMatchObject({ total: 3, totalPages: 2 });
    expect(page0.deposits.map((deposit) => deposit.id)).toEqual([first.id, second.id]);
    const page1 = await queue(`company_id=${owner.companyId}&limit=2&page=1`);
    expect(page1.deposits.map((deposit) => deposit.id)).toEqual([third.id]);
    expect(page0.deposits[0]).toEqual<AdminDeposit>({
      id: first.id,
      status: 'pending',
      company: { id: owner.companyId, name: expect.any(String) },
      bank: { id: bankId, bank: 'Mashreq', account_number: expect.any(String) },
      amount: 1_000,
      currency: 'USD',
      deposit_date: t.clock.now().toISOString().slice(0, 10),
      reference_no: first.referenceNo,
      note: null,
      receipt: {
        file_name: 'transfer receipt.pdf',
        content_type: 'application/pdf',
        size: first.receipt.length,
        url: `/api/admin/transactions/${first.id}/receipt`,
        download_url: `/api/admin/transactions/${first.id}/receipt?download=true`,
      },
      created_by: { id: owner.user.id, name: expect.any(String) },
      created_at: expect.any(String),
      decided_at: null,
      decided_by: null,
      rejection_reason: null,
      company_balance: 0,
    });
    expect(page0.deposits[1]).toMatchObject({ amount: 2_500.5, note: 'March top-up', created_by: null });
    expect(await ok(admin('GET', `/api/admin/transactions/${second.id}`))).toEqual(page0.deposits[1]);
    expect((await queue(`company_id=${owner.companyId}&status=approved`)).total).toBe(0);
  });

  it('decides what the agency recorded: its receipt, balance, list and notifications show it', async () => {
    const bankId = await testBank(t.store.db, 'ADCB');
    const record = async (amount: string, referenceNo: string) => {
      const form = formData(
        {
          bank_id: bankId,
          amount,
          deposit_date: t.clock.now().toISOString().slice(0, 10),
          reference_no: referenceNo,
        },
        [{ name: 'receipt', content: receipt, filename: 'slip.png', type: 'image/png' }],
      );
      const res = await postForm(t, '/api/company/create-transaction', form, { token: agent.token });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const receipt = sampleFiles.png();
    const before = await balance();
    const approvedId = await record('300.25', 'FT-ROUND-TRIP-1');
    t.clock.advance(MINUTE_MS);
    const rejectedId = await record('99.99', 'FT-ROUND-TRIP-2');
    const waiting = await queue(`company_id=${agent.companyId}&limit=100`);
    const ids = waiting.deposits.map((deposit) => deposit.id);
    expect(ids.indexOf(approvedId)).toBeLessThan(ids.indexOf(rejectedId));
    expect(waiting.deposits.find((deposit) => deposit.id === approvedId)).toMatchObject({
      amount: 300.25,
      reference_no: 'FT-ROUND-TRIP-1',
      bank: { id: bankId, bank: 'ADCB' },
      receipt: { file_name: 'slip.png', content_type: 'image/png', size: receipt.length },
      created_by: { id: agent.user.id },
    });
    const shown = await admin('GET', `/api/admin/transactions/${approvedId}/receipt`);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(receipt)).toBe(true);

    t.clock.advance(MINUTE_MS);
    await ok(admin('POST', `/api/admin/transactions/${approvedId}/approve`));
    await ok(admin('POST', `/api/admin/transactions/${rejectedId}/reject`, { reason: 'No such transfer' }));
    const credits = await ok(get(t, '/api/booking-credits', { token: agent.token }));
    expect(credits.balance).toBe((before + 30_025) / 100);
    const own = await get(t, '/api/company/user-transactions', { token: agent.token });
    const mine = own.json().data as { id: string; status: string; rejection_reason: string | null }[];
    expect(mine.find((deposit) => deposit.id === approvedId)).toMatchObject({
      status: 'approved',
      rejection_reason: null,
    });
    expect(mine.find((deposit) => deposit.id === rejectedId)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'No such transfer',
    });
    const titles = (await notificationsOf(t, agent)).map((notice) => `${notice.kind}: ${notice.title}`);
    expect(titles).toEqual(
      expect.arrayContaining([
        'deposit_approved: Deposit FT-ROUND-TRIP-1 approved',
        'deposit_rejected: Deposit FT-ROUND-TRIP-2 rejected',
      ]),
    );
  });

  it('serves the receipt inline, or as an attachment to save', async () => {
    const deposit = await pendingDeposit(t, agent.companyId, { amountMinor: 1_000 });
    const inline = await admin('GET', `/api/admin/transactions/${deposit.id}/receipt`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe('inline; filename="transfer_receipt.pdf"');
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['cache-control']).toBe('private, no-store');
    expect(inline.rawPayload.equals(deposit.receipt)).toBe(true);
    const saved = await admin('GET', `/api/admin/transactions/${deposit.id}/receipt?download=true`);
    expect(saved.headers['content-disposition']).toBe('attachment; filename="transfer_receipt.pdf"');
    expect(saved.rawPayload.equals(deposit.receipt)).toBe(true);
    const bad = await admin('GET', `/api/admin/transactions/${deposit.id}/receipt?download=maybe`);
    expect(bad.statusCode).toBe(422);
  });

  it('approves a deposit: the ledger credits it in the same transaction and the agency is told', async () => {
    const before = await balance();
    const deposit = await pendingDeposit(t, agent.companyId, { amountMinor: 123_456 });
    t.clock.advance(MINUTE_MS);
    const approved = await ok<AdminDeposit>(admin('POST', `/api/admin/transactions/${deposit.id}/approve`));
    expect(approved).toMatchObject({
      id: deposit.id,
      status: 'approved',
      decided_at: t.clock.now().toISOString(),
      decided_by: { id: operator.id, name: operator.name },
      rejection_reason: null,
      company_balance: (before + 123_456) / 100,
    });
    expect(await balance()).toBe(before + 123_456);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(before + 123_456);
    const row = await t.store.db
      .selectFrom('deposit_transactions')
      .innerJoin('ledger_entries', 'ledger_entries.id', 'deposit_transactions.ledger_entry_id')
      .select([
        'ledger_entries.kind',
        'ledger_entries.amount_minor',
        'ledger_entries.transaction_id',
        'ledger_entries.note',
        'ledger_entries.balance_after_minor',
      ])
      .where('deposit_transactions.id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      kind: 'deposit',
      amount_minor: 123_456,
      transaction_id: deposit.id,
      note: `Bank deposit ${deposit.referenceNo}`,
      balance_after_minor: before + 123_456,
    });

    // Decided once: neither a second approval nor a rejection changes anything.
    for (const [action, body] of [
      ['approve', undefined],
      ['reject', { reason: 'Changed my mind' }],
    ] as const) {
      const again = await admin('POST', `/api/admin/transactions/${deposit.id}/${action}`, body);
      expect(again.statusCode, action).toBe(409);
      expect(again.json().message).toBe(`Deposit ${deposit.referenceNo} is already approved`);
    }
    expect(await balance()).toBe(before + 123_456);

    const [notice] = await notificationsOf(t, agent);
    expect(notice).toMatchObject({
      kind: 'deposit_approved',
      title: `Deposit ${deposit.referenceNo} approved`,
      link: '/dashboard/transactions',
    });
    expect(notice?.body).toContain('US$1,234.56 credited');
    const [audit, ...more] = await auditOf(t, operator, deposit.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      action: 'deposit.approve',
      target_type: 'deposit',
      actor: { id: operator.id },
      before: { status: 'pending', balance: before / 100 },
      after: { status: 'approved', amount: 1_234.56, currency: 'USD', balance: (before + 123_456) / 100 },
    });

    // Decided ones: newest decision first.
    const older = await pendingDeposit(t, agent.companyId, { amountMinor: 100 });
    t.clock.advance(MINUTE_MS);
    await ok(admin('POST', `/api/admin/transactions/${older.id}/approve`));
    const decided = await queue(`status=approved&company_id=${agent.companyId}`);
    expect(decided.deposits.map((entry) => entry.id).slice(0, 2)).toEqual([older.id, deposit.id]);
    expect((await queue(`company_id=${agent.companyId}`)).deposits.map((entry) => entry.id)).not.toContain(
      deposit.id,
    );
  });

  it('rejects a deposit with a reason the agency reads; nothing is credited', async () => {
    const before = await balance();
    const deposit = await pendingDeposit(t, agent.companyId, { amountMinor: 50_000 });
    for (const body of [
      undefined,
      {},
      { reason: '' },
      { reason: 'y'.repeat(1_001) },
      { reason: 'Fine', x: 1 },
    ]) {
      const bad = await admin('POST', `/api/admin/transactions/${deposit.id}/reject`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
    const missing = await admin('POST', `/api/admin/transactions/${deposit.id}/reject`, {});
    expect(Object.keys(missing.json().data.errors)).toEqual(['reason']);
    t.clock.advance(MINUTE_MS);
    const reason = 'The receipt shows a different amount';
    const rejected = await ok<AdminDeposit>(
      admin('POST', `/api/admin/transactions/${deposit.id}/reject`, { reason }),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection_reason: reason,
      decided_by: { id: operator.id },
      decided_at: t.clock.now().toISOString(),
    });
    expect(await balance()).toBe(before);
    const again = await admin('POST', `/api/admin/transactions/${deposit.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Deposit ${deposit.referenceNo} is already rejected`);
    expect(await balance()).toBe(before);
    const [notice] = await notificationsOf(t, agent);
    expect(notice).toMatchObject({ kind: 'deposit_rejected', link: '/dashboard/transactions' });
    expect(notice?.body).toContain(reason);
    const [audit] = await auditOf(t, operator, deposit.id);
    expect(audit).toMatchObject({
      action: 'deposit.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', reason, amount: 500 },
    });
    expect((await queue(`status=rejected&company_id=${agent.companyId}`)).deposits[0]?.id).toBe(deposit.id);
  });

  it('decides a deposit once when two operators decide it at once', async () => {
    const other = await signedInOperator(t, 'Ada Ops');
    operator = await signInAgainAsOperator(t, operator);
    for (const [first, second] of [
      ['approve', 'approve'],
      ['approve', 'reject'],
      ['reject', 'reject'],
    ] as const) {
      const before = await balance();
      const deposit = await pendingDeposit(t, agent.companyId, { amountMinor: 20_000 });
      const call = (who: Operator, action: 'approve' | 'reject') =>
        asOperator(
          t,
          who,
          'POST',
          `/api/admin/transactions/${deposit.id}/${action}`,
          action === 'reject' ? { reason: 'Not on our statement' } : undefined,
        );
      const answers = await Promise.all([call(operator, first), call(other, second)]);
      const label = `${first} + ${second}: ${answers.map((res) => res.body).join('\n')}`;
      expect(answers.map((res) => res.statusCode).sort(), label).toEqual([200, 409]);
      const winner = answers.find((res) => res.statusCode === 200)!.json().data as AdminDeposit;
      const credited = winner.status === 'approved' ? 20_000 : 0;
      expect(await balance()).toBe(before + credited);
      expect(await ledgerSum(t.store.db, agent.companyId)).toBe(before + credited);
      const entries = await t.store.db
        .selectFrom('ledger_entries')
        .select('amount_minor')
        .where('transaction_id', '=', deposit.id)
        .execute();
      expect(entries).toHaveLength(credited ? 1 : 0);
      expect(await auditOf(t, operator, deposit.id)).toHaveLength(1);
    }
  });

  it('answers 404 for unknown deposits and 422 for bad input', async () => {
    const id = randomUUID();
    for (const [method, url, body] of [
      ['GET', `/api/admin/transactions/${id}`, undefined],
      ['GET', `/api/admin/transactions/${id}/receipt`, undefined],
      ['POST', `/api/admin/transactions/${id}/approve`, undefined],
      ['POST', `/api/admin/transactions/${id}/reject`, { reason: 'Not ours' }],
    ] as const) {
      const res = await admin(method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Deposit not found');
    }
    const badQuery = await admin('GET', '/api/admin/transactions?status=done&company_id=x&page=-1');
    expect(badQuery.statusCode).toBe(422);
    expect(Object.keys(badQuery.json().data.errors).sort()).toEqual(['company_id', 'page', 'status']);
    expect((await admin('GET', '/api/admin/transactions/not-a-uuid')).statusCode).toBe(422);
    expect((await admin('POST', '/api/admin/transactions/not-a-uuid/approve')).statusCode).toBe(422);
  });

  it('is for operators only: 401 without a session, 403 with an agency token', async () => {
    const deposit = await pendingDeposit(t, agent.companyId, { amountMinor: 1_000 });
    const calls = [
      ['GET', '/api/admin/transactions'],
      ['GET', `/api/admin/transactions/${deposit.id}`],
      ['GET', `/api/admin/transactions/${deposit.id}/receipt`],
      ['POST', `/api/admin/transactions/${deposit.id}/approve`],
      ['POST', `/api/admin/transactions/${deposit.id}/reject`],
    ] as const;
    for (const [method, url] of calls) {
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, url).toBe(401);
      const agency = await t.app.inject({ method, url, headers: { authorization: `Bearer ${agent.token}` } });
      expect(agency.statusCode, url).toBe(403);
      expect(agency.json().message).toBe(ACCESS.operatorsOnly);
    }
    expect(await balance()).toBe(await ledgerSum(t.store.db, agent.companyId));
    const row = await t.store.db
      .selectFrom('deposit_transactions')
      .select('status')
      .where('id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('credits an agency that owes under its credit limit back toward zero', async () => {
    const owner = await bookingAgent(t);
    await ok(
      admin('PUT', `/api/admin/companies/${owner.companyId}/credit-limit`, {
        amount: 300,
        reason: 'Seasonal overdraft',
      }),
    );
    await addCredits(t.store.db, owner.companyId, -25_000);
    const deposit = await pendingDeposit(t, owner.companyId, { amountMinor: 10_000 });
    const approved = await ok<AdminDeposit>(admin('POST', `/api/admin/transactions/${deposit.id}/approve`));
    expect(approved.company_balance).toBe(-150);
    expect(await balance(owner.companyId)).toBe(-15_000);
  });
});
