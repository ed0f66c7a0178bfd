import { PlaneTakeoff } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';

/** A booking step opened without a chosen flight (a bookmark, or the draft was used up). */
export function NoFlightChosen() {
  return (
    <EmptyState
      icon={PlaneTakeoff}
      title="No flight chosen"
      actions={
        <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary')}>
          Search flights
        </Link>
      }
    >
      Search flights and pick one to book it.
    </EmptyState>
  );
}
