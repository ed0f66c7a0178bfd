import {
  type AirItineraryPricingInfo,
  amountToMinor,
  type FareBrand,
  minorToAmount,
  type PassengerType,
  type PricedItinerary,
  type SupplierCode,
} from '@skydesk/contract';
import type { PricedTrip, Pricer } from '../pricing/pricer.js';

/**
 * Issue 33: the client's selling price beside the agency's net, on search answers and offers. The
 * agency's markup rules (modules/pricing) see a trip as `PricedTrip`; this file makes one from an
 * itinerary as the portal shows it, so results, offers and bookings are priced by the same reading.
 */

const PTC_TYPES: Record<'ADT' | 'CNN' | 'INF', PassengerType> = { ADT: 'adult', CNN: 'child', INF: 'infant' };

/** 'YYYY-MM-DD' of `at` in `zone` (a rule's booking dates are the agency's calendar). */
export const localDate = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);

/** The route a rule sees: the trip's first leg, origin to destination, and its first departure day. */
export function firstLegOf(itinerary: PricedItinerary) {
  const legs = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
  const first = legs[0]!.FlightSegment;
  return {
    origin: first[0]!.DepartureAirport.LocationCode,
    destination: first[first.length - 1]!.ArrivalAirport.LocationCode,
    departureDate: first[0]!.DepartureDateTime.slice(0, 10),
  };
}

/**
 * An itinerary in one of its brands (`pricing`: the itinerary's own, or a fare family's) as the
 * rules see it: each passenger type's fare for the whole trip.
 */
export function tripOfItinerary(
  itinerary: PricedItinerary,
  context: { supplier: SupplierCode; bookingDate: string; pricing?: AirItineraryPricingInfo },
): PricedTrip {
  const pricing = context.pricing ?? itinerary.AirItineraryPricingInfo;
  return {
    supplier: context.supplier,
    validatingCarrier: itinerary.ValidatingCarrier,
    ...firstLegOf(itinerary),
    tripType: itinerary.AirItinerary.DirectionInd,
    cabin:
      itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment[0]!
        .CabinClass,
    brand: (pricing.FareInfos[0]?.BrandName ?? null) as FareBrand | null,
    bookingDate: context.bookingDate,
    passengers: pricing.PTC_FareBreakdowns.PTC_FareBreakdown.map((breakdown) => ({
      type: PTC_TYPES[breakdown.PassengerTypeQuantity.Code],
      count: breakdown.PassengerTypeQuantity.Quantity,
      netMinor: amountToMinor(breakdown.PassengerFare.TotalFare.Amount),
    })),
    currency: pricing.ItinTotalFare.TotalFare.CurrencyCode,
  };
}

/**
 * The selling price of a whole-party fare. The rules price each passenger's fare; a supplier's
 * total may differ from the sum of its per-passenger fares by a cent of rounding, kept as it is so
 * that `selling − net` is exactly the markup.
 */
export function sellItinerary(
  pricer: Pricer,
  itinerary: PricedItinerary,
  context: { supplier: SupplierCode; bookingDate: string; pricing?: AirItineraryPricingInfo },
) {
  const trip = tripOfItinerary(itinerary, context);
  const pricing = context.pricing ?? itinerary.AirItineraryPricingInfo;
  const netMinor = amountToMinor(pricing.ItinTotalFare.TotalFare.Amount);
  const faresMinor = trip.passengers.reduce((sum, p) => sum + p.count * p.netMinor, 0);
  const sold = pricer.sell(trip);
  return {
    netMinor,
    sellingMinor: sold.sellingMinor + (netMinor - faresMinor),
    rule: sold.rule,
    currency: trip.currency,
  };
}

/** Net and selling on a flat itinerary and each of its fare families (the search's, an offer's). */
export function withSelling(
  itinerary: PricedItinerary,
  pricer: Pricer,
  context: { supplier: SupplierCode; bookingDate: string },
): PricedItinerary {
  const own = sellItinerary(pricer, itinerary, context);
  return {
    ...itinerary,
    FareFamilies: itinerary.FareFamilies.map((family) => {
      if (family.SoldOut || !family.AirItineraryPricingInfo) return { ...family, net: null, selling: null };
      const priced = sellItinerary(pricer, itinerary, {
        ...context,
        pricing: family.AirItineraryPricingInfo,
      });
      return {
        ...family,
        net: money(priced.netMinor, priced.currency),
        selling: money(priced.sellingMinor, priced.currency),
      };
    }),
    net: money(own.netMinor, own.currency),
    selling: money(own.sellingMinor, own.currency),
    markup_rule: own.rule,
  };
}

const money = (minor: number, currency: string) => ({ Amount: minorToAmount(minor), CurrencyCode: currency });
