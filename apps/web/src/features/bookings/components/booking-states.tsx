import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';

/** A booking id that names nothing of this agency (docs/api.md: another agency's booking is a 404 too). */
export function BookingNotFound() {
  return (
    <EmptyState
      icon={ClipboardList}
      title="Booking not found"
      actions={
        <>
          <Link to={paths.dashboard.flightBookings} className={buttonClasses('primary')}>
            Flight bookings
          </Link>
          <Link to={paths.dashboard.bookingHistory} className={buttonClasses('secondary')}>
            Booking history
          </Link>
        </>
      }
    >
      This booking does not exist or belongs to another agency. Look it up in your bookings or by its PNR.
    </EmptyState>
  );
}

export function BookingLoading({ label = 'Loading the booking' }: { label?: string }) {
  return (
    <div className="flex min-h-60 items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
