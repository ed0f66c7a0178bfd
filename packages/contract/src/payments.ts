import { z } from 'zod';
import { CalendarDate } from './calendar-date.js';
import { VENDOR_DOCUMENT_MAX_BYTES, VENDOR_DOCUMENT_TYPES } from './company.js';
import { defineEndpoint } from './endpoint.js';
import { LedgerKind, TransactionStatus } from './enums.js';
import { AmountInput, amountToMinor, MAX_PAGE } from './envelope.js';
import { FALLBACK } from './messages.js';
import { Text } from './text.js';

/**
 * docs/api.md#payments (docs/architecture.md §5): the agency's credits — balance, credit limit and what it may
 * spend — the deposits it records against the platform's bank accounts, and its ledger statement.
 * The operators' side (the deposit desk, credit limits) is in admin-payments.ts.
 */

// ── credits ─────────────────────────────────────────────────────────────────────────────────

export const Credits = z.object({
  /** The ledger's sum: below zero only while the agency uses its credit limit. */
  balance: z.number(),
  /** The overdraft an operator granted (0 unless one did). */
  credit_limit: z.number(),
  /** What the agency may spend: balance + credit limit. Ticketing checks this figure. */
  available: z.number(),
  currency: z.string().length(3),
  /** The total of deposits recorded and not yet decided. */
  pending_deposits: z.number(),
  /** The totals of live holds (booked, not yet ticketed): what ticketing them would take. */
  reserved: z.number(),
  /** Under this, available credits alert the owner (the agency's own, or 10 % of its last deposit). */
  low_balance_threshold: z.number(),
  /** Whether the threshold is the agency's own (false: the default). */
  low_balance_threshold_custom: z.boolean(),
});
export type Credits = z.infer<typeof Credits>;

/** The most an agency's low-balance threshold may be. */
export const LOW_BALANCE_THRESHOLD_MAX = 10_000_000;

export const LowBalanceThresholdBody = z.strictObject({
  /** null goes back to the default (10 % of the last approved deposit). */
  amount: AmountInput.refine((value) => amountToMinor(value) >= 0, 'The amount cannot be negative')
    .refine(
      (value) => value <= LOW_BALANCE_THRESHOLD_MAX,
      `At most ${LOW_BALANCE_THRESHOLD_MAX.toLocaleString('en-US')}`,
    )
    .nullable(),
});
export type LowBalanceThresholdBody = z.infer<typeof LowBalanceThresholdBody>;

// ── banks ───────────────────────────────────────────────────────────────────────────────────

/** A platform bank account an agency may deposit into (retired ones are not offered). */
export const Bank = z.object({
  id: z.uuid(),
  bank: z.string(),
  account_title: z.string(),
  account_number: z.string(),
  iban: z.string().nullable(),
});
export type Bank = z.infer<typeof Bank>;

// ── deposits ────────────────────────────────────────────────────────────────────────────────

/** The receipt of a deposit: PDF, PNG or JPEG (checked by content), at most 5 MB. */
export const RECEIPT_MAX_BYTES = VENDOR_DOCUMENT_MAX_BYTES;
export const RECEIPT_TYPES = VENDOR_DOCUMENT_TYPES;
/** The multipart field of the receipt file. */
export const RECEIPT_FIELD = 'receipt';
/** The largest deposit one transaction records. */
export const DEPOSIT_MAX = 10_000_000;

/** A decimal amount as a form sends it (text), read as a number with at most two decimals. */
const FormAmount = z
  .string({ error: 'Enter an amount' })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter an amount, at most two decimals')
  .transform(Number)
  .pipe(
    AmountInput.refine((value) => amountToMinor(value) > 0, 'Enter an amount above zero').refine(
      (value) => value <= DEPOSIT_MAX,
      `At most ${DEPOSIT_MAX.toLocaleString('en-US')}`,
    ),
  );

