import {
  type AirItineraryPricingInfo,
  amountToMinor,
  type FareBrand,
  minorToAmount,
  type PassengerType,
  type PricedItinerary,
  type SupplierCode,
} from '@skydesk/contract';
import type { GroupedAnswer } from '../../supplier/port.js';
import { decodeOutcome, outcomeOf, type SearchOutcome } from '../../supplier/search-outcome.js';
import type { PricedTrip, Pricer } from '../pricing/index.js';

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

/** What the rules need of a search besides each price: whose they are and when it is booked. */
export type SellingContext = {
  bookingDate: string;
  /** The supplier selling an offer or a grouped option (the sandbox's unless remote). */
  supplierOf: (id: string) => SupplierCode;
};

/**
 * A search answer with the client's prices. The shopping cache holds one answer for every agency
 * (search-cache.ts) and selling depends on the agency's rules, so selling is added here, as the
 * answer is sent, to a copy: the cached answer is never touched.
 */
export function sellOutcome(
  outcome: SearchOutcome,
  pricer: Pricer,
  context: SellingContext,
  options: { gzip: boolean },
): SearchOutcome {
  // Read from a copy of its encoding: reading a cached answer keeps its plain JSON beside its gzip,
  // which the cache keeps alone (a tenth of the size).
  const decoded = decodeOutcome({ ...outcome, answer: { ...outcome.answer } });
  const missing = outcome.missingSuppliers ? { missingSuppliers: outcome.missingSuppliers } : {};
  if (decoded.grouped) {
    const answer = sellGrouped(decoded.grouped.answer, pricer, context);
    return {
      ...outcome,
      answer: outcomeOf({ itineraries: [], grouped: { ...decoded.grouped, answer }, ...missing }, options)
        .answer,
    };
  }
  const itineraries = decoded.itineraries.map((itinerary) =>
    withSelling(itinerary, pricer, {
      supplier: context.supplierOf(itinerary.offer_id),
      bookingDate: context.bookingDate,
    }),
  );
  return { ...outcome, answer: outcomeOf({ itineraries, ...missing }, options).answer };
}

type GroupedLegs = GroupedAnswer['legs'];
type GroupedOption = GroupedLegs[number]['options'][number];
type SearchShape = Pick<GroupedAnswer, 'trip_type' | 'cabin' | 'passengers' | 'currency'> & {
  legs: GroupedLegs;
};

/**
 * One leg's share of a trip in one brand at the client's price (LegBrand.selling_total). The
 * grouped answer prices legs, not trips — a trip is any combination of them — so a trip's selling
 * price there is the sum of its legs', which `POST /api/search/price` says again for the chosen
 * legs. Each share is priced as the trip the rules see (the search's first leg, its date, trip
 * type, cabin, brand; the option's airline) with the share split evenly over the passengers; a
 * fixed amount per booking in a rule is then counted on each leg's share, and rounding applies per
 * share. The booking re-prices the whole trip by the rules, as it re-prices every offer.
 */
export function legSelling(
  pricer: Pricer,
  search: SearchShape,
  share: { totalMinor: number; brand: FareBrand; carrier: string; supplier: SupplierCode },
  bookingDate: string,
): { sellingMinor: number; rule: { id: string; name: string } | null } {
  const first = search.legs[0]!;
  const { adults, children, infants } = search.passengers;
  const count = adults + children + infants;
  const each = Math.floor(share.totalMinor / count);
  const rest = share.totalMinor - each * count;
  const sold = pricer.sell({
    supplier: share.supplier,
    validatingCarrier: share.carrier,
    origin: first.origin,
    destination: first.destination,
    departureDate: first.date,
    tripType: search.trip_type,
    cabin: search.cabin,
    brand: share.brand,
    bookingDate,
    passengers: (
      [
        ['adult', adults],
        ['child', children],
        ['infant', infants],
      ] as const
    )
      .filter(([, n]) => n > 0)
      .map(([type, n]) => ({ type, count: n, netMinor: each })),
    currency: search.currency,
  });
  return { sellingMinor: sold.sellingMinor + rest, rule: sold.rule };
}

const carrierOf = (option: GroupedOption) => option.segments[0]!.marketing;

