import { zodResolver } from '@hookform/resolvers/zod';
import { AdjustmentBody, type AdminCompany, AdminReason } from '@skydesk/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { formatMoney } from '../../../shared/format/money';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { adminApi } from '../admin-api';
import { ADMIN_SUCCESS } from '../admin-labels';
import { ReasonField } from '../components/reason-field';

/** "250", "+250.5", "-99.50" or "−99.50" (a typographic minus) → a signed number. */
const SIGNED_AMOUNT = /^[+\-−]?\d{1,9}(\.\d{1,2})?$/;
const toNumber = (text: string) => Number(text.replace('−', '-'));

const AdjustmentFields = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'Enter an amount')
    .regex(SIGNED_AMOUNT, 'An amount like 250 or -99.50, at most two decimals')
    .transform(toNumber)
    .pipe(AdjustmentBody.shape.amount),
  reason: AdminReason,
});

/** A manual credit or debit of the agency's balance: a signed amount and why (audit log, agency's orders). */
export function AdjustmentForm({ company }: { company: AdminCompany }) {
  const [adjust] = adminApi.useAdjustCreditsMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(AdjustmentFields), defaultValues: { amount: '', reason: '' } });
  const typed = watch('amount').trim();
  const preview = SIGNED_AMOUNT.test(typed) ? toNumber(typed) : null;

  const submit = handleSubmit(async (body) => {
    try {
      const entry = await adjust({ params: { id: company.id }, body }).unwrap();
      toast.success(
        `${ADMIN_SUCCESS.adjusted}: ${formatMoney({ Amount: entry.balance_after, CurrencyCode: entry.currency })}`,
      );
      reset();
    } catch (error) {
      showServerFieldErrors(error, setError, ['amount', 'reason']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Manual adjustment">
      <TextField
        label={`Amount (${company.currency})`}
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 250 or -99.50"
        error={errors.amount?.message}
        hint={
          preview !== null && preview !== 0
            ? `${preview > 0 ? 'Credits' : 'Debits'} ${formatMoney({ Amount: Math.abs(preview), CurrencyCode: company.currency })}: the balance becomes ${formatMoney({ Amount: Math.round((company.balance + preview) * 100) / 100, CurrencyCode: company.currency })}.`
            : 'Positive adds to the balance, negative takes from it.'
        }
        {...register('amount')}
      />
      <ReasonField
        error={errors.reason?.message}
        field={register('reason')}
        hint="Shown to the agency with the entry, and kept in the audit log."
      />
      <Button type="submit" variant="secondary" busy={isSubmitting} className="w-full sm:w-auto">
        Record adjustment
      </Button>
    </form>
  );
}
