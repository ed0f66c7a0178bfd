import { zodResolver } from '@hookform/resolvers/zod';
import { ReasonBody } from '@skydesk/contract';
import { useForm } from 'react-hook-form';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { ReasonField } from './reason-field';

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What the agency is told the reason is for, under the field. */
  hint?: string;
  submitLabel: string;
  danger?: boolean;
  /** Sends the decision; throws the call's failure (a 422's field error lands on the reason). */
  onSubmit: (reason: string) => Promise<void>;
};

/** A decision that needs a reason (reject, suspend, reactivate, a refund refused). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  hint,
  submitLabel,
  danger = false,
  onSubmit,
}: ReasonDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ReasonBody), defaultValues: { reason: '' } });

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onSubmit(reason);
      reset();
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, setError, ['reason']);
    }
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form noValidate onSubmit={submit} className="space-y-5">
        <ReasonField error={errors.reason?.message} field={register('reason')} hint={hint} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting} variant={danger ? 'danger' : 'primary'}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