/**
 * The text fields of `POST /api/company/create-transaction` (multipart, with the `receipt` file).
 * The deposit date is a real day, not in the future: the server checks it against its clock.
 */
export const TransactionFormFields = z.strictObject({
  bank_id: z.uuid('Choose the bank you paid into'),
  amount: FormAmount,
  deposit_date: CalendarDate(),
  reference_no: Text({
    min: 3,
    max: 60,
    tooShort: 'Enter the bank reference',
    tooLong: 'At most 60 characters',
  }),
  note: Text({ max: 500, multiline: true, tooLong: 'At most 500 characters' })
    .optional()
    .transform((value) => value || undefined),
});
export type TransactionFormFields = z.infer<typeof TransactionFormFields>;

export const Transaction = z.object({
  id: z.uuid(),
  bank: z.object({ id: z.uuid(), bank: z.string() }),
  amount: z.number(),
  currency: z.string().length(3),
  deposit_date: z.string(),
  reference_no: z.string(),
  note: z.string().nullable(),
  status: TransactionStatus,
  rejection_reason: z.string().nullable(),
  /** The receipt, served inline to the agency's users with `payments.view`. */
  receipt_url: z.string(),
  receipt_file_name: z.string(),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

/** docs/product-spec.md §9: the transactions list pages from 0, 10,000,000 rows by default (streamed). */
export const TRANSACTIONS_DEFAULT_LIMIT = 10_000_000;

export const TransactionListQuery = z
  .strictObject({
    page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
    limit: z.coerce.number().int().min(1).max(TRANSACTIONS_DEFAULT_LIMIT).default(TRANSACTIONS_DEFAULT_LIMIT),
    status: TransactionStatus.optional(),
    /** Deposit dates, inclusive. */
    from: CalendarDate().optional(),
    to: CalendarDate().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end is before the start',
    path: ['to'],
  });
export type TransactionListQuery = z.input<typeof TransactionListQuery>;

const IdParams = z.strictObject({ id: z.uuid() });

// ── statement ───────────────────────────────────────────────────────────────────────────────

export const STATEMENT_FORMATS = ['json', 'csv', 'pdf'] as const;
export const STATEMENT_DEFAULT_LIMIT = 50;
export const STATEMENT_MAX_LIMIT = 500;
/** The most lines a PDF statement prints (about 450 pages); longer ranges export as CSV (422). */
export const STATEMENT_PDF_MAX_LINES = 20_000;

/** The orders a statement's page lists its lines in: by line number, oldest or newest first. */
export const STATEMENT_ORDERS = ['oldest', 'newest'] as const;
export type StatementOrder = (typeof STATEMENT_ORDERS)[number];

/** Ledger kinds, comma-separated (`refund,void`); every kind when absent. */
const LedgerKinds = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const kinds = [...new Set(value.split(',').map((part) => part.trim()))];
    for (const kind of kinds) {
      if (!LedgerKind.safeParse(kind).success) {
        ctx.addIssue({ code: 'custom', message: `Unknown kind ${kind}` });
        return z.NEVER;
      }
    }
    return kinds as LedgerKind[];
  });

/**
 * A statement of the ledger between two days (UTC, inclusive; the whole ledger when absent):
 * pages of lines, or the whole range as CSV or PDF (`format`, always oldest first).
 *
 * Issue 30: `order=newest` pages from the latest line back (the API's default stays oldest first,
 * as existing clients read it); `kind` lists only lines of those kinds. Every line keeps its
 * running balance — the ledger's balance after it — whatever the order or the kinds shown, and the
 * opening and closing balances and totals stay the period's.
 */
