import type {
  Cabin,
  FareBrand,
  FareInfo,
  FlightSegment,
  PassengerType,
  PricedItinerary,
  SeatMap,
} from '@skydesk/contract';
import type { RemoteOffer, SupplierCode } from './remote-orders.js';

/**
 * Seat maps through the supplier port (issue 31). The portal asks for the maps of the flights of an
 * offer or a booking; a supplier that sells seats answers one map per flight, each seat priced per
 * passenger for the fare's brand and marked with the rules that keep some passengers out of it.
 */

/** One flight of an offer or a booking, as a seat map needs it. */
export type SeatMapFlight = {
  /** 0-based across the trip's flights, as the booking's segments. */
  segmentIndex: number;
  /** Flight designator, 'BA117'. */
  flight: string;
  /** Local departure date at the origin, 'YYYY-MM-DD'. */
  date: string;
  /** The cabin the fare is sold in: its seats may be chosen, the others are only shown. */
  cabin: Cabin;
  /** IATA aircraft type code, as the schedule publishes it. */
  equipment: string;
  /** Block time in minutes: seat prices grow with the route's length. */
  blockMinutes: number;
  /** The fare's brand on this flight: Basic pays for every seat, Standard for the better ones, Flex none. */
  brand: FareBrand;
};

/**
 * The flights of an itinerary numbered across its legs (as the booking's segments), each with the
 * fare component it is sold in (`FareInfos` by `SegmentRef`): what seat maps and bags both read.
 */
export function fareFlightsOf(
  itinerary: PricedItinerary,
): { segment: FlightSegment; index: number; fare: FareInfo }[] {
  const fareInfos = itinerary.AirItineraryPricingInfo.FareInfos;
  return itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap(
    (option) => option.FlightSegment,
  ).map((segment, index) => ({
    segment,
    index,
    fare: fareInfos.find((info) => info.SegmentRef === index + 1) ?? fareInfos[0]!,
  }));
}

/** The flights of an itinerary as seat maps need them. */
export const seatMapFlights = (itinerary: PricedItinerary): SeatMapFlight[] =>
  fareFlightsOf(itinerary).map(({ segment, index, fare }) => ({
    segmentIndex: index,
    flight: `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
    date: segment.DepartureDateTime.slice(0, 10),
    cabin: segment.CabinClass,
    equipment: segment.Equipment.AirEquipType,
    blockMinutes: segment.ElapsedTime,
    brand: fare.BrandName,
  }));

/** A seat one of SkyDesk's own bookings holds on a flight. */
export type ChosenSeat = {
  flight: string;
  date: string;
  designator: string;
  /** The passenger in it holds an infant (one infant per row section). */
  withInfant: boolean;
  bookingId: string;
};

export type SeatMapRequest = {
  flights: readonly SeatMapFlight[];
  /** The party, in the booking's passenger order (infants ride on the first adults' laps). */
  passengers: readonly PassengerType[];
  /** A booking asking for its own maps: its seats are shown as taken by nobody else. */
  bookingId?: string;
  /**
   * A remote supplier's priced offer (issue 31, Duffel): its maps are the supplier's, asked for
   * with its own offer id; the party's passengers are its passenger ids.
   */
  remote?: { supplier: SupplierCode; offer: RemoteOffer };
};

/** Where the seats SkyDesk's bookings chose are read from (the portal's database). */
export type ChosenSeats = {
  chosenSeats(flights: readonly { flight: string; date: string }[]): Promise<readonly ChosenSeat[]>;
};

/** A seat asked for one passenger on one flight (a booking's `services` of type seat). */
export type SeatChoiceRequest = { segmentIndex: number; passengerIndex: number; designator: string };

/** A seat a booking keeps on one flight while some of its passengers change theirs. */
export type KeptSeat = { segmentIndex: number; designator: string; withInfant: boolean };

/** A seat that may be taken: its price for the passenger (0 when the fare includes it). */
export type SeatChoiceQuote = SeatChoiceRequest & {
  amountMinor: number;
  /** The passenger holds an infant (kept with the seat: one infant per row section). */
  withInfant: boolean;
};

/** A seat refused, and why in words (taken, an exit row for a child, no such seat …). */
export type SeatChoiceRefusal = SeatChoiceRequest & {
  message: string;
  /** Refused only because someone else has it now (the portal answers 409 with the map). */
  taken?: boolean;
};

export type SupplierSeatMaps = {
  /** One map per flight of the request, in its order; a flight whose aircraft has no known layout is left out. */
  seatMaps(request: SeatMapRequest): Promise<SeatMap[]>;
  /**
   * Checks a party's seat choices against the seats taken now and the airline's rules, and prices
   * those it may take: every choice is either quoted or refused. Without it, no seat is sold.
   */
  quoteSeats?(
    request: SeatMapRequest & {
      choices: readonly SeatChoiceRequest[];
      /**
       * With `bookingId` (seats changed after booking): the booking's seats that stay, taken for
       * this check though its own seats are otherwise free to it.
       */
      keep?: readonly KeptSeat[];
    },
  ): Promise<{ quotes: SeatChoiceQuote[]; refused: SeatChoiceRefusal[] }>;
};

/** No bookings choose seats: the maps show the inventory's reproducible fill alone. */
export const NO_CHOSEN_SEATS: ChosenSeats = { chosenSeats: async () => [] };
