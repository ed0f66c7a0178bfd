import { randomUUID } from 'node:crypto';
import { ACCESS, type AdminCredits } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLedgerEntry } from '../../src/modules/payments/ledger.js';
import { ledgerSum, readCreditRow } from '../../src/modules/payments/ledger-repo.js';
import { asOperator, auditOf, notificationsOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import { addCredits, bookingAgent } from '../support/bookings.js';
import { pendingDeposit } from '../support/deposit-desk.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Credit limits (issue 12): an operator grants an agency an overdraft, never below what it already
 * owes; the history is kept, the agency told, the audit log written; manual adjustments may then
 * debit down to minus the limit and no further.
 */

const SECOND_MS = 1_000;

describe.each(storeKinds())('credit limits on %s', (kind) => {
  let t: TestApp;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { maxConnections: 20 });
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    operator = await signInAgainAsOperator(t, operator);
    return asOperator(t, operator, method, url, payload);
  };
  const creditsOf = (companyId: string) =>
    ok<AdminCredits>(admin('GET', `/api/admin/companies/${companyId}/credits`));
  const setLimit = (companyId: string, amount: unknown, reason: unknown = 'Trusted agency since 2019') =>
    admin('PUT', `/api/admin/companies/${companyId}/credit-limit`, { amount, reason });

  it('grants a limit with its history; the agency sees balance, limit and available', async () => {
    const owner = await bookingAgent(t, { creditsMinor: 12_000 });
    await pendingDeposit(t, owner.companyId, { amountMinor: 40_000 });
    expect(await creditsOf(owner.companyId)).toEqual<AdminCredits>({
      balance: 120,
      credit_limit: 0,
      available: 120,
      currency: 'USD',
      pending_deposits: 400,
      history: [],
    });

    t.clock.advance(SECOND_MS);
    const granted = await ok<AdminCredits>(setLimit(owner.companyId, 500));
    const firstAt = t.clock.now().toISOString();
    t.clock.advance(SECOND_MS);
    const raised = await ok<AdminCredits>(setLimit(owner.companyId, 750.5, 'High season'));
    expect(granted).toMatchObject({ balance: 120, credit_limit: 500, available: 620 });
    expect(raised).toEqual<AdminCredits>({
      balance: 120,
      credit_limit: 750.5,
      available: 870.5,
      currency: 'USD',
      pending_deposits: 400,
      history: [
        {
          id: expect.any(String),
          from: 500,
          to: 750.5,
          reason: 'High season',
          operator: { id: operator.id, name: operator.name },
          created_at: t.clock.now().toISOString(),
        },
        {
          id: expect.any(String),
          from: 0,
          to: 500,
          reason: 'Trusted agency since 2019',
          operator: { id: operator.id, name: operator.name },
          created_at: firstAt,
        },
      ],
    });
    expect(await creditsOf(owner.companyId)).toEqual(raised);
    const agency = await get(t, '/api/booking-credits', { token: owner.token });
    expect(agency.json().data).toMatchObject({ balance: 120, credit_limit: 750.5, available: 870.5 });

    const [notice] = await notificationsOf(t, owner);
    expect(notice).toMatchObject({ kind: 'credit_limit_changed', title: 'Credit limit raised: US$750.50' });
    expect(notice?.body).toContain('You may now spend US$870.50');
    expect(notice?.body).toContain('Reason: High season');
    const audit = await auditOf(t, operator, owner.companyId, 'credits.limit');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      target_type: 'company',
      actor: { id: operator.id },
      before: { credit_limit: 500, balance: 120, available: 620, currency: 'USD' },
      after: { credit_limit: 750.5, balance: 120, available: 870.5, reason: 'High season' },
    });
  });

  it('never sets the limit below what the agency already owes', async () => {
    const owner = await bookingAgent(t);
    await ok(setLimit(owner.companyId, 1_000));
    await addCredits(t.store.db, owner.companyId, -60_000);
    const under = await setLimit(owner.companyId, 599.99, 'Reduce exposure');
    expect(under.statusCode).toBe(409);
    expect(under.json().message).toMatch(
      /^.+ already owes US\$600\.00: the credit limit cannot be less than that$/,
    );
    expect((await creditsOf(owner.companyId)).credit_limit).toBe(1_000);
    // Down to exactly what it owes: nothing left to spend.
    t.clock.advance(SECOND_MS);
    const exact = await ok<AdminCredits>(setLimit(owner.companyId, 600, 'Reduce exposure'));
    expect(exact).toMatchObject({ balance: -600, credit_limit: 600, available: 0 });
    expect(exact.history).toHaveLength(2);
    const [notice] = await notificationsOf(t, owner);
    expect(notice).toMatchObject({ kind: 'credit_limit_changed', title: 'Credit limit lowered: US$600.00' });
  });

  it('lets an adjustment debit down to minus the limit, not a cent further', async () => {
    const owner = await bookingAgent(t, { creditsMinor: 20_000 });
    await ok(setLimit(owner.companyId, 300));
    const url = `/api/admin/companies/${owner.companyId}/adjustments`;
    const tooMuch = await admin('POST', url, { amount: -500.01, reason: 'Chargeback' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(
      /would take .*'s balance of US\$200\.00 past its credit limit of US\$300\.00: at most US\$500\.00 can be debited$/,
    );
    t.clock.advance(SECOND_MS);
    const debit = await ok(admin('POST', url, { amount: -500, reason: 'Chargeback' }), 201);
    expect(debit).toMatchObject({ amount: -500, balance_after: -300 });
    const more = await admin('POST', url, { amount: -0.01, reason: 'Bank fee' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/at most US\$0\.00 can be debited$/);
    expect(await creditsOf(owner.companyId)).toMatchObject({
      balance: -300,
      credit_limit: 300,
      available: 0,
    });
    expect(await ledgerSum(t.store.db, owner.companyId)).toBe(-30_000);
    // A credit always goes in.
    t.clock.advance(SECOND_MS);
    await ok(admin('POST', url, { amount: 0.01, reason: 'Rounding' }), 201);
    expect((await creditsOf(owner.companyId)).balance).toBe(-299.99);
  });

  it('alerts the owner when a lower limit takes available credits under the threshold', async () => {
    const owner = await bookingAgent(t, { creditsMinor: 10_000 });
    await t.store.db
      .updateTable('credit_balances')
      .set({ low_balance_threshold_minor: 20_000 })
      .where('company_id', '=', owner.companyId)
      .execute();
    await ok(setLimit(owner.companyId, 500));
    expect((await notificationsOf(t, owner)).map((notice) => notice.kind)).not.toContain('low_balance');
    t.clock.advance(SECOND_MS);
    await ok(setLimit(owner.companyId, 0, 'Overdraft ends'));
    const kinds = (await notificationsOf(t, owner)).map((notice) => notice.kind);
    expect(kinds.filter((kind) => kind === 'low_balance')).toHaveLength(1);
  });

  it('keeps the balance within the limit when the limit is lowered while the agency spends', async () => {
    const owner = await bookingAgent(t);
    await ok(setLimit(owner.companyId, 1_000));
    operator = await signInAgainAsOperator(t, operator);
    const debit = () =>
      t.store.db
        .transaction()
        .execute((trx) =>
          postLedgerEntry(trx, { companyId: owner.companyId, kind: 'ticket', amountMinor: -10_000 }),
        );
    // Five debits go first, the lowering in their midst, ten more after it.
    const early = Array.from({ length: 5 }, debit);
    const lowering = asOperator(t, operator, 'PUT', `/api/admin/companies/${owner.companyId}/credit-limit`, {
      amount: 250,
      reason: 'Reduce exposure',
    });
    const debits = await Promise.allSettled([...early, ...Array.from({ length: 10 }, debit)]);
    const limitAnswer = await lowering;
    const passed = debits.filter((result) => result.status === 'fulfilled');
    const row = await readCreditRow(t.store.db, owner.companyId);
    expect(row.balance_minor).toBe(-10_000 * passed.length);
    expect(row.balance_minor).toBeGreaterThanOrEqual(-row.credit_limit_minor);
    expect(await ledgerSum(t.store.db, owner.companyId)).toBe(row.balance_minor);
    expect([200, 409]).toContain(limitAnswer.statusCode);
    expect(row.credit_limit_minor).toBe(limitAnswer.statusCode === 200 ? 25_000 : 100_000);
  });

  it('answers 404 for an unknown agency and 422 for bad input', async () => {
    const id = randomUUID();
    expect((await admin('GET', `/api/admin/companies/${id}/credits`)).statusCode).toBe(404);
    const unknown = await setLimit(id, 100);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Agency not found');
    expect((await admin('GET', '/api/admin/companies/not-a-uuid/credits')).statusCode).toBe(422);

    const owner = await bookingAgent(t);
    const url = `/api/admin/companies/${owner.companyId}/credit-limit`;
    for (const [body, fields] of [
      [{ amount: -1, reason: 'Negative' }, ['amount']],
      [{ amount: 10_000_000.01, reason: 'Too much' }, ['amount']],
      [{ amount: 1.005, reason: 'Cents' }, ['amount']],
      [{ amount: '100', reason: 'Text' }, ['amount']],
      [{ amount: 100 }, ['reason']],
      [{ amount: 100, reason: 'ok' }, ['reason']],
      [{ reason: 'No amount' }, ['amount']],
      [{ amount: 100, reason: 'Extra', extra: true }, ['extra']],
    ] as const) {
      const bad = await admin('PUT', url, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(bad.json().data.errors).sort(), JSON.stringify(body)).toEqual(fields);
    }
    expect(await creditsOf(owner.companyId)).toMatchObject({ credit_limit: 0, history: [] });
  });

  it('is for operators only: 401 without a session, 403 with an agency token', async () => {
    const owner = await bookingAgent(t);
    for (const [method, url, payload] of [
      ['GET', `/api/admin/companies/${owner.companyId}/credits`, undefined],
      [
        'PUT',
        `/api/admin/companies/${owner.companyId}/credit-limit`,
        { amount: 100, reason: 'Let me spend' },
      ],
    ] as const) {
      expect((await t.app.inject({ method, url, payload })).statusCode, url).toBe(401);
      const agency = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(agency.statusCode, url).toBe(403);
      expect(agency.json().message).toBe(ACCESS.operatorsOnly);
    }
    expect((await readCreditRow(t.store.db, owner.companyId)).credit_limit_minor).toBe(0);
  });
});
