import {
  AppError,
  amountToMinor,
  type Bank,
  buildPath,
  EMPTY_RESULT,
  latestDayBegun,
  minorToAmount,
  paymentEndpoints,
  RECEIPT_FIELD,
  RECEIPT_MAX_BYTES,
  RECEIPT_TYPES,
  SERVER,
  type Transaction,
  TransactionFormFields,
  type TransactionListQuery,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { addFieldError, emptyFieldErrors, hasFieldErrors } from '../../platform/http/field-errors.js';
import { defineMultipartForm, type MultipartForm } from '../../platform/http/multipart-form.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import * as repo from './deposits-repo.js';

/**
 * Deposits (docs/api.md#payments): an agency records a transfer it made into one of the platform's
 * bank accounts, with the bank's receipt; it waits `pending` for an operator (modules/admin/
 * deposits), whose approval posts the credit to the ledger.
 */

/** The multipart form of `POST /api/company/create-transaction`: its fields and the receipt. */
export const TRANSACTION_FORM = defineMultipartForm({
  fields: TransactionFormFields,
  files: [RECEIPT_FIELD],
  maxFileBytes: RECEIPT_MAX_BYTES,
  contentTypes: RECEIPT_TYPES,
  missingFile: 'Attach the receipt',
});

export type TransactionForm = MultipartForm<typeof TRANSACTION_FORM>;

export const DEPOSIT_MESSAGES = {
  futureDate: 'The deposit date cannot be in the future',
  noSuchBank: 'Choose one of the bank accounts offered',
  duplicateReference: 'This bank reference was already recorded',
} as const;

/** Rows read per query when the list streams (the spec's default page is 10,000,000 rows). */
export const TRANSACTION_BATCH_SIZE = 500;

const duplicateReference = () =>
  new AppError('conflict', DEPOSIT_MESSAGES.duplicateReference, {
    fieldErrors: { reference_no: [DEPOSIT_MESSAGES.duplicateReference] },
  });

/** The live-reference index refusing a second deposit recorded at the same time. */
const isLiveReferenceViolation = (error: unknown) => {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || constraint === repo.LIVE_REFERENCE_INDEX);
};

export const receiptPath = (id: string) => buildPath(paymentEndpoints.transactionReceipt.path, { id });

function present(row: repo.DepositRow): Transaction {
  return {
    id: row.id,
    bank: { id: row.bank_id, bank: row.bank_name },
    amount: minorToAmount(row.amount_minor),
    currency: row.currency,
    deposit_date: row.deposit_date,
    reference_no: row.reference_no,
    note: row.note,
    status: row.status,
    rejection_reason: row.rejection_reason,
    receipt_url: receiptPath(row.id),
    receipt_file_name: row.receipt_file_name,
    created_by: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

export function createDepositService(deps: {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  /** Rows per query of the streamed list (tests make it small). */
  batchSize?: number;
}) {
  const { db, files, clock } = deps;
  const batchSize = deps.batchSize ?? TRANSACTION_BATCH_SIZE;

  /** The rules the form's schema cannot check: a real, live bank and a day not yet to come. */
  async function checkDeposit(fields: z.output<typeof TransactionFormFields>) {
    const errors = emptyFieldErrors();
    if (fields.deposit_date > latestDayBegun(clock.now())) {
      addFieldError(errors, 'deposit_date', DEPOSIT_MESSAGES.futureDate);
    }
    const bank = await repo.findBank(db, fields.bank_id);
    if (!bank || bank.retired_at !== null) addFieldError(errors, 'bank_id', DEPOSIT_MESSAGES.noSuchBank);
    if (hasFieldErrors(errors))
      throw new AppError('validation', SERVER.validationFailed, { fieldErrors: errors });
  }

  return {
    /** `[ Bank[] ]`, the live accounts; none is 404 'No Banks Found' (docs/product-spec.md §8). */
    async banks(): Promise<[Bank[]]> {
      const banks = await repo.liveBanks(db);
      if (banks.length === 0) throw new AppError('not_found', EMPTY_RESULT.noBanks);
      return [banks];
    },

    /**
     * Records a pending deposit in the agency's currency. The same bank reference twice is 409
     * unless the earlier deposit was rejected: checked first, so a refused deposit stores no
     * receipt, and by the unique index, so of two sent at once one is refused (its receipt is then
     * left unreferenced under its random name, as a vendor document's in the same race).
     */
    async create(principal: CompanyPrincipal, form: TransactionForm): Promise<Transaction> {
      const { fields } = form;
      const receipt = form.files[RECEIPT_FIELD];
      const { companyId } = principal;
      await checkDeposit(fields);
      if (await repo.liveReferenceExists(db, companyId, fields.reference_no)) throw duplicateReference();
      const receiptKey = await files.put(receipt.content);
      const id = await repo
        .insertDeposit(db, {
          companyId,
          bankId: fields.bank_id,
          amountMinor: amountToMinor(fields.amount),
          currency: await repo.companyCurrency(db, companyId),
          depositDate: fields.deposit_date,
          referenceNo: fields.reference_no,
          note: fields.note ?? null,
          receiptKey,
          receiptFileName: receipt.fileName,
          receiptContentType: receipt.contentType,
          receiptSizeBytes: receipt.content.length,
          createdBy: principal.userId,
          createdAt: clock.now(),
        })
        .catch((error: unknown) => {
          if (isLiveReferenceViolation(error)) throw duplicateReference();
          throw error;
        });
      const row = await repo.findDeposit(db, companyId, id);
      if (!row) throw new Error(`The deposit ${id} just recorded is gone`);
      return present(row);
    },

    /**
     * The agency's deposits, newest first, filtered and paged (page × limit rows skipped), read
     * `batchSize` rows per query — the first batch at the page's offset, the next ones after the
     * last row read (keyset) — so a list of any length never sits in memory whole.
     */
    async *transactionBatches(
      principal: CompanyPrincipal,
      query: z.output<typeof TransactionListQuery>,
    ): AsyncGenerator<Transaction[]> {
      const filter = { status: query.status, from: query.from, to: query.to };
      let remaining = query.limit;
      let position: { after: repo.DepositCursor } | { offset: number } = { offset: query.page * query.limit };
      while (remaining > 0) {
        const size = Math.min(batchSize, remaining);
        const rows = await repo.depositBatch(db, principal.companyId, filter, position, size);
        if (rows.length > 0) yield rows.map(present);
        const last = rows.at(-1);
        if (!last || rows.length < size) return;
        remaining -= rows.length;
        position = { after: { createdAt: last.cursor_at, id: last.id } };
      }
    },

    /** The receipt of one of the agency's deposits: another agency's is 404, as a missing one. */
    async receipt(principal: CompanyPrincipal, id: string) {
      const receipt = await repo.findReceipt(db, principal.companyId, id);
      if (!receipt) throw new AppError('not_found', SERVER.notFound);
      return {
        fileName: receipt.receipt_file_name,
        contentType: receipt.receipt_content_type,
        content: await files.get(receipt.receipt_key),
      };
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
