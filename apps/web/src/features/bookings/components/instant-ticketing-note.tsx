import type { PricedItinerary } from '@skydesk/contract';
import { INSTANT_TICKETING, issuedAtOnce } from '../../../entities/itinerary/ticketing';
import { Alert } from '../../../shared/ui/alert';

/**
 * Issue 29: an offer the airline will not hold, said before the agent books it — the booking
 * is kept here only until its offer expires, and issuing it books and pays it at once.
 */
export function InstantTicketingNote({
  itinerary,
  className,
}: {
  itinerary: Pick<PricedItinerary, 'ticketing'>;
  className?: string;
}) {
  if (!issuedAtOnce(itinerary)) return null;
  return (
    <Alert tone="warning" title={INSTANT_TICKETING.title} className={className}>
      <p>{INSTANT_TICKETING.explained}</p>
    </Alert>
  );
}
