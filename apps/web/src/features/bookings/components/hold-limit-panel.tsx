import type { HoldLimitExceeded } from '@skydesk/contract';
import { ListChecks, PlaneTakeoff, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { buttonClasses } from '../../../shared/ui/button';

type HoldLimitPanelProps = {
  /** The 409's `data`: which limit, what is held, what this booking adds. */
  refusal: HoldLimitExceeded;
  /** The server's message (contract HOLD_LIMIT), which names the amounts or seats. */
  message: string;
};

/**
 * What to do when `POST /api/booking` is refused by a hold limit (docs/architecture.md §5): the offer is
 * still good, so not "search again" — make room by issuing or cancelling a held booking, or add
 * credits (the value limit only), then confirm again from this screen.
 */
export function HoldLimitPanel({ refusal, message }: HoldLimitPanelProps) {
  const byValue = refusal.limit === 'hold_value';
  const canDeposit = useMayOpen(paths.dashboard.createTransaction);
  const canSeeBookings = useMayOpen(paths.dashboard.flightBookings);
  const canSearch = useMayOpen(paths.dashboard.searchFlights);
  const holdsSomething = byValue ? refusal.held.Amount > 0 : refusal.held_seats > 0;
  const advice = byValue
    ? holdsSomething
      ? 'Held bookings count against your available credits until their tickets are issued. Issue or cancel a held booking, or add credits, then confirm again.'
      : 'Add credits to cover this booking, then confirm again. Nothing has been booked.'
    : holdsSomething
      ? `Issue or cancel a held booking on flight ${refusal.flight}, then confirm again.`
      : `Book at most ${refusal.max_seats} seats on flight ${refusal.flight} at once.`;

  return (
    <Alert
      tone="error"
      title={byValue ? 'Your held bookings would exceed your credits' : 'Too many seats held on this flight'}
      assertive
    >
      <p>{message}</p>
      <p>{advice}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {holdsSomething && canSeeBookings && (
          <Link to={paths.dashboard.flightBookings} className={buttonClasses('secondary')}>
            <ListChecks aria-hidden="true" className="size-4" /> Your held bookings
          </Link>
        )}
        {byValue && canDeposit && (
          <Link to={paths.dashboard.createTransaction} className={buttonClasses('secondary')}>
            <Wallet aria-hidden="true" className="size-4" /> Add credits
          </Link>
        )}
        {!byValue && !holdsSomething && canSearch && (
          <Link to={paths.dashboard.searchFlights} className={buttonClasses('secondary')}>
            <PlaneTakeoff aria-hidden="true" className="size-4" /> New search
          </Link>
        )}
      </div>
    </Alert>
  );
}
