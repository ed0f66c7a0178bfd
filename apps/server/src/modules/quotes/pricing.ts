import { type FareBrand, minorToAmount, PASSENGER_TYPES, type PricedItinerary } from '@skydesk/contract';
import type { StoredQuotePassenger, StoredQuoteSearch } from '../../platform/db/schema.js';
import type { OfferBooking } from '../../supplier/port.js';
import type { PricedTrip, Pricer } from '../pricing/index.js';

/** The brand an offer is sold in (a trip is sold in one brand). */
export const brandOf = (itinerary: PricedItinerary): FareBrand =>
  itinerary.AirItineraryPricingInfo.FareInfos[0]?.BrandName ?? 'Standard';

/** The airline's own name of the brand, when it has one (Duffel's "Light" sold as Basic). */
export const brandLabelOf = (itinerary: PricedItinerary): string | null =>
  itinerary.AirItineraryPricingInfo.FareInfos[0]?.BrandLabel ?? null;

const COUNT_OF = { adult: 'adults', child: 'children', infant: 'infants' } as const;

/** The trip as the agency's rules read it (modules/pricing/pricer.ts), per passenger type present. */
export function tripOf(offer: OfferBooking, itinerary: PricedItinerary, bookingDate: string): PricedTrip {
  const first = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment;
  return {
    supplier: offer.supplier ?? 'sandbox',
    validatingCarrier: offer.validatingCarrier,
    origin: first[0]!.DepartureAirport.LocationCode,
    destination: first[first.length - 1]!.ArrivalAirport.LocationCode,
    tripType: offer.tripType,
    cabin: offer.cabin,
    brand: brandOf(itinerary),
    departureDate: offer.segments[0]!.date,
    bookingDate,
    passengers: PASSENGER_TYPES.filter((type) => offer.passengers[COUNT_OF[type]] > 0).map((type) => ({
      type,
      count: offer.passengers[COUNT_OF[type]],
      netMinor: offer.fares[type].base + offer.fares[type].taxes,
    })),
    currency: offer.currency,
  };
}

export type SoldPrice = {
  netMinor: number;
  sellingMinor: number;
  passengers: StoredQuotePassenger[];
  rule: { id: string; name: string } | null;
};

/** What the agency pays and what its client pays for an offer, under the agency's rules. */
export function priceOffer(
  pricer: Pricer,
  offer: OfferBooking,
  itinerary: PricedItinerary,
  bookingDate: string,
) {
  const sold = pricer.sell(tripOf(offer, itinerary, bookingDate));
  const price: SoldPrice = {
    netMinor: offer.totalMinor,
    sellingMinor: sold.sellingMinor,
    passengers: sold.perType.map((entry) => ({
      passenger_type: entry.type,
      quantity: entry.count,
      net_minor: entry.netMinor,
      selling_minor: entry.sellingMinor,
    })),
    rule: sold.rule,
  };
  return price;
}

/** The offer with its two prices (PricedItinerary.net / selling / markup_rule, issue 33). */
export const withPrices = (
  itinerary: PricedItinerary,
  price: SoldPrice,
  currency: string,
): PricedItinerary => ({
  ...itinerary,
  net: { Amount: minorToAmount(price.netMinor), CurrencyCode: currency },
  selling: { Amount: minorToAmount(price.sellingMinor), CurrencyCode: currency },
  markup_rule: price.rule,
});

/** The search an offer answers: what a quote option's re-price searches again. */
export function searchOf(offer: OfferBooking, itinerary: PricedItinerary): StoredQuoteSearch {
  const legs = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
  return {
    origin_destinations: legs.map((leg, index) => {
      const first = leg.FlightSegment[0]!;
      const last = leg.FlightSegment[leg.FlightSegment.length - 1]!;
      const date =
        offer.segments.find((segment) => segment.leg === index)?.date ?? first.DepartureDateTime.slice(0, 10);
      return {
        origin: first.DepartureAirport.LocationCode,
        destination: last.ArrivalAirport.LocationCode,
        departure_date: date,
      };
    }),
    passengers: PASSENGER_TYPES.filter((type) => offer.passengers[COUNT_OF[type]] > 0).map((type) => ({
      type,
      count: offer.passengers[COUNT_OF[type]],
    })),
    cabin: offer.cabin,
  };
}
