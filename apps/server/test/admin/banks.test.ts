import { randomUUID } from 'node:crypto';
import type { AdminBank } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, auditOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/** The bank accounts agencies deposit into: listed, added, edited, retired (never deleted). */

const ACCOUNT = {
  bank: 'Emirates NBD',
  account_title: 'SkyDesk FZ LLC',
  account_number: '1014-5566-7788',
  iban: 'AE07 0331 2345 6789 0123 456',
};

describe.each(storeKinds())('bank accounts on %s', (kind) => {
  let t: TestApp;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    asOperator(t, operator, method, url, payload);

  it('adds, edits and retires an account, each change audited', async () => {
    expect(await ok(admin('GET', '/api/admin/banks'))).toEqual([]);
    const created = await ok<AdminBank>(admin('POST', '/api/admin/banks', ACCOUNT), 201);
    expect(created).toMatchObject({
      bank: 'Emirates NBD',
      account_number: '1014-5566-7788',
      iban: 'AE070331234567890123456',
      retired_at: null,
    });
    // One live account per bank and number.
    const duplicate = await admin('POST', '/api/admin/banks', { ...ACCOUNT, bank: 'emirates nbd' });
    expect(duplicate.statusCode).toBe(409);
    expect(Object.keys(duplicate.json().data.errors)).toEqual(['account_number']);

    t.clock.advance(1_000);
    const edited = await ok<AdminBank>(
      admin('PUT', `/api/admin/banks/${created.id}`, {
        account_title: 'SkyDesk Travel Tech FZ LLC',
        iban: null,
      }),
    );
    expect(edited).toMatchObject({
      account_title: 'SkyDesk Travel Tech FZ LLC',
      iban: null,
      bank: 'Emirates NBD',
    });
    const usd = await ok<AdminBank>(
      admin('POST', '/api/admin/banks', {
        bank: 'Citibank',
        account_title: 'SkyDesk Inc',
        account_number: '40023311',
      }),
      201,
    );
    expect(usd.iban).toBeNull();

    t.clock.advance(1_000);
    const retired = await ok<AdminBank>(admin('DELETE', `/api/admin/banks/${created.id}`));
    expect(retired.retired_at).toBe(t.clock.now().toISOString());
    expect((await admin('DELETE', `/api/admin/banks/${created.id}`)).statusCode).toBe(409);
    expect((await admin('PUT', `/api/admin/banks/${created.id}`, { bank: 'Other' })).statusCode).toBe(409);
    // Retired, still listed (after the live ones); its number is free for a new live account.
    const list = await ok<AdminBank[]>(admin('GET', '/api/admin/banks'));
    expect(list.map((bank) => [bank.id, bank.retired_at !== null])).toEqual([
      [usd.id, false],
      [created.id, true],
    ]);
    await ok(admin('POST', '/api/admin/banks', ACCOUNT), 201);

    const entries = await auditOf(t, operator, created.id);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'bank.retire',
      'bank.update',
      'bank.create',
    ]);
    expect(entries[1]).toMatchObject({
      before: { account_title: 'SkyDesk FZ LLC', iban: 'AE070331234567890123456' },
      after: { account_title: 'SkyDesk Travel Tech FZ LLC', iban: null },
    });
  });

  it('refuses bad input (422) and unknown accounts (404)', async () => {
    for (const body of [
      {},
      { ...ACCOUNT, iban: 'AE07 0331 2345 6789 0123 457' },
      { ...ACCOUNT, account_number: '12' },
      { ...ACCOUNT, bank: 'x'.repeat(101) },
      { ...ACCOUNT, swift: 'EBILAEAD' },
    ]) {
      const res = await admin('POST', '/api/admin/banks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const unknown = randomUUID();
    expect((await admin('PUT', `/api/admin/banks/${unknown}`, { bank: 'Other' })).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/admin/banks/${unknown}`)).statusCode).toBe(404);
    expect((await admin('PUT', `/api/admin/banks/${unknown}`, {})).statusCode).toBe(422);
  });
});
