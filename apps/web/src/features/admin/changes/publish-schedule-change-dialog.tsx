import { zodResolver } from '@hookform/resolvers/zod';
import { PublishScheduleChangeBody } from '@skydesk/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { FieldError, TextField } from '../../../shared/ui/field';
import { CHANGE_SUCCESS } from './change-words';
import { changesApi } from './changes-api';

/**
 * The form's fields as typed (text), checked by the contract's own body: a flight like BA117, a
 * day, and minutes moved (a whole number, not 0, at most 12 hours either way) unless cancelled.
 */
export const PublishFields = z
  .object({
    flight: z.string(),
    departure_date: z.string(),
    kind: z.enum(['retimed', 'cancelled']),
    delay_minutes: z.string(),
  })
  // Every field is checked here, at once, so each empty one says so on the first submit (a check
  // on the object would wait for its fields); the contract then checks what is there.
  .transform((fields, context) => {
    let wrong = false;
    const problem = (path: keyof typeof fields, message: string) => {
      wrong = true;
      context.addIssue({ code: 'custom', path: [path], message });
    };
    const flight = fields.flight.replace(/\s+/g, '').toUpperCase();
    if (!flight) problem('flight', 'Enter the flight, e.g. BA117');
    if (!fields.departure_date) problem('departure_date', 'Choose the day the flight leaves');
    let delay: number | undefined;
    if (fields.kind === 'retimed') {
      const text = fields.delay_minutes.trim().replace('−', '-');
      if (!/^-?\d+$/.test(text))
        problem('delay_minutes', 'Enter whole minutes, e.g. 90 (−45 moves it earlier)');
      else {
        delay = Number(text);
        if (Math.abs(delay) > 720)
          problem('delay_minutes', `At most 720 minutes (12 hours) ${delay < 0 ? 'earlier' : 'later'}`);
      }
    }
    if (wrong) return z.NEVER;
    return {
      flight,
      departure_date: fields.departure_date,
      kind: fields.kind,
      ...(delay === undefined ? {} : { delay_minutes: delay }),
    };
  })
  .pipe(PublishScheduleChangeBody);

type Fields = z.input<typeof PublishFields>;

const FIELDS = ['flight', 'departure_date', 'kind', 'delay_minutes'] as const;

type PublishDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Publishes a schedule change on a chosen sandbox flight (demos and tests): every booking on it
 * that day is flagged and its agency told, as an airline's own change would be.
 */
export function PublishScheduleChangeDialog({ open, onOpenChange }: PublishDialogProps) {
  const [publish] = changesApi.usePublishScheduleChangeMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Fields, unknown, PublishScheduleChangeBody>({
    resolver: zodResolver(PublishFields),
    defaultValues: { flight: '', departure_date: '', kind: 'retimed', delay_minutes: '' },
  });
  const kind = watch('kind');

  const close = (next: boolean) => {
    if (next) return;
    setProblem(null);
    reset();
    onOpenChange(false);
  };

  const submit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      const change = await publish({ body }).unwrap();
      toast.success(CHANGE_SUCCESS.published(change.flight, change.bookings.length));
      close(false);
    } catch (error) {
      // 422 on its fields; anything else (no such flight that day, not a sandbox flight) above the buttons.
      if (!showServerFieldErrors(error, setError, FIELDS))
        setProblem(isApiFailure(error) ? error.message : 'The schedule change was not published. Try again.');
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Publish a schedule change"
      description="As an airline would: every booking on the flight that day is flagged, and its agency is told (bell, e-mail, live) with the new times and a deadline to answer. Sandbox flights only."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Flight"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="BA117"
            // Shown as it is sent (the form upper-cases it): "ba117" reads as BA117.
            style={{ textTransform: 'uppercase' }}
            hint="Airline code and number"
            error={errors.flight?.message}
            {...register('flight')}
          />
          <TextField
            type="date"
            label="Departure date"
            hint="The day it leaves, at its airport"
            error={errors.departure_date?.message}
            {...register('departure_date')}
          />
        </div>
        <fieldset>
          <legend className="font-medium text-slate-800 text-sm">What happens</legend>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
            <KindChoice
              value="retimed"
              label="Retimed"
              description="Moved by some minutes"
              register={register}
            />
            <KindChoice
              value="cancelled"
              label="Cancelled"
              description="The flight does not fly"
              register={register}
            />
          </div>
          {errors.kind?.message && <FieldError>{errors.kind.message}</FieldError>}
        </fieldset>
        {kind === 'retimed' && (
          <TextField
            label="Moved by (minutes)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="90"
            hint="−720 to 720, not 0: a negative number moves it earlier"
            error={errors.delay_minutes?.message}
            {...register('delay_minutes')}
          />
        )}
        {problem && (
          <Alert tone="error" assertive>
            {problem}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            Publish schedule change
          </Button>
        </div>
      </form>
    </Modal>
  );
}

type KindChoiceProps = {
  value: Fields['kind'];
  label: string;
  description: string;
  register: ReturnType<typeof useForm<Fields, unknown, PublishScheduleChangeBody>>['register'];
};

function KindChoice({ value, label, description, register }: KindChoiceProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-indigo-500 has-checked:bg-indigo-50/60">
      <input type="radio" value={value} className="mt-1 size-4 accent-indigo-600" {...register('kind')} />
      <span>
        <span className="block font-medium text-slate-900 text-sm">{label}</span>
        <span className="block text-slate-500 text-xs">{description}</span>
      </span>
    </label>
  );
}
