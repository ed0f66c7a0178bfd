import type { Statement, StatementEntry } from '@skydesk/contract';

/**
 * Statements as the server answers them, for the tests of the view and of the screens that show
 * it (the agency's statement, the operator's page of an agency).
 */
const ids = {
  booking: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  deposit: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
};

let counter = 0;
const entryId = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export const statementEntry = (
  entry: Partial<StatementEntry> & Pick<StatementEntry, 'kind' | 'amount' | 'running_balance'>,
): StatementEntry => ({
  id: entryId(),
  line: 1,
  booking_id: null,
  pnr: null,
  ticket_numbers: [],
  transaction_id: null,
  reference_no: null,
  note: null,
  created_at: '2026-11-18T12:00:00.000Z',
  ...entry,
});

/** Three lines: a deposit, a ticket and a refund of it, from an opening balance of 500. */
export const sampleStatementEntries = (): StatementEntry[] => [
  statementEntry({
    line: 4,
    kind: 'deposit',
    amount: 2000,
    running_balance: 2500,
    transaction_id: ids.deposit,
    reference_no: 'FT2611180042',
    created_at: '2026-11-18T09:15:00.000Z',
  }),
  statementEntry({
    line: 5,
    kind: 'ticket',
    amount: -1221,
    running_balance: 1279,
    booking_id: ids.booking,
    pnr: 'K7Q2ZD',
    ticket_numbers: ['176-2400000001', '176-2400000002'],
    created_at: '2026-11-19T10:30:00.000Z',
  }),
  statementEntry({
    line: 6,
    kind: 'adjustment',
    amount: -29.5,
    running_balance: 1249.5,
    note: 'Bank charge on the deposit of 18 Nov',
    created_at: '2026-11-20T08:00:00.000Z',
  }),
];

export const sampleStatement = (overrides: Partial<Statement> = {}): Statement => {
  const entries = overrides.entries ?? sampleStatementEntries();
  return {
    currency: 'USD',
    opening_balance: 500,
    closing_balance: 1249.5,
    total_credits: 2000,
    total_debits: -1250.5,
    entries,
    total: entries.length,
    totalPages: entries.length > 0 ? 1 : 0,
    ...overrides,
  };
};

export const statementIds = ids;
