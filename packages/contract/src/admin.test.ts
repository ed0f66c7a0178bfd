import { describe, expect, it } from 'vitest';
import {
  AdjustmentBody,
  AuditQuery,
  adminEndpoints,
  BankBody,
  BankUpdateBody,
  isValidIban,
  ReasonBody,
  RefundApprovalBody,
} from './admin.js';
import { adminAuthEndpoints } from './admin-auth.js';
import type { Endpoint } from './endpoint.js';
import * as contract from './index.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

/** Every endpoint of every `…Endpoints` group the contract exports. */
const everyEndpoint = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));

/** The operator's sign-in steps (admin-auth.ts) lead to an operator session, so cannot need one. */
const operatorSignInSteps = new Set<Endpoint>(
  Object.values(adminAuthEndpoints).filter((endpoint) => endpoint.access !== 'operator'),
);

describe('the back office in the contract', () => {
  it('opens every /api/admin call to operators only, and only those', () => {
    expect(Object.values(adminEndpoints).length).toBeGreaterThan(10);
    for (const endpoint of everyEndpoint) {
      const label = `${endpoint.method} ${endpoint.path}`;
      if (operatorSignInSteps.has(endpoint)) {
        expect(endpoint.path.startsWith('/api/admin/'), label).toBe(true);
        continue;
      }
      expect(endpoint.path.startsWith('/api/admin/'), label).toBe(endpoint.access === 'operator');
      if (endpoint.access === 'operator') expect(endpoint.permission, label).toBeUndefined();
    }
  });

  it('requires a reason of a few words and at most 1,000 characters', () => {
    expect(ReasonBody.safeParse({ reason: '  Documents are forged  ' }).data).toEqual({
      reason: 'Documents are forged',
    });
    expect(messagesOf(ReasonBody.safeParse({}))).toHaveLength(1);
    expect(messagesOf(ReasonBody.safeParse({ reason: '  ' }))).toEqual(['Give the reason, in a few words']);
    expect(ReasonBody.safeParse({ reason: 'x'.repeat(1_000) }).success).toBe(true);
    expect(messagesOf(ReasonBody.safeParse({ reason: 'x'.repeat(1_001) }))).toEqual([
      'At most 1,000 characters',
    ]);
    expect(ReasonBody.safeParse({ reason: 'Fine', extra: 1 }).success).toBe(false);
  });

  it('takes signed adjustments in cents, never zero', () => {
    expect(AdjustmentBody.parse({ amount: -12.5, reason: 'Correction' }).amount).toBe(-12.5);
    expect(AdjustmentBody.parse({ amount: 0.29, reason: 'Correction' }).amount).toBe(0.29);
    expect(messagesOf(AdjustmentBody.safeParse({ amount: 0, reason: 'Correction' }))).toEqual([
      'A credit is above zero, a debit below it',
    ]);
    expect(messagesOf(AdjustmentBody.safeParse({ amount: 1.005, reason: 'Correction' }))).toEqual([
      'At most two decimals',
    ]);
    expect(AdjustmentBody.safeParse({ amount: 10_000_000.01, reason: 'Correction' }).success).toBe(false);
    expect(AdjustmentBody.safeParse({ amount: '5', reason: 'Correction' }).success).toBe(false);
  });

  it('approves a refund with the allowed amount or a lower one, never a negative one', () => {
    expect(RefundApprovalBody.parse({})).toEqual({});
    expect(RefundApprovalBody.parse({ amount: 0 }).amount).toBe(0);
    expect(RefundApprovalBody.safeParse({ amount: -1 }).success).toBe(false);
  });

  it('checks IBANs by their mod-97 check digits and keeps them without spaces', () => {
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('AE070331234567890123456')).toBe(true);
    expect(isValidIban('GB82WEST12345698765433')).toBe(false);
    expect(isValidIban('GB82')).toBe(false);
    const bank = BankBody.parse({
      bank: 'Emirates NBD',
      account_title: 'SkyDesk FZ LLC',
      account_number: '1014-5566-7788',
      iban: 'ae07 0331 2345 6789 0123 456',
    });
    expect(bank.iban).toBe('AE070331234567890123456');
    expect(BankBody.safeParse({ ...bank, iban: 'AE07 0331 2345 6789 0123 457' }).success).toBe(false);
    expect(BankUpdateBody.safeParse({}).success).toBe(false);
    expect(BankUpdateBody.parse({ iban: null })).toEqual({ iban: null });
  });

  it('filters the audit log by days in order', () => {
    expect(AuditQuery.parse({ from: '2026-01-01', to: '2026-01-01' }).page).toBe(0);
    const backwards = AuditQuery.safeParse({ from: '2026-02-01', to: '2026-01-01' });
    expect(backwards.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['to']);
  });
});

describe('amounts sent to the back office', () => {
  it('refuses an amount that is not zero as a number but zero as cents (found by the fuzz test)', () => {
    const result = AdjustmentBody.safeParse({ amount: -5e-324, reason: 'Goodwill credit' });
    expect(result.success).toBe(false);
    expect(AdjustmentBody.safeParse({ amount: -0.01, reason: 'Goodwill credit' }).success).toBe(true);
    expect(AdjustmentBody.safeParse({ amount: 0.001, reason: 'Goodwill credit' }).success).toBe(false);
  });
});
