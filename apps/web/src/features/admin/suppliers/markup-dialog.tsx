import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminSupplier, SupplierUpdateBody } from '@skydesk/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { SUPPLIER_SUCCESS } from './supplier-words';
import { suppliersApi } from './suppliers-api';

/** A decimal typed into a text box ("4.5", "10"), then the contract's own bounds and decimals. */
const decimal = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .regex(/^\d+(\.\d+)?$/, 'Enter a number, like 4.5')
    .transform(Number);

/** The contract's markup fields, typed as text: both are required here (the dialog sets both). */
export const MarkupFields = z.object({
  markup_percent: decimal('Enter a percentage (0 for none)').pipe(
    SupplierUpdateBody.shape.markup_percent.unwrap(),
  ),
  markup_fixed_per_passenger: decimal('Enter an amount (0 for none)').pipe(
    SupplierUpdateBody.shape.markup_fixed_per_passenger.unwrap(),
  ),
});

const FIELDS = ['markup_percent', 'markup_fixed_per_passenger'] as const;

type MarkupDialogProps = { supplier: AdminSupplier; onOpenChange: (open: boolean) => void };

/** The markup a remote supplier's converted price is given: a percentage and a fixed amount per passenger. */
export function MarkupDialog({ supplier, onOpenChange }: MarkupDialogProps) {
  const [update] = suppliersApi.useUpdateSupplierMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const currency = supplier.markup.fixed_per_passenger.CurrencyCode;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(MarkupFields),
    defaultValues: {
      markup_percent: String(supplier.markup.percent),
      markup_fixed_per_passenger: supplier.markup.fixed_per_passenger.Amount.toFixed(2),
    },
  });

  const submit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      await update({ params: { code: supplier.code }, body }).unwrap();
      toast.success(SUPPLIER_SUCCESS.markup(supplier.name));
      onOpenChange(false);
    } catch (error) {
      if (!showServerFieldErrors(error, setError, FIELDS))
        setProblem(isApiFailure(error) ? error.message : 'The markup was not saved. Try again.');
    }
  });

  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title={`${supplier.name}'s markup`}
      description="Added to every offer of this supplier once its price is converted into the platform currency. Bookings already made keep the price they were made at."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Percent of the price"
            inputMode="decimal"
            autoComplete="off"
            hint="0 to 100, e.g. 4.5"
            error={errors.markup_percent?.message}
            {...register('markup_percent')}
          />
          <TextField
            label={`Fixed per passenger (${currency})`}
            inputMode="decimal"
            autoComplete="off"
            hint="Added once per passenger"
            error={errors.markup_fixed_per_passenger?.message}
            {...register('markup_fixed_per_passenger')}
          />
        </div>
        {problem && (
          <Alert tone="error" assertive>
            {problem}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            Save markup
          </Button>
        </div>
      </form>
    </Modal>
  );
}
