import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminBank, BankBody, Iban } from '@skydesk/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { adminApi } from '../admin-api';
import { ADMIN_SUCCESS } from '../admin-labels';

/** The contract's bank body, with an empty IBAN read as none (not every country's accounts have one). */
const BankFields = z.object({
  bank: BankBody.shape.bank,
  account_title: BankBody.shape.account_title,
  account_number: BankBody.shape.account_number,
  iban: z
    .string()
    .transform((value) => value.trim() || null)
    .pipe(Iban.nullable()),
});

const FIELDS = ['bank', 'account_title', 'account_number', 'iban'] as const;

type BankFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account to edit; a new one when absent. */
  bank?: AdminBank;
};

/** Adds a bank account agencies deposit into, or edits a live one. */
export function BankFormDialog({ open, onOpenChange, bank }: BankFormDialogProps) {
  const [create] = adminApi.useCreateBankMutation();
  const [update] = adminApi.useUpdateBankMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(BankFields),
    defaultValues: {
      bank: bank?.bank ?? '',
      account_title: bank?.account_title ?? '',
      account_number: bank?.account_number ?? '',
      iban: bank?.iban ?? '',
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      if (bank) {
        await update({ params: { id: bank.id }, body }).unwrap();
        toast.success(ADMIN_SUCCESS.bankUpdated);
      } else {
        await create({ body }).unwrap();
        toast.success(ADMIN_SUCCESS.bankCreated);
        reset();
      }
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={bank ? `Edit ${bank.bank}` : 'Add a bank account'}
      description={
        bank
          ? 'Deposits already made keep naming this account; new ones see the change.'
          : 'Agencies see it among the accounts to deposit into.'
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField label="Bank" autoComplete="off" error={errors.bank?.message} {...register('bank')} />
        <TextField
          label="Account title"
          autoComplete="off"
          error={errors.account_title?.message}
          {...register('account_title')}
        />
        <TextField
          label="Account number"
          autoComplete="off"
          error={errors.account_number?.message}
          {...register('account_number')}
        />
        <TextField
          label="IBAN"
          optional
          autoComplete="off"
          spellCheck={false}
          hint="Spaces are fine; the check digits are verified."
          error={errors.iban?.message}
          {...register('iban')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {bank ? 'Save changes' : 'Add account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
