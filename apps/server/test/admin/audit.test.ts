import { randomUUID } from 'node:crypto';
import type { AuditList } from '@skydesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { bookingAgent } from '../support/bookings.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/** The audit log: every operator action, filtered by operator, target, action and days; append-only. */

describe.each(storeKinds())('the audit log on %s', (kind) => {
  let t: TestApp;
  let ops: Operator;
  let ada: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ops = await signedInOperator(t);
    ada = await signedInOperator(t, 'Ada Ops');
  });
  afterAll(async () => t?.close());

  const audit = (operator: Operator, query: Record<string, string> = {}) =>
    ok<AuditList>(asOperator(t, operator, 'GET', `/api/admin/audit?${new URLSearchParams(query)}`));

  it('keeps who did what to which target, when, from where, in which request; and filters it', async () => {
    const agent = await bookingAgent(t);
    const day1 = t.clock.now().toISOString().slice(0, 10);
    const credit = await asOperator(
      t,
      ops,
      'POST',
      `/api/admin/companies/${agent.companyId}/adjustments`,
      { amount: 12.34, reason: 'Welcome credit' },
      { ip: '203.0.113.9' },
    );
    expect(credit.statusCode, credit.body).toBe(201);
    const requestId = credit.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    t.clock.advance(86_400_000);
    const day2 = t.clock.now().toISOString().slice(0, 10);
    ops = await signInAgainAsOperator(t, ops);
    ada = await signInAgainAsOperator(t, ada);
    const bank = await ok(
      asOperator(t, ada, 'POST', '/api/admin/banks', {
        bank: 'HSBC',
        account_title: 'SkyDesk',
        account_number: '00123456',
      }),
      201,
    );

    const all = await audit(ops);
    expect(all.total).toBe(2);
    expect(all.entries[1]).toEqual({
      id: expect.any(String),
      actor: { id: ops.id, name: ops.name, email: ops.email },
      action: 'credits.adjust',
      target_type: 'company',
      target_id: agent.companyId,
      agency: { id: agent.companyId, name: expect.any(String) },
      before: { balance: 0, currency: 'USD' },
      after: expect.objectContaining({ balance: 12.34, amount: 12.34, reason: 'Welcome credit' }),
      ip: '203.0.113.9',
      request_id: requestId,
      created_at: expect.stringMatching(new RegExp(`^${day1}T`)),
    });
    expect((await audit(ops, { actor: ada.id })).entries.map((entry) => entry.target_id)).toEqual([bank.id]);
    expect((await audit(ops, { target: agent.companyId })).total).toBe(1);
    expect((await audit(ops, { action: 'bank.create' })).entries[0]?.actor?.id).toBe(ada.id);
    expect((await audit(ops, { from: day2 })).entries.map((entry) => entry.action)).toEqual(['bank.create']);
    expect((await audit(ops, { to: day1 })).entries.map((entry) => entry.action)).toEqual(['credits.adjust']);
    expect((await audit(ops, { from: day1, to: day2 })).total).toBe(2);
    const paged = await audit(ops, { limit: '1', page: '1' });
    expect(paged).toMatchObject({ total: 2, totalPages: 2 });
    expect(paged.entries.map((entry) => entry.action)).toEqual(['credits.adjust']);
    expect((await audit(ops, { target: randomUUID() })).entries).toEqual([]);

    const bad = await asOperator(
      t,
      ops,
      'GET',
      '/api/admin/audit?from=2026-02-30&to=x&actor=me&action=delete&page=-1',
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data.errors).sort()).toEqual(['action', 'actor', 'from', 'page', 'to']);
    const backwards = await asOperator(t, ops, 'GET', `/api/admin/audit?from=${day2}&to=${day1}`);
    expect(backwards.statusCode).toBe(422);
  });

  it('can never be changed or deleted', async () => {
    await ok(
      asOperator(t, ops, 'POST', '/api/admin/banks', {
        bank: 'ADCB',
        account_title: 'SkyDesk',
        account_number: '99887766',
      }),
      201,
    );
    const before = await t.store.db.selectFrom('audit_log').selectAll().execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(
      t.store.db.updateTable('audit_log').set({ action: 'bank.retire' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.store.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`update audit_log set after = null`.execute(t.store.db)).rejects.toThrow(/append-only/);
    expect(await t.store.db.selectFrom('audit_log').selectAll().execute()).toEqual(before);
    // Nor through the API: the log is read-only there (405: it is read, never written; issue 27).
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await asOperator(t, ops, method, '/api/admin/audit');
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD');
    }
  });
});
