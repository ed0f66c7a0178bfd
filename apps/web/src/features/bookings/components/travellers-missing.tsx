import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';

/** A later step opened before every traveller was entered (a bookmark, or another tab). */
export function TravellersMissing() {
  return (
    <EmptyState
      icon={Users}
      title="Travellers first"
      actions={
        <Link to={paths.dashboard.travelersDetails} className={buttonClasses('primary')}>
          Enter the travellers
        </Link>
      }
    >
      Enter every passenger of this flight before reviewing the price and booking.
    </EmptyState>
  );
}
