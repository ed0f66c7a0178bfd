import { type AdminDeposit, minorToAmount, type RECEIPT_TYPES } from '@skydesk/contract';
import type { DepositRow } from './repo.js';

/** The wire shape of the deposit desk (contract admin-payments.ts), made in one place. */

export const receiptUrl = (depositId: string) => `/api/admin/transactions/${depositId}/receipt`;

/** Verified by its first bytes when the agency sent it (one of RECEIPT_TYPES). */
type ReceiptType = (typeof RECEIPT_TYPES)[number];

export function presentDeposit(row: DepositRow): AdminDeposit {
  const url = receiptUrl(row.id);
  return {
    id: row.id,
    status: row.status,
    company: { id: row.company_id, name: row.company_name },
    bank: { id: row.bank_id, bank: row.bank_name, account_number: row.bank_account_number },
    amount: minorToAmount(row.amount_minor),
    currency: row.currency,
    deposit_date: row.deposit_date,
    reference_no: row.reference_no,
    note: row.note,
    receipt: {
      file_name: row.receipt_file_name,
      content_type: row.receipt_content_type as ReceiptType,
      size: row.receipt_size_bytes,
      url,
      download_url: `${url}?download=true`,
    },
    created_by:
      row.created_by && row.created_by_name ? { id: row.created_by, name: row.created_by_name } : null,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
    decided_by:
      row.decided_by && row.decided_by_name ? { id: row.decided_by, name: row.decided_by_name } : null,
    rejection_reason: row.rejection_reason,
    company_balance: minorToAmount(row.company_balance_minor ?? 0),
  };
}
