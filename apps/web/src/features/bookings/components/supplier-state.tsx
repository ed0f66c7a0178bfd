import type { Booking } from '@skydesk/contract';
import { AIRLINE_WAITING_WORDS } from '../../../entities/bookings/airline-waiting';
import { INSTANT_TICKETING } from '../../../entities/itinerary/ticketing';
import { formatInstant } from '../../../shared/format/date-time';
import { Alert } from '../../../shared/ui/alert';

/** The airline's own booking reference beside SkyDesk's, once the airline has one. */
export function AirlineReference({ booking }: { booking: Pick<Booking, 'supplier'> }) {
  const reference = booking.supplier?.reference;
  if (!reference) return null;
  return (
    <p className="text-slate-600 text-sm">
      Airline reference{' '}
      <span className="font-mono font-semibold text-slate-900 tracking-wider" data-testid="airline-reference">
        {reference}
      </span>
    </p>
  );
}

/**
 * Where the booking's supplier order stands, when the agent must know (issue 29): a step under
 * way, a fare held here only, an order that never came, a change the airline made.
 */
export function SupplierStateBanner({ booking }: { booking: Booking }) {
  const supplier = booking.supplier;
  if (!supplier || supplier.code === 'sandbox') return null;
  const waiting = supplier.state ? AIRLINE_WAITING_WORDS[supplier.state] : undefined;
  return (
    <>
      {waiting && (
        <Alert tone="info" title={waiting.title}>
          <p>{waiting.detail}</p>
        </Alert>
      )}
      {supplier.state === 'local' && booking.status === 'booked' && (
        <Alert tone="warning" title={INSTANT_TICKETING.title}>
          <p>
            Nothing is held at the airline: issue it before{' '}
            <time dateTime={booking.ticketing_deadline}>{formatInstant(booking.ticketing_deadline)}</time>,
            when its offer expires. Issuing books and pays it with the airline at once.
          </p>
        </Alert>
      )}
      {supplier.state === 'failed' && (
        <Alert tone="error" title="The airline did not confirm this booking">
          <p>Nothing is booked at the airline, and anything taken from your credits was returned.</p>
        </Alert>
      )}
      {supplier.airline_change_at && (
        <Alert tone="warning" title="The airline changed this booking">
          <p>
            It reported a change on{' '}
            <time dateTime={supplier.airline_change_at}>{formatInstant(supplier.airline_change_at)}</time>.
            Check the trip with the travellers, and ask support what can be done if it no longer suits them.
          </p>
        </Alert>
      )}
    </>
  );
}
