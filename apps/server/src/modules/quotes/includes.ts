import { amountToMinor, type FareBrand, type PricedItinerary, type QuoteInclusions } from '@skydesk/contract';
import { money } from '../../platform/pdf/format.js';

/**
 * What a quoted fare includes, in words the client reads (issue 33): its checked bags, and its
 * changes and refunds from the fare's penalties (per ticket, as the airline states them). A Basic
 * fare cannot be changed at all (the changes issue's rule, modules/bookings/changes).
 */
export function inclusionsOf(itinerary: PricedItinerary, brand: FareBrand): QuoteInclusions {
  const pricing = itinerary.AirItineraryPricingInfo;
  return {
    baggage: baggageText(pricing.FareInfos),
    changes:
      brand === 'Basic'
        ? 'No changes'
        : amountToMinor(pricing.Penalties.Change.Amount) === 0
          ? 'Changes free of charge'
          : `Changes for ${money(pricing.Penalties.Change)} per ticket`,
    refunds: !pricing.Refundable
      ? 'Non-refundable'
      : amountToMinor(pricing.Penalties.Cancel.Amount) === 0
        ? 'Refundable free of charge'
        : `Refundable for a fee of ${money(pricing.Penalties.Cancel)} per ticket`,
  };
}

type Baggage = PricedItinerary['AirItineraryPricingInfo']['FareInfos'][number]['Baggage'];

const bagText = ({ Pieces, WeightKg }: Baggage) =>
  Pieces === 0
    ? 'No checked bag'
    : `${Pieces} checked bag${Pieces === 1 ? '' : 's'}${WeightKg > 0 ? ` of ${WeightKg} kg` : ''} per passenger`;

/** One sentence when every flight allows the same, else the least and the most. */
function baggageText(infos: PricedItinerary['AirItineraryPricingInfo']['FareInfos']): string {
  const texts = [...new Set(infos.map((info) => bagText(info.Baggage)))];
  if (texts.length <= 1) return texts[0] ?? 'No checked bag';
  return `Varies by flight: ${texts.join('; ')}`;
}
