import { type FareFamily, MAX_QUOTE_OPTIONS, type PricedItinerary } from '@skydesk/contract';
import { Check, FilePlus2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { useCan } from '../../shared/access/dashboard-access';
import { Button } from '../../shared/ui/button';
import { quoteTray, trayOptionOf, useQuoteTray } from './quote-tray';

type AddToQuoteProps = {
  itinerary: PricedItinerary;
  /** One fare family of the result (its own offer); the result's offer when absent. */
  family?: FareFamily | null;
  className?: string;
};

/**
 * Issue 33: "Add to quote" on a result, a fare family or the grouped view's priced trip — puts its
 * offer in the quote tray (at most five), or takes it out again. Shown only to a role that quotes
 * (quotes are `bookings.create`).
 */
export function AddToQuote({ itinerary, family, className }: AddToQuoteProps) {
  const canQuote = useCan('bookings.create');
  const options = useQuoteTray();
  const option = trayOptionOf(itinerary, family);
  if (!canQuote || !option) return null;
  const added = options.some((held) => held.offer_id === option.offer_id);
  const label = family ? `${family.BrandName} ` : '';
  return (
    <Button
      variant={added ? 'success' : 'secondary'}
      className={className ?? 'min-h-9 px-3'}
      aria-pressed={added}
      onClick={() => {
        if (added) quoteTray.remove(option.offer_id);
        else if (!quoteTray.add(option))
          toast.error(`A quote holds at most ${MAX_QUOTE_OPTIONS} options: remove one first.`);
      }}
    >
      {added ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <FilePlus2 aria-hidden="true" className="size-4" />
      )}
      {added ? 'In the quote' : 'Add to quote'}
      {label && <span className="sr-only"> ({label.trim()})</span>}
    </Button>
  );
}
