import type { AdminScheduleChange, AffectedBooking } from '@skydesk/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { instantToLocalInput, localInputToInstant, localZoneName } from '../notices/local-date-time';
import { CHANGE_SUCCESS } from './change-words';
import { changesApi } from './changes-api';

const DAY_MS = 24 * 3_600_000;

/**
 * Why a new deadline typed in the operator's own zone cannot be sent, or null when it can: it is a
 * date and time, later than now and than the deadline it replaces (an extension never shortens it).
 */
export function deadlineProblem(local: string, current: string, now = Date.now()): string | null {
  if (!local.trim()) return 'Choose the new deadline';
  const instant = localInputToInstant(local);
  if (!instant) return 'Enter a date and time';
  const at = Date.parse(instant);
  if (at <= now) return 'Choose a time in the future';
  if (at <= Date.parse(current))
    return `Choose a time after the current deadline (${formatInstant(current)})`;
  return null;
}

type ExtendDeadlineDialogProps = {
  change: AdminScheduleChange;
  booking: AffectedBooking;
  onClose: () => void;
};

/** Gives one booking's agency more time to answer a schedule change, before it is accepted for them. */
export function ExtendDeadlineDialog({ change, booking, onClose }: ExtendDeadlineDialogProps) {
  const [extend, { isLoading }] = changesApi.useExtendDeadlineMutation();
  // A day past the current deadline (or from now, if that is gone): the usual ask, easy to adjust.
  const [value, setValue] = useState(() =>
    instantToLocalInput(new Date(Math.max(Date.parse(booking.deadline), Date.now()) + DAY_MS).toISOString()),
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const local = deadlineProblem(value, booking.deadline);
    setFieldError(local);
    if (local) return;
    try {
      await extend({
        params: { id: change.id },
        body: { booking_id: booking.booking_id, deadline: localInputToInstant(value)! },
      }).unwrap();
      toast.success(CHANGE_SUCCESS.extended(booking.pnr));
      onClose();
    } catch (error) {
      const server = isApiFailure(error) ? error.fieldErrors.deadline?.[0] : undefined;
      if (server) setFieldError(server);
      else setProblem(isApiFailure(error) ? error.message : 'The deadline was not extended. Try again.');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !isLoading && onClose()}
      title={`Extend the deadline of ${booking.pnr}`}
      description={
        <>
          {booking.company.name} has until{' '}
          <strong className="font-medium text-slate-800">{formatInstant(booking.deadline)}</strong> to answer
          the change to {change.flight}. Without an answer by the deadline the new times are accepted for
          them.
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField
          type="datetime-local"
          label="New deadline"
          hint={`Your time (${localZoneName()}). The agency is shown it in theirs.`}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ?? undefined}
        />
        {problem && (
          <Alert tone="error" assertive>
            {problem}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" busy={isLoading}>
            Extend deadline
          </Button>
        </div>
      </form>
    </Modal>
  );
}
