import { SUCCESS } from '@skydesk/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { Button } from '../../../shared/ui/button';
import { FieldError, inputClasses } from '../../../shared/ui/field';
import { bookingsApi } from '../bookings-api';

const PNR = /^[A-Z0-9]{6}$/;

/** Quick look-up by booking reference (docs/api.md `POST /api/booking-pnr`), straight to the booking. */
export function PnrLookup() {
  const navigate = useNavigate();
  const inputId = useId();
  const [pnr, setPnr] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [findBooking, { isFetching: busy }] = bookingsApi.useLazyBookingByPnrQuery();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = pnr.trim().toUpperCase();
    if (!PNR.test(value)) return setError('A booking reference has 6 letters and digits');
    setError(undefined);
    try {
      const booking = await findBooking({ body: { pnr: value } }).unwrap();
      toast.success(SUCCESS.pnrFetched);
      navigate(bookingDetailsPath(booking.id));
    } catch {
      // The toast says why (not found, or the call failed).
    }
  };

  return (
    <search aria-label="Find a booking by PNR" className="w-full sm:w-auto">
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="mb-1.5 block font-medium text-slate-800 text-sm">
          Find by PNR
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            value={pnr}
            onChange={(event) => setPnr(event.target.value)}
            maxLength={6}
            autoComplete="off"
            spellCheck={false}
            placeholder="K7Q2ZD"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className={inputClasses(
              Boolean(error),
              'font-mono uppercase tracking-widest placeholder:tracking-normal sm:w-40',
            )}
          />
          <Button type="submit" busy={busy} variant="secondary">
            <Search aria-hidden="true" className="size-4" /> Find
          </Button>
        </div>
        {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
      </form>
    </search>
  );
}
