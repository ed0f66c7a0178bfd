import { RECEIPT_FIELD, TransactionFormFields } from '@skydesk/contract';
import type { z } from 'zod';
import { documentFileField } from '../../shared/files/document-file';
import { todayLocalDate } from '../../shared/format/date-time';

export const RECEIPT_MISSING = 'Attach the receipt of the deposit';
export const FUTURE_DEPOSIT = 'The deposit date cannot be in the future';

/**
 * The deposit form: the contract's text fields (bank, amount, deposit date, bank reference, note)
 * and the receipt. The deposit date is checked against the agent's own calendar before sending;
 * the server checks it against its clock in the end.
 */
export const TransactionForm = TransactionFormFields.extend({
  deposit_date: TransactionFormFields.shape.deposit_date.refine(
    (day) => day <= todayLocalDate(),
    FUTURE_DEPOSIT,
  ),
  [RECEIPT_FIELD]: documentFileField(RECEIPT_MISSING),
});
export type TransactionFormInput = z.input<typeof TransactionForm>;
export type TransactionFormOutput = z.output<typeof TransactionForm>;

/** The fields a server's field error may name, in the order they are shown. */
export const TRANSACTION_FORM_FIELDS = [
  'bank_id',
  'amount',
  'deposit_date',
  'reference_no',
  'note',
  RECEIPT_FIELD,
] as const satisfies readonly (keyof TransactionFormInput)[];

/**
 * docs/api.md: multipart — the text fields as typed (the amount as the agent wrote it, trimmed) and
 * the receipt under `receipt`.
 */
export function toTransactionFormData(input: TransactionFormInput, form: TransactionFormOutput): FormData {
  const data = new FormData();
  data.append('bank_id', form.bank_id);
  data.append('amount', input.amount.trim());
  data.append('deposit_date', form.deposit_date);
  data.append('reference_no', form.reference_no);
  if (form.note) data.append('note', form.note);
  const receipt = form[RECEIPT_FIELD];
  if (receipt) data.append(RECEIPT_FIELD, receipt, receipt.name);
  return data;
}
