import { z } from 'zod';
import { AdminReason, adminShapes, DocumentQuery } from './admin.js';
import { defineEndpoint } from './endpoint.js';
import { TransactionStatus } from './enums.js';
import { AmountInput, amountToMinor } from './envelope.js';
import { RECEIPT_TYPES, Statement, StatementQuery } from './payments.js';

/**
 * The operators' side of payments (docs/api.md#back-office): the deposit desk — pending deposits
 * oldest first, each with its receipt, approved (a `deposit` ledger entry in the same transaction)
 * or rejected with a reason — and per agency its credit limit with its history and its statement.
 */

const { page, limit, pageCount, IdParams, Person } = adminShapes;

// ── deposits ────────────────────────────────────────────────────────────────────────────────

export const AdminDepositListQuery = z.strictObject({
  status: TransactionStatus.default('pending'),
  company_id: z.uuid().optional(),
  page,
  limit,
});
export type AdminDepositListQuery = z.input<typeof AdminDepositListQuery>;

export const AdminDeposit = z.object({
  id: z.uuid(),
  status: TransactionStatus,
  company: Person,
  bank: z.object({ id: z.uuid(), bank: z.string(), account_number: z.string() }),
  amount: z.number(),
  currency: z.string().length(3),
  deposit_date: z.string(),
  reference_no: z.string(),
  note: z.string().nullable(),
  receipt: z.object({
    file_name: z.string(),
    content_type: z.enum(RECEIPT_TYPES),
    size: z.number().int(),
    /** Inline, for the page; `download_url` saves it. */
    url: z.string(),
    download_url: z.string(),
  }),
  created_by: Person.nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: Person.nullable(),
  rejection_reason: z.string().nullable(),
  /** The agency's balance now, to judge the deposit against. */
  company_balance: z.number(),
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;

export const AdminDepositList = z.object({ deposits: z.array(AdminDeposit), ...pageCount });
export type AdminDepositList = z.infer<typeof AdminDepositList>;

// ── credit limits ───────────────────────────────────────────────────────────────────────────

/** The largest credit limit an operator may grant. */
export const CREDIT_LIMIT_MAX = 10_000_000;

export const CreditLimitBody = z.strictObject({
  amount: AmountInput.refine((value) => amountToMinor(value) >= 0, 'The limit cannot be negative').refine(
    (value) => value <= CREDIT_LIMIT_MAX,
    `At most ${CREDIT_LIMIT_MAX.toLocaleString('en-US')}`,
  ),
  reason: AdminReason,
});
export type CreditLimitBody = z.infer<typeof CreditLimitBody>;

export const CreditLimitChange = z.object({
  id: z.uuid(),
  from: z.number(),
  to: z.number(),
  reason: z.string(),
  operator: Person,
  created_at: z.string(),
});
export type CreditLimitChange = z.infer<typeof CreditLimitChange>;

/** An agency's money as operators see it: the three figures and the limit's history, newest first. */
export const AdminCredits = z.object({
  balance: z.number(),
  credit_limit: z.number(),
  available: z.number(),
  currency: z.string().length(3),
  pending_deposits: z.number(),
  history: z.array(CreditLimitChange),
});
export type AdminCredits = z.infer<typeof AdminCredits>;

// ── endpoints ───────────────────────────────────────────────────────────────────────────────

export const adminPaymentEndpoints = {
  deposits: defineEndpoint({
    method: 'GET',
    path: '/api/admin/transactions',
    summary: 'Deposits by status: pending ones oldest first, decided ones newest first',
    access: 'operator',
    query: AdminDepositListQuery,
    response: AdminDepositList,
  }),
  deposit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/transactions/{id}',
    summary: 'One deposit, with its receipt and the agency',
    access: 'operator',
    params: IdParams,
    response: AdminDeposit,
  }),
  depositReceipt: defineEndpoint({
    method: 'GET',
    path: '/api/admin/transactions/{id}/receipt',
    summary: "A deposit's receipt, inline (or as an attachment with download=true)",
    access: 'operator',
    params: IdParams,
    query: DocumentQuery,
    response: z.unknown(),
  }),
  approveDeposit: defineEndpoint({
    method: 'POST',
    path: '/api/admin/transactions/{id}/approve',
    summary: 'Approve a pending deposit: a deposit ledger entry, and the agency is notified',
    access: 'operator',
    params: IdParams,
    response: AdminDeposit,
  }),
  rejectDeposit: defineEndpoint({
    method: 'POST',
    path: '/api/admin/transactions/{id}/reject',
    summary: 'Reject a pending deposit with a reason the agency is shown',
    access: 'operator',
    params: IdParams,
    body: z.strictObject({ reason: AdminReason }),
    response: AdminDeposit,
  }),
  companyCredits: defineEndpoint({
    method: 'GET',
    path: '/api/admin/companies/{id}/credits',
    summary: "An agency's balance, credit limit, available credits and the limit's history",
    access: 'operator',
    params: IdParams,
    response: AdminCredits,
  }),
  setCreditLimit: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/companies/{id}/credit-limit',
    summary: "Set an agency's credit limit (never below what it already owes), with a reason",
    access: 'operator',
    params: IdParams,
    body: CreditLimitBody,
    response: AdminCredits,
  }),
  companyStatement: defineEndpoint({
    method: 'GET',
    path: '/api/admin/companies/{id}/statement',
    summary: "An agency's ledger statement (format=csv|pdf exports)",
    access: 'operator',
    params: IdParams,
    query: StatementQuery,
    response: Statement,
  }),
};
