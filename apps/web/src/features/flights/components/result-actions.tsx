import type { FareFamily, PricedItinerary } from '@skydesk/contract';
import { AddToQuote } from '../../../entities/quotes/add-to-quote';

type ResultActionsProps = {
  itinerary: PricedItinerary;
  /** One fare family of the result; the result's own offer when absent. */
  family?: FareFamily | null;
};

/**
 * Issue 33: the slot for what a result card offers besides "View details" — web-docs' "Add to
 * quote" goes here (one import and one element; a feature cannot import another, so the control
 * lives under src/entities/). Rendered under the price of every flat result.
 */
export function ResultActions({ itinerary, family }: ResultActionsProps) {
  return <AddToQuote itinerary={itinerary} family={family ?? null} />;
}
