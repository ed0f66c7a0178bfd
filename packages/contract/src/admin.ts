import { z } from 'zod';
import { TicketStatus } from './bookings.js';
import { CalendarDate } from './calendar-date.js';
import { VendorDocument } from './company.js';
import { defineEndpoint } from './endpoint.js';
import { BookingStatus, CompanyStatus, PassengerType, TripType } from './enums.js';
import { AmountInput, amountToMinor, MAX_PAGE, Money } from './envelope.js';
import { ServiceType } from './seat-maps.js';
import { Text } from './text.js';

/**
 * The back office (docs/api.md#back-office, docs/architecture.md §5–6): every call is the operator principal's
 * alone (`access: 'operator'`, under `/api/admin/`). Later issues add their own groups of operator
 * calls (deposits, support chat, announcements, KPIs) beside `adminEndpoints`.
 */

// ── shared inputs ───────────────────────────────────────────────────────────────────────────

export const ADMIN_REASON_MAX = 1_000;

/** Why an operator decided as they did: required, shown to the agency, kept in the audit log. */
export const AdminReason = Text({
  min: 3,
  max: ADMIN_REASON_MAX,
  multiline: true,
  tooShort: 'Give the reason, in a few words',
  tooLong: 'At most 1,000 characters',
});
export const ReasonBody = z.strictObject({ reason: AdminReason });
export type ReasonBody = z.infer<typeof ReasonBody>;

/** The largest amount one manual adjustment moves, either way. */
export const ADJUSTMENT_MAX = 10_000_000;

export const AdjustmentBody = z.strictObject({
  /** Signed: a credit adds to the balance, a debit (negative) takes from it. */
  amount: AmountInput.refine(
    (value) => amountToMinor(value) !== 0,
    'A credit is above zero, a debit below it',
  ).refine(
    (value) => Math.abs(value) <= ADJUSTMENT_MAX,
    `At most ${ADJUSTMENT_MAX.toLocaleString('en-US')} either way`,
  ),
  reason: AdminReason,
});
export type AdjustmentBody = z.infer<typeof AdjustmentBody>;

const page = z.coerce.number().int().min(0).max(MAX_PAGE).default(0);
const limit = z.coerce.number().int().min(1).max(100).default(50);

const IdParams = z.strictObject({ id: z.uuid() });

/** What a list page adds to its items: how many match in all, and the number of pages. */
const pageCount = { total: z.number().int(), totalPages: z.number().int() };

const Person = z.object({ id: z.uuid(), name: z.string() });

/** The shapes every group of operator calls shares (admin-payments.ts and later groups). */
export const adminShapes = { page, limit, pageCount, IdParams, Person };

// ── agencies ────────────────────────────────────────────────────────────────────────────────

export const AdminCompanyListQuery = z.strictObject({
  /** One status; every agency when absent. */
  status: CompanyStatus.optional(),
  /** Part of the agency's name or e-mail, or a country (its code or part of its name). */
  q: Text({ max: 100 }).optional(),
  page,
  limit,
});
export type AdminCompanyListQuery = z.input<typeof AdminCompanyListQuery>;

export const AdminCompany = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  country: z.string().length(2),
  city: z.string(),
  verification_status: CompanyStatus,
  rejection_reason: z.string().nullable(),
  balance: z.number(),
  currency: z.string().length(3),
  user_count: z.number().int(),
  /** The latest vendor form, if any. */
  submitted_at: z.string().nullable(),
  /**
   * Since the agency's review last moved (registration, e-mail verified, a vendor form, an
   * operator's decision): how long a `pending_review` agency has waited in the queue.
   */
  waiting_since: z.string(),
  created_at: z.string(),
});
export type AdminCompany = z.infer<typeof AdminCompany>;

export const AdminCompanyList = z.object({ companies: z.array(AdminCompany), ...pageCount });
export type AdminCompanyList = z.infer<typeof AdminCompanyList>;

/** A vendor document as operators get it: shown inline at `url`, saved from `download_url`. */
export const AdminDocument = VendorDocument.extend({ download_url: z.string() });
export type AdminDocument = z.infer<typeof AdminDocument>;

export const AdminVendorForm = z.object({
  id: z.uuid(),
  trade_license_number: z.string(),
  tax_number: z.string(),
  iata_number: z.string().nullable(),
  submitted_at: z.string(),
  submitted_by: Person.nullable(),
  documents: z.array(AdminDocument),
});
export type AdminVendorForm = z.infer<typeof AdminVendorForm>;

export const AdminCompanyUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: Person,
  is_owner: z.boolean(),
  is_active: z.boolean(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
});
export type AdminCompanyUser = z.infer<typeof AdminCompanyUser>;

