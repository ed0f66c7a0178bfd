import type { Bank, Credits, Permission, Transaction } from '@skydesk/contract';
import { sampleUser, signedInState } from '../../../testing/fake-session';
import type { PreloadedState } from '../../../testing/render-with-providers';

/** What an owner may do with payments; a clerk who only looks has `payments.view`. */
export const PAYMENT_PERMISSIONS: Permission[] = ['payments.view', 'payments.create', 'bookings.view'];

export const paymentsState = (permissions: Permission[] = PAYMENT_PERMISSIONS): PreloadedState =>
  signedInState({ permissions });

export const banks: Bank[] = [
  {
    id: '11111111-2222-4333-8444-555555555555',
    bank: 'Emirates NBD',
    account_title: 'SkyDesk Travel Technology LLC',
    account_number: '1015 4477 2901',
    iban: 'AE070331234567890123456',
  },
  {
    id: '66666666-7777-4888-8999-aaaaaaaaaaaa',
    bank: 'Mashreq',
    account_title: 'SkyDesk Travel Technology LLC',
    account_number: '0190 0033 1188',
    iban: null,
  },
];

export const sampleCredits = (overrides: Partial<Credits> = {}): Credits => ({
  balance: 1249.5,
  credit_limit: 1000,
  available: 2249.5,
  currency: 'USD',
  pending_deposits: 500,
  reserved: 0,
  low_balance_threshold: 200,
  low_balance_threshold_custom: false,
  ...overrides,
});

let next = 0;
export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  next += 1;
  const id = `aaaaaaaa-bbbb-4ccc-8ddd-${String(next).padStart(12, '0')}`;
  return {
    id,
    bank: { id: banks[0]!.id, bank: banks[0]!.bank },
    amount: 2000,
    currency: 'USD',
    deposit_date: '2026-11-17',
    reference_no: `FT26111700${String(next).padStart(2, '0')}`,
    note: null,
    status: 'pending',
    rejection_reason: null,
    receipt_url: `/api/company/transactions/${id}/receipt`,
    receipt_file_name: 'receipt.png',
    created_by: { id: sampleUser.id, name: sampleUser.name },
    created_at: '2026-11-17T10:30:00.000Z',
    decided_at: null,
    ...overrides,
  };
}

export const sampleTransactions = (): Transaction[] => [
  transaction({ reference_no: 'FT2611180042', amount: 500, deposit_date: '2026-11-18' }),
  transaction({
    reference_no: 'FT2611150007',
    status: 'approved',
    amount: 2000,
    deposit_date: '2026-11-15',
    decided_at: '2026-11-15T14:00:00.000Z',
    receipt_file_name: 'transfer.pdf',
  }),
  transaction({
    reference_no: 'FT2611100003',
    status: 'rejected',
    amount: 750,
    deposit_date: '2026-11-10',
    rejection_reason: 'The amount on the receipt is 570.00, not 750.00.',
    decided_at: '2026-11-11T09:00:00.000Z',
    note: 'Paid at the branch',
  }),
];
