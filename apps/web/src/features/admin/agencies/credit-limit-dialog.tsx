import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCredits, AdminReason, CreditLimitBody } from '@skydesk/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { formatMoney } from '../../../shared/format/money';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { ADMIN_SUCCESS } from '../admin-labels';
import { adminPaymentsApi } from '../admin-payments-api';
import { ReasonField } from '../components/reason-field';

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

const LimitFields = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'Enter the limit (0 for none)')
    .regex(AMOUNT, 'An amount like 5000 or 2500.50, at most two decimals')
    .transform(Number)
    .pipe(CreditLimitBody.shape.amount),
  reason: AdminReason,
});

type CreditLimitDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  companyName: string;
  credits: AdminCredits;
};

/**
 * The agency's overdraft: how far below zero its balance may go. Never less than it already owes —
 * the server checks that under the balance's lock and answers 409, shown here in words.
 */
export function CreditLimitDialog({
  open,
  onOpenChange,
  companyId,
  companyName,
  credits,
}: CreditLimitDialogProps) {
  const [setLimit] = adminPaymentsApi.useSetCreditLimitMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const money = (amount: number) => formatMoney({ Amount: amount, CurrencyCode: credits.currency });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(LimitFields),
    defaultValues: { amount: credits.credit_limit.toFixed(2), reason: '' },
  });
  const typed = watch('amount').trim();
  const preview = AMOUNT.test(typed) ? Number(typed) : null;
  const owed = credits.balance < 0 ? -credits.balance : 0;

  const close = (next: boolean) => {
    if (!next) {
      reset({ amount: credits.credit_limit.toFixed(2), reason: '' });
      setRefused(null);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit(async (body) => {
    setRefused(null);
    try {
      const answer = await setLimit({ params: { id: companyId }, body }).unwrap();
      toast.success(
        `${ADMIN_SUCCESS.creditLimitSet}: ${formatMoney({ Amount: answer.credit_limit, CurrencyCode: answer.currency })}`,
      );
      reset({ amount: answer.credit_limit.toFixed(2), reason: '' });
      onOpenChange(false);
    } catch (error) {
      if (!isApiFailure(error)) return;
      if (error.status === 409) setRefused(error.message);
      else if (!showServerFieldErrors(error, setError, ['amount', 'reason'])) toast.error(error.message);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Set credit limit"
      description={`How far below zero the balance of ${companyName} may go. Available to spend is the balance plus this limit.`}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Set credit limit">
        <TextField
          label={`Credit limit (${credits.currency})`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          hint={
            preview !== null
              ? `Available becomes ${money(Math.round((credits.balance + preview) * 100) / 100)}.${owed > 0 ? ` The agency owes ${money(owed)}: the limit cannot be less.` : ''}`
              : `Now ${money(credits.credit_limit)}. 0 takes the limit away.`
          }
          {...register('amount')}
        />
        <ReasonField
          error={errors.reason?.message}
          field={register('reason')}
          hint="Kept in the limit's history and the audit log; the agency is notified."
        />
        {refused && (
          <Alert tone="error" assertive title="The limit was not changed">
            {refused}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            Set limit
          </Button>
        </div>
      </form>
    </Modal>
  );
}
