import { BOOKING_MESSAGES, type BookingDetails, Email, MAX_TICKET_RECIPIENTS } from '@skydesk/contract';
import { Mail, Paperclip } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { FieldError, inputClasses } from '../../../shared/ui/field';
import { bookingsApi } from '../bookings-api';

type Props = {
  booking: Pick<BookingDetails, 'id' | 'pnr' | 'contact' | 'passengers'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Addresses typed one after another: commas, semicolons, spaces or new lines between them. */
const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * `POST /api/booking/{id}/ticket-email`: the e-ticket PDF e-mailed to the booking's contact and/or
 * addresses typed in (passengers carry no e-mail address of their own in a booking). Each address
 * is checked as the server will check it before anything is sent; the server's refusals (a
 * voided booking, too many sends) are shown here rather than in a toast behind the dialog.
 */
export function EmailTicketDialog({ booking, open, onOpenChange }: Props) {
  const [send, { isLoading: sending }] = bookingsApi.useEmailTicketMutation();
  const [toContact, setToContact] = useState(true);
  const [typed, setTyped] = useState('');
  const [addressError, setAddressError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const fieldId = useId();

  const close = (next: boolean) => {
    if (!next) {
      setAddressError(undefined);
      setProblem(undefined);
    }
    onOpenChange(next);
  };

  const submit = async () => {
    setProblem(undefined);
    const others = splitAddresses(typed);
    const bad = others.find((address) => !Email.safeParse(address).success);
    if (bad) return setAddressError(`“${bad}” is not an e-mail address`);
    const recipients = [...new Set([...(toContact ? [booking.contact.email] : []), ...others])];
    if (recipients.length === 0) return setAddressError('Choose the contact or type at least one address');
    if (recipients.length > MAX_TICKET_RECIPIENTS) {
      return setAddressError(`At most ${MAX_TICKET_RECIPIENTS} addresses at a time`);
    }
    setAddressError(undefined);
    try {
      const answer = await send({ params: { id: booking.id }, body: { recipients } }).unwrap();
      toast.success(BOOKING_MESSAGES.ticketEmailed(answer.sent_to.length));
      setTyped('');
      close(false);
    } catch (failure) {
      if (!isApiFailure(failure)) return setProblem('The e-ticket could not be sent. Try again.');
      // A 422 names the address by its place in the list sent.
      const [field, messages] = Object.entries(failure.fieldErrors)[0] ?? [];
      const index = field ? Number(field.split('.')[1]) : Number.NaN;
      if (messages?.[0]) {
        setAddressError(
          Number.isInteger(index) && recipients[index] ? `${recipients[index]}: ${messages[0]}` : messages[0],
        );
      } else setProblem(failure.message);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={`E-mail the e-ticket ${booking.pnr}`}
      description={
        <>
          Each address gets its own e-mail from your agency with the e-ticket PDF attached; the booking's
          history records who got it.
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <fieldset className="space-y-2">
          <legend className="font-medium text-slate-800 text-sm">Send to</legend>
          <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm hover:bg-slate-50">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              checked={toContact}
              onChange={(event) => setToContact(event.target.checked)}
            />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">Booking contact</span>
              <span className="block break-all text-slate-600">{booking.contact.email}</span>
            </span>
          </label>
        </fieldset>
        <div>
          <label htmlFor={fieldId} className="block font-medium text-slate-800 text-sm">
            Other addresses <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={fieldId}
            rows={2}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="e.g. traveller@example.com, another@example.com"
            aria-invalid={addressError ? true : undefined}
            aria-describedby={addressError ? `${fieldId}-error` : `${fieldId}-hint`}
            className={inputClasses(Boolean(addressError), 'mt-1.5 resize-y')}
          />
          {addressError ? (
            <FieldError id={`${fieldId}-error`}>{addressError}</FieldError>
          ) : (
            <p id={`${fieldId}-hint`} className="mt-1.5 text-slate-500 text-xs">
              The travellers' own addresses, separated by commas. Up to {MAX_TICKET_RECIPIENTS} in all.
            </p>
          )}
        </div>
        <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-slate-600 text-sm">
          <Paperclip aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 truncate">
            e-ticket-{booking.pnr}.pdf · {booking.passengers.length} passenger
            {booking.passengers.length === 1 ? '' : 's'}
          </span>
        </p>
        {problem && (
          <Alert tone="error" assertive title="Not sent">
            {problem}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => close(false)} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" busy={sending}>
            <Mail aria-hidden="true" className="size-4" /> Send e-ticket
          </Button>
        </div>
      </form>
    </Modal>
  );
}