export const StatementQuery = z
  .strictObject({
    fromDate: CalendarDate().optional(),
    toDate: CalendarDate().optional(),
    order: z.enum(STATEMENT_ORDERS).default('oldest'),
    kind: LedgerKinds,
    page: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_PAGE * 100)
      .default(0),
    limit: z.coerce.number().int().min(1).max(STATEMENT_MAX_LIMIT).default(STATEMENT_DEFAULT_LIMIT),
    format: z.enum(STATEMENT_FORMATS).default('json'),
  })
  .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
    message: 'The end is before the start',
    path: ['toDate'],
  })
  .refine((query) => query.format === 'json' || (query.order === 'oldest' && !query.kind), {
    message: 'A download is the whole period, oldest first: leave out order and kind',
    path: ['format'],
  });
export type StatementQuery = z.input<typeof StatementQuery>;

export const StatementEntry = z.object({
  id: z.uuid(),
  /** The line number in the agency's ledger (1 is its first entry ever). */
  line: z.number().int(),
  kind: LedgerKind,
  /** Signed: debits (tickets, debit adjustments) are negative. */
  amount: z.number(),
  /** The balance after this line. */
  running_balance: z.number(),
  booking_id: z.uuid().nullable(),
  pnr: z.string().nullable(),
  /** The tickets a ticket, void or refund line is for. */
  ticket_numbers: z.array(z.string()),
  transaction_id: z.uuid().nullable(),
  reference_no: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type StatementEntry = z.infer<typeof StatementEntry>;

export const Statement = z.object({
  currency: z.string().length(3),
  /** The balance before the range's first line, and after its last. */
  opening_balance: z.number(),
  closing_balance: z.number(),
  /** The sum of the range's credits and of its debits (negative). */
  total_credits: z.number(),
  total_debits: z.number(),
  entries: z.array(StatementEntry),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Statement = z.infer<typeof Statement>;

// ── endpoints ───────────────────────────────────────────────────────────────────────────────

export const paymentEndpoints = {
  credits: defineEndpoint({
    method: 'GET',
    path: '/api/booking-credits',
    summary: "The agency's balance, credit limit and available credits",
    access: 'company',
    // docs/api.md second wave: "(any)" — whoever books or tickets needs to see what may be spent.
    permission: 'any',
    response: Credits,
    fallbackMessage: FALLBACK.fetchCredits,
  }),
  setLowBalanceThreshold: defineEndpoint({
    method: 'PUT',
    path: '/api/company/low-balance-threshold',
    summary: 'Set (or reset to the default) the available credits under which the owner is alerted',
    access: 'company',
    permission: 'payments.create',
    body: LowBalanceThresholdBody,
    response: Credits,
  }),
  banks: defineEndpoint({
    method: 'GET',
    path: '/api/bank',
    summary: 'The bank accounts an agency may deposit into (404 No Banks Found when none)',
    access: 'company',
    permission: 'payments.create',
    response: z.tuple([z.array(Bank)]),
    fallbackMessage: FALLBACK.fetchBanks,
  }),
  createTransaction: defineEndpoint({
    method: 'POST',
    path: '/api/company/create-transaction',
    summary: 'Record a deposit with its receipt (multipart); it waits for an operator',
    access: 'company',
    permission: 'payments.create',
    multipart: true,
    idempotent: true,
    successStatus: 201,
    response: Transaction,
    fallbackMessage: FALLBACK.createTransaction,
  }),
  transactions: defineEndpoint({
    method: 'GET',
    path: '/api/company/user-transactions',
    summary: "The agency's deposits, newest first (streamed)",
    access: 'company',
    permission: 'payments.view',
    query: TransactionListQuery,
    response: z.array(Transaction),
    fallbackMessage: FALLBACK.fetchTransactions,
  }),
  transactionReceipt: defineEndpoint({
    method: 'GET',
    path: '/api/company/transactions/{id}/receipt',
    summary: "A deposit's receipt, inline",
    access: 'company',
    permission: 'payments.view',
    params: IdParams,
    response: z.unknown(),
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/api/company/statement',
    summary: 'The ledger with running balances, opening and closing balance (format=csv|pdf exports)',
    access: 'company',
    permission: 'payments.view',
    query: StatementQuery,
    response: Statement,
  }),
};
