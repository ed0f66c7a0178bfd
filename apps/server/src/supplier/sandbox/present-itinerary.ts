import type {
  AirItineraryPricingInfo,
  FareFamily,
  OriginDestinationOption,
  PricedItinerary,
  PTC_FareBreakdown,
} from '@skydesk/contract';
import { type Cabin, type Money, minorToAmount, type TripType } from '@skydesk/contract';
import type { PassengerMix } from './fares.js';
import { equipmentAt } from './fleet.js';
import { terminal } from './terminals.js';
import { localTime } from './time-zones.js';
import type { Timetable } from './timetable.js';
import { type PricedLeg, tripTotals } from './trip-pricing.js';

/** Shapes a priced trip as docs/api.md's PricedItinerary: the one place the wire shape is made. */

export type PresentationContext = {
  timetable: Timetable;
  tripType: TripType;
  cabin: Cabin;
  passengers: PassengerMix;
  currency: string;
  offerId: string;
  expiresAt: Date;
  sequenceNumber: number;
  /** The cabin's other brands on the same flights, cheapest first (issue 16). */
  fareFamilies?: FareFamily[];
  /**
   * Legs presented already in this search. A return search combines each outbound option with
   * every inbound one (hundreds of itineraries from a few dozen legs): each leg is shaped once and
   * its object shared, which the answer's encoder also writes once (supplier/search-outcome.ts).
   */
  legs?: PresentedLegs;
};

/** One leg as shown, with what the itinerary around it needs from it. */
type PresentedLeg = {
  option: OriginDestinationOption;
  /** The leg's longest flight (the first of equals) and its airline. */
  longestKm: number;
  longestCarrier: string;
};

export type PresentedLegs = Map<PricedLeg, PresentedLeg>;

export function presentItinerary(legs: readonly PricedLeg[], context: PresentationContext): PricedItinerary {
  // The validating carrier flies the trip's longest flight (the first of equals).
  let longest = -1;
  let validatingCarrier = '';
  const options: OriginDestinationOption[] = [];
  for (const leg of legs) {
    let presented = context.legs?.get(leg);
    if (!presented) {
      presented = presentLeg(leg, context);
      context.legs?.set(leg, presented);
    }
    options.push(presented.option);
    if (presented.longestKm > longest) {
      longest = presented.longestKm;
      validatingCarrier = presented.longestCarrier;
    }
  }
  return {
    SequenceNumber: context.sequenceNumber,
    offer_id: context.offerId,
    offer_expires_at: context.expiresAt.toISOString(),
    ValidatingCarrier: validatingCarrier,
    AirItinerary: {
      DirectionInd: context.tripType,
      OriginDestinationOptions: { OriginDestinationOption: options },
    },
    AirItineraryPricingInfo: presentPricing(legs, context.passengers, context.currency),
    FareFamilies: context.fareFamilies ?? [],
  };
}

/** The legs' fare components for the party: the itinerary's pricing, or one of its brands'. */
export function presentPricing(
  legs: readonly PricedLeg[],
  passengers: PassengerMix,
  currency: string,
): AirItineraryPricingInfo {
  const money = (minor: number): Money => ({ Amount: minorToAmount(minor), CurrencyCode: currency });
  const totals = tripTotals(legs, passengers);
  const fareInfos: AirItineraryPricingInfo['FareInfos'] = [];
  for (const leg of legs) {
    for (let segment = 0; segment < leg.segments.length; segment++) {
      fareInfos.push({
        FareBasisCode: leg.component.fareBasis,
        BrandName: leg.component.brand,
        Baggage: { Pieces: leg.component.baggage.pieces, WeightKg: leg.component.baggage.weightKg },
        SegmentRef: fareInfos.length + 1,
      });
    }
  }

  const breakdowns: PTC_FareBreakdown[] = [];
  const addBreakdown = (
    code: 'ADT' | 'CNN' | 'INF',
    quantity: number,
    fare: { base: number; taxes: number },
  ) => {
    if (quantity === 0) return;
    breakdowns.push({
      PassengerTypeQuantity: { Code: code, Quantity: quantity },
      PassengerFare: {
        BaseFare: money(fare.base),
        Taxes: money(fare.taxes),
        TotalFare: money(fare.base + fare.taxes),
      },
    });
  };
  addBreakdown('ADT', passengers.adults, totals.adult);
  addBreakdown('CNN', passengers.children, totals.child);
  addBreakdown('INF', passengers.infants, totals.infant);

  return {
    ItinTotalFare: {
      BaseFare: money(totals.base),
      Taxes: { Total: money(totals.taxes) },
      TotalFare: money(totals.total),
    },
    PTC_FareBreakdowns: { PTC_FareBreakdown: breakdowns },
    FareInfos: fareInfos,
    Refundable: totals.refundable,
    Penalties: { Cancel: money(totals.cancelPenalty), Change: money(totals.changePenalty) },
  };
}

function presentLeg(leg: PricedLeg, context: PresentationContext): PresentedLeg {
  const { timetable } = context;
  let longestKm = -1;
  let longestCarrier = '';
  const option: OriginDestinationOption = {
    ElapsedTime: leg.arrival - leg.departure,
    FlightSegment: leg.segments.map((segment, index) => {
      const flight = segment.flight;
      const origin = timetable.airport(timetable.flightOrigin[flight]!);
      const destination = timetable.airport(timetable.flightDestination[flight]!);
      const airline = timetable.airline(timetable.flightAirline[flight]!);
      const block = timetable.flightBlock[flight]!;
      const departs = localTime(origin.timeZone, segment.departure);
      const arrives = localTime(destination.timeZone, segment.departure + block);
      const distance = timetable.linkDistanceKm[timetable.flightLink[flight]!]!;
      if (distance > longestKm) {
        longestKm = distance;
        longestCarrier = airline.code;
      }
      const carrier = { Code: airline.code, Name: airline.name };
      return {
        DepartureAirport: {
          LocationCode: origin.code,
          Terminal: terminal(origin.code, airline.code),
        },
        ArrivalAirport: {
          LocationCode: destination.code,
          Terminal: terminal(destination.code, airline.code),
        },
        DepartureDateTime: departs.dateTime,
        ArrivalDateTime: arrives.dateTime,
        DepartureUTCOffset: departs.offset,
        ArrivalUTCOffset: arrives.offset,
        FlightNumber: String(timetable.flightNumber[flight]!),
        MarketingAirline: carrier,
        OperatingAirline: carrier,
        Equipment: { AirEquipType: equipmentAt(timetable.flightEquipment[flight]!).code },
        ResBookDesigCode: leg.component.bookingClass,
        CabinClass: context.cabin,
        ElapsedTime: block,
        StopQuantity: 0,
        SeatsRemaining: leg.seatsRemaining[index]!,
      };
    }),
  };
  return { option, longestKm, longestCarrier };
}
