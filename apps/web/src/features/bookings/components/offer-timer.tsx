import { Clock, PlaneTakeoff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { clock } from '../../../shared/time/clock';
import { useCountdown } from '../../../shared/time/use-countdown';
import { Alert } from '../../../shared/ui/alert';
import { buttonClasses } from '../../../shared/ui/button';

/**
 * Whether an instant (ISO) has passed, turning true when it does. Unlike a countdown it renders
 * once, at that moment, so a whole form can depend on it without re-rendering every second.
 */
export function usePassed(iso: string): boolean {
  const at = Date.parse(iso);
  const [passed, setPassed] = useState(() => at <= Date.now());
  useEffect(() => {
    const wait = at - Date.now();
    setPassed(wait <= 0);
    // setTimeout holds at most ~24.8 days; nothing here waits that long (offers, holds, voids).
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setPassed(true), wait);
    return () => clearTimeout(timer);
  }, [at]);
  return passed;
}

/**
 * The offer's countdown while it lasts; once it has expired, why the booking cannot go on and the
 * way back to fresh fares (the results page searches again).
 */
export function OfferTimer({ expiresAt }: { expiresAt: string }) {
  const left = useCountdown(Date.parse(expiresAt));
  if (left === 0)
    return (
      <Alert tone="warning" title="Offer expired — search again">
        <p>
          Offers are valid for 30 minutes and this one has run out. Search again for current fares and seats;
          the travellers you entered are kept.
        </p>
        <Link to={paths.dashboard.flightResults} className={buttonClasses('secondary', 'mt-2')}>
          <PlaneTakeoff aria-hidden="true" className="size-4" /> Search again
        </Link>
      </Alert>
    );
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 font-medium text-amber-900 text-sm ring-1 ring-amber-200">
      <Clock aria-hidden="true" className="size-4" />
      Offer valid for <span className="tabular-nums">{clock(left)}</span>
    </p>
  );
}