export const COMPANY_DECISION_ACTIONS = ['approve', 'reject', 'suspend', 'reactivate'] as const;
export const CompanyDecisionAction = z.enum(COMPANY_DECISION_ACTIONS);
export type CompanyDecisionAction = z.infer<typeof CompanyDecisionAction>;

export const CompanyDecision = z.object({
  id: z.uuid(),
  action: CompanyDecisionAction,
  from_status: CompanyStatus,
  to_status: CompanyStatus,
  reason: z.string().nullable(),
  operator: Person,
  created_at: z.string(),
});
export type CompanyDecision = z.infer<typeof CompanyDecision>;

export const AdminCompanyDetails = z.object({
  company: AdminCompany.extend({
    contact_name: z.string(),
    phone: z.string(),
    address: z.string(),
    iata_number: z.string().nullable(),
  }),
  /** The latest vendor form; `submissions` counts every one sent (resubmissions after a rejection). */
  vendor_form: AdminVendorForm.nullable(),
  submissions: z.number().int(),
  users: z.array(AdminCompanyUser),
  bookings_count: z.number().int(),
  /** The operators' decisions, newest first. */
  history: z.array(CompanyDecision),
});
export type AdminCompanyDetails = z.infer<typeof AdminCompanyDetails>;

export const DocumentParams = z.strictObject({ id: z.uuid(), document_id: z.uuid() });
export const DocumentQuery = z.strictObject({
  /** `true` (or 1) serves the file as an attachment to save; inline otherwise. */
  download: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export const AdminLedgerEntry = z.object({
  id: z.uuid(),
  kind: z.literal('adjustment'),
  amount: z.number(),
  balance_after: z.number(),
  currency: z.string().length(3),
  note: z.string(),
  created_at: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof AdminLedgerEntry>;

// ── refunds ─────────────────────────────────────────────────────────────────────────────────

/** A refund request waits (`pending`) until an operator approves or rejects it. */
export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const RefundRequestStatus = z.enum(REFUND_REQUEST_STATUSES);
export type RefundRequestStatus = z.infer<typeof RefundRequestStatus>;

export const AdminRefundListQuery = z.strictObject({
  status: RefundRequestStatus.default('pending'),
  company_id: z.uuid().optional(),
  page,
  limit,
});
export type AdminRefundListQuery = z.input<typeof AdminRefundListQuery>;

export const AdminRefundTicket = z.object({
  ticket_number: z.string(),
  passenger_name: z.string(),
  passenger_type: PassengerType,
  status: TicketStatus,
  paid: Money,
  /** What the fare rules keep, and what they let come back. */
  penalty: Money,
  allowed: Money,
  /** What was credited for this ticket, once approved. */
  refunded: Money.nullable(),
});
export type AdminRefundTicket = z.infer<typeof AdminRefundTicket>;

/**
 * Issue 31: a paid seat or bag that went with the request's tickets — what it cost, what the rules
 * let come back for it and why, and what was credited once approved (bookings' RefundServiceLine).
 */
export const AdminRefundService = z.object({
  service_id: z.uuid(),
  ticket_number: z.string(),
  passenger_name: z.string(),
  type: ServiceType,
  description: z.string(),
  paid: Money,
  allowed: Money,
  refunded: Money.nullable(),
  reason: z.string(),
});
export type AdminRefundService = z.infer<typeof AdminRefundService>;

export const AdminRefund = z.object({
  /** The refund request (its order). */
  id: z.uuid(),
  order_no: z.string(),
  status: RefundRequestStatus,
  company: Person,
  booking: z.object({
    id: z.uuid(),
    pnr: z.string(),
    status: BookingStatus,
    trip_type: TripType,
    total: Money,
    first_departure_at: z.string(),
    void_until: z.string().nullable(),
  }),
  /**
   * Issue 30: the request as the agency made it — a refund of some or all of the booking's tickets,
   * who asked and the reason they gave (null when the history holds none, e.g. an older request).
   */
  request: z
    .object({
      tickets: z.number().int(),
      of_tickets: z.number().int(),
      reason: z.string().nullable(),
      requested_by: Person.nullable(),
    })
    .optional(),
  /**
   * The rules the request was priced under: `void` (asked inside the void window) returns
   * everything, `refund` returns what the fare rules allow.
   */
  phase: z.enum(['void', 'refund']),
  refundable: z.boolean(),
  rules: z.array(z.string()),
  tickets: z.array(AdminRefundTicket),
  /**
   * Issue 31: the seats and bags of the request's passengers (optional for readers of the older
   * shape; the server always sends it). `allowed` counts what they may return.
   */
  services: z.array(AdminRefundService).optional(),
  /** What the fare rules allow (the tickets' and the services'): the most an approval may credit. */
  allowed: Money,
  /** What was credited once approved; what would be (the allowed amount) while pending. */
  amount: Money,
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: Person.nullable(),
  decision_reason: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

export const AdminRefundList = z.object({ refunds: z.array(AdminRefund), ...pageCount });
export type AdminRefundList = z.infer<typeof AdminRefundList>;

/**
 * Approving credits the allowed amount, or less: a lowered amount is spread over the tickets in
 * proportion to what each may return (to the cent) and needs a reason the agency is shown.
 */
export const RefundApprovalBody = z.strictObject({
  amount: AmountInput.refine(
    (value) => amountToMinor(value) >= 0,
    'The amount cannot be negative',
  ).optional(),
  reason: AdminReason.optional(),
});
export type RefundApprovalBody = z.infer<typeof RefundApprovalBody>;

// ── bank accounts ───────────────────────────────────────────────────────────────────────────

/** Whether `iban` (no spaces, upper case) passes the ISO 13616 mod-97 check. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const IBAN_MESSAGE = 'Enter a valid IBAN (country code, check digits, account)';
export const Iban = Text({ max: 42, tooLong: IBAN_MESSAGE })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine(isValidIban, IBAN_MESSAGE);

const bankFields = {
  bank: Text({ min: 2, max: 100, tooShort: 'Enter the bank' }),
  account_title: Text({ min: 2, max: 100, tooShort: 'Enter the account title' }),
  account_number: Text({ min: 4, max: 34, tooShort: 'Enter the account number' }).regex(
    /^[A-Za-z0-9 -]+$/,
    'Letters, digits, spaces and hyphens only',
  ),
  /** Optional: not every country's accounts have one. */
  iban: Iban.nullable().optional(),
};
export const BankBody = z.strictObject(bankFields);
export type BankBody = z.infer<typeof BankBody>;
export const BankUpdateBody = z
  .strictObject({
    bank: bankFields.bank.optional(),
    account_title: bankFields.account_title.optional(),
    account_number: bankFields.account_number.optional(),
    iban: bankFields.iban,
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');
export type BankUpdateBody = z.infer<typeof BankUpdateBody>;

export const AdminBank = z.object({
  id: z.uuid(),
  bank: z.string(),
  account_title: z.string(),
  account_number: z.string(),
  iban: z.string().nullable(),
  /** Retired accounts take no new deposits and stay on the old ones. */
  retired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBank = z.infer<typeof AdminBank>;

// ── audit log ───────────────────────────────────────────────────────────────────────────────

export const AUDIT_ACTIONS = [
  'company.approve',
  'company.reject',
  'company.suspend',
  'company.reactivate',
  'credits.adjust',
  'credits.limit',
  'deposit.approve',
  'deposit.reject',
  'refund.approve',
  'refund.reject',
  'bank.create',
  'bank.update',
  'bank.retire',
  'operator.sign_in',
  'operator.sign_out',
  'ticket.assign',
  'ticket.reply',
  'ticket.close',
  'ticket.reopen',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'offer.create',
  'offer.update',
  'offer.delete',
  // Issue 29: a supplier switched or its markup changed; currency rates set.
  'supplier.update',
  'rate.set',
  // Issue 32: a schedule change published by hand; one booking's deadline to answer it extended.
  'schedule_change.publish',
  'schedule_change.extend_deadline',
  // Issue 33: the platform's pricing rules (a supplier's markup is one of them).
  'pricing_rule.create',
  'pricing_rule.update',
  'pricing_rule.delete',
  'pricing_rule.reorder',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AUDIT_TARGET_TYPES = [
  'company',
  'refund',
  'deposit',
  'bank',
  'operator',
  'ticket',
  'announcement',
  'offer',
  'supplier',
  'rate',
  'schedule_change',
  'pricing_rule',
] as const;
export const AuditTargetType = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetType>;

export const AuditQuery = z
  .strictObject({
    /** The operator who acted. */
    actor: z.uuid().optional(),
    /** The id of what was acted on (an agency, a refund request, a bank account, an operator). */
    target: z.uuid().optional(),
    action: AuditAction.optional(),
    /** Days (UTC), inclusive. */
    from: CalendarDate().optional(),
    to: CalendarDate().optional(),
    page,
    limit,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end is before the start',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.uuid(),
  /** null when no operator is known (e.g. a failed sign-in). */
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  action: AuditAction,
  target_type: AuditTargetType,
  target_id: z.string().nullable(),
  /** The agency the action concerned (an agency, its deposit, refund or ticket); null for others. */
  agency: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The target's state before and after, as far as the action changed it. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = z.object({ entries: z.array(AuditEntry), ...pageCount });
export type AuditList = z.infer<typeof AuditList>;

// ── endpoints ───────────────────────────────────────────────────────────────────────────────

export const adminEndpoints = {
  companies: defineEndpoint({
    method: 'GET',
    path: '/api/admin/companies',
    summary: 'Agencies by status, longest waiting first, with balance and user count',
    access: 'operator',
    query: AdminCompanyListQuery,
    response: AdminCompanyList,
  }),
  company: defineEndpoint({
    method: 'GET',
    path: '/api/admin/companies/{id}',
    summary: 'One agency: details, vendor form and documents, users, balance, bookings, decisions',
    access: 'operator',
    params: IdParams,
    response: AdminCompanyDetails,
  }),
  companyDocument: defineEndpoint({
    method: 'GET',
    path: '/api/admin/companies/{id}/documents/{document_id}',
    summary: "One of the agency's vendor documents, inline (or as an attachment with download=true)",
    access: 'operator',
    params: DocumentParams,
    query: DocumentQuery,
    response: z.unknown(),
  }),
  approveCompany: defineEndpoint({
    method: 'POST',
    path: '/api/admin/companies/{id}/approve',
    summary: 'Approve an agency under review (e-mail and notification to the owner)',
    access: 'operator',
    params: IdParams,
    response: AdminCompanyDetails,
  }),
  rejectCompany: defineEndpoint({
    method: 'POST',
    path: '/api/admin/companies/{id}/reject',
    summary: 'Reject an agency under review with a reason it is shown (it may resubmit)',
    access: 'operator',
    params: IdParams,
    body: ReasonBody,
    response: AdminCompanyDetails,
  }),
  suspendCompany: defineEndpoint({
    method: 'POST',
    path: '/api/admin/companies/{id}/suspend',
    summary: 'Suspend an agency: its sessions end and its users are refused; nothing is deleted',
    access: 'operator',
    params: IdParams,
    body: ReasonBody,
    response: AdminCompanyDetails,
  }),
  reactivateCompany: defineEndpoint({
    method: 'POST',
    path: '/api/admin/companies/{id}/reactivate',
    summary: 'Reactivate a suspended agency, back to the state it was suspended from',
    access: 'operator',
    params: IdParams,
    body: ReasonBody,
    response: AdminCompanyDetails,
  }),
  adjustCredits: defineEndpoint({
    method: 'POST',
    path: '/api/admin/companies/{id}/adjustments',
    summary: "Credit or debit the agency's balance by an adjustment ledger entry",
    access: 'operator',
    params: IdParams,
    body: AdjustmentBody,
    response: AdminLedgerEntry,
    successStatus: 201,
  }),
  refunds: defineEndpoint({
    method: 'GET',
    path: '/api/admin/refunds',
    summary: 'Refund requests by status (pending first by default), oldest pending first',
    access: 'operator',
    query: AdminRefundListQuery,
    response: AdminRefundList,
  }),
  refund: defineEndpoint({
    method: 'GET',
    path: '/api/admin/refunds/{id}',
    summary: 'One refund request with its booking, tickets, fare rules and allowed amount',
    access: 'operator',
    params: IdParams,
    response: AdminRefund,
  }),
  approveRefund: defineEndpoint({
    method: 'POST',
    path: '/api/admin/refunds/{id}/approve',
    summary: 'Approve a refund request, crediting the allowed amount or less',
    access: 'operator',
    params: IdParams,
    body: RefundApprovalBody,
    response: AdminRefund,
  }),
  rejectRefund: defineEndpoint({
    method: 'POST',
    path: '/api/admin/refunds/{id}/reject',
    summary: 'Reject a refund request with a reason the agency is shown',
    access: 'operator',
    params: IdParams,
    body: ReasonBody,
    response: AdminRefund,
  }),
  banks: defineEndpoint({
    method: 'GET',
    path: '/api/admin/banks',
    summary: 'The bank accounts agencies deposit into, live ones first, retired ones too',
    access: 'operator',
    response: z.array(AdminBank),
  }),
  createBank: defineEndpoint({
    method: 'POST',
    path: '/api/admin/banks',
    summary: 'Add a bank account',
    access: 'operator',
    body: BankBody,
    response: AdminBank,
    successStatus: 201,
  }),
  updateBank: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/banks/{id}',
    summary: 'Edit a live bank account',
    access: 'operator',
    params: IdParams,
    body: BankUpdateBody,
    response: AdminBank,
  }),
  retireBank: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/banks/{id}',
    summary: 'Retire a bank account: no new deposits; old ones keep naming it',
    access: 'operator',
    params: IdParams,
    response: AdminBank,
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The append-only audit log of operator actions, newest first',
    access: 'operator',
    query: AuditQuery,
    response: AuditList,
  }),
};