/** LegBrand.selling_total on every brand, LegOption.cheapest_selling_total on every option. */
export function sellGrouped(answer: GroupedAnswer, pricer: Pricer, context: SellingContext): GroupedAnswer {
  const legs = answer.legs.map((leg) => ({
    ...leg,
    options: leg.options.map((option) => ({
      ...option,
      brands: option.brands.map((brand) => ({
        ...brand,
        selling_total:
          brand.total === null
            ? null
            : minorToAmount(
                legSelling(
                  pricer,
                  answer,
                  {
                    totalMinor: amountToMinor(brand.total),
                    brand: brand.brand,
                    carrier: carrierOf(option),
                    supplier: context.supplierOf(option.id),
                  },
                  context.bookingDate,
                ).sellingMinor,
              ),
      })),
    })),
  }));
  const cheapest = cheapestTrips(legs, answer.combinations);
  return {
    ...answer,
    legs: legs.map((leg, index) => ({
      ...leg,
      options: leg.options.map((option) => {
        const trip = cheapest[index]!.get(option.id);
        // Every option flies in some trip; should none be found, its own markup on its total.
        const own = option.brands.find((brand) => brand.total !== null && brand.selling_total != null);
        const fallback = option.cheapest_total + ((own?.selling_total ?? 0) - (own?.total ?? 0));
        return {
          ...option,
          cheapest_selling_total: minorToAmount(trip ? trip.sell : amountToMinor(fallback)),
        };
      }),
    })),
  };
}

type Cost = { net: number; sell: number };
const better = (a: Cost | undefined, b: Cost) => !a || b.net < a.net || (b.net === a.net && b.sell < a.sell);

/**
 * The cheapest whole trip (by net, as `cheapest_total` is) through each option, in one brand open
 * on every leg, with its selling price: per brand, the cheapest way to reach each option from the
 * first leg and to finish from it to the last, along the answer's combinations.
 */
function cheapestTrips(
  legs: {
    options: {
      id: string;
      brands: { brand: FareBrand; total: number | null; selling_total?: number | null }[];
    }[];
  }[],
  combinations: GroupedAnswer['combinations'],
): Map<string, Cost>[] {
  const result = legs.map(() => new Map<string, Cost>());
  const brands = new Set(legs.flatMap((leg) => leg.options.flatMap((o) => o.brands.map((b) => b.brand))));
  for (const brand of brands) {
    const cost = legs.map(
      (leg) =>
        new Map(
          leg.options.flatMap((option) => {
            const entry = option.brands.find((b) => b.brand === brand);
            return entry && entry.total !== null && entry.selling_total != null
              ? [
                  [
                    option.id,
                    { net: amountToMinor(entry.total), sell: amountToMinor(entry.selling_total) },
                  ] as const,
                ]
              : [];
          }),
        ),
    );
    const forward = legs.map(() => new Map<string, Cost>());
    for (const [id, own] of cost[0]!) forward[0]!.set(id, own);
    for (let leg = 1; leg < legs.length; leg++) {
      for (const [id, before] of forward[leg - 1]!) {
        for (const [next] of combinations[leg - 1]?.[id] ?? []) {
          const own = cost[leg]!.get(next);
          if (!own) continue;
          const reach = { net: before.net + own.net, sell: before.sell + own.sell };
          if (better(forward[leg]!.get(next), reach)) forward[leg]!.set(next, reach);
        }
      }
    }
    const backward = legs.map(() => new Map<string, Cost>());
    const last = legs.length - 1;
    for (const [id, own] of cost[last]!) backward[last]!.set(id, own);
    for (let leg = last - 1; leg >= 0; leg--) {
      for (const [id, own] of cost[leg]!) {
        for (const [next] of combinations[leg]?.[id] ?? []) {
          const after = backward[leg + 1]!.get(next);
          if (!after) continue;
          const finish = { net: own.net + after.net, sell: own.sell + after.sell };
          if (better(backward[leg]!.get(id), finish)) backward[leg]!.set(id, finish);
        }
      }
    }
    legs.forEach((_, leg) => {
      for (const [id, own] of cost[leg]!) {
        const to = forward[leg]!.get(id);
        const from = backward[leg]!.get(id);
        if (!to || !from) continue;
        const trip = { net: to.net + from.net - own.net, sell: to.sell + from.sell - own.sell };
        if (better(result[leg]!.get(id), trip)) result[leg]!.set(id, trip);
      }
    });
  }
  return result;
}
