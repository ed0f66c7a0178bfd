import { Cabin, Money, TRIP_TYPES } from '@skydesk/contract';
import { z } from 'zod';

/**
 * API.md "Flights": one search result, in the OTA naming travel systems use. Lives here until the
 * lead moves it to packages/contract.
 */

const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'airport-local YYYY-MM-DDTHH:mm:ss');
const UtcOffset = z.string().regex(/^[+-]\d{2}:\d{2}$/, '+HH:MM or -HH:MM');
const Airline = z.object({ Code: z.string().regex(/^[A-Z0-9]{2}$/), Name: z.string() });
const AirportRef = z.object({
  LocationCode: z.string().regex(/^[A-Z]{3}$/),
  Terminal: z.string().nullable(),
});

export const FlightSegment = z.object({
  DepartureAirport: AirportRef,
  ArrivalAirport: AirportRef,
  DepartureDateTime: LocalDateTime,
  ArrivalDateTime: LocalDateTime,
  DepartureUTCOffset: UtcOffset,
  ArrivalUTCOffset: UtcOffset,
  FlightNumber: z.string().regex(/^\d{1,4}$/),
  MarketingAirline: Airline,
  OperatingAirline: Airline,
  Equipment: z.object({ AirEquipType: z.string() }),
  /** Booking class (bucket) the segment is sold in. */
  ResBookDesigCode: z.string().length(1),
  CabinClass: Cabin,
  /** Block time, minutes. */
  ElapsedTime: z.number().int().positive(),
  /** Intermediate (technical) stops of the flight itself; connections are separate segments. */
  StopQuantity: z.number().int().min(0),
  /** Exactly the seats still for sale in the segment's cabin (capacity − sold), not capped. */
  SeatsRemaining: z.number().int().min(0),
});
export type FlightSegment = z.infer<typeof FlightSegment>;

export const OriginDestinationOption = z.object({
  /** Minutes from the first departure to the last arrival. */
  ElapsedTime: z.number().int().positive(),
  FlightSegment: z.array(FlightSegment).min(1).max(3),
});
export type OriginDestinationOption = z.infer<typeof OriginDestinationOption>;

const PassengerFare = z.object({ BaseFare: Money, Taxes: Money, TotalFare: Money });

export const PTC_FareBreakdown = z.object({
  PassengerTypeQuantity: z.object({ Code: z.enum(['ADT', 'CNN', 'INF']), Quantity: z.number().int().min(1) }),
  /** Per passenger of this type. */
  PassengerFare,
});
export type PTC_FareBreakdown = z.infer<typeof PTC_FareBreakdown>;

export const FareInfo = z.object({
  FareBasisCode: z.string(),
  BrandName: z.enum(['Basic', 'Standard', 'Flex']),
  Baggage: z.object({ Pieces: z.number().int().min(0), WeightKg: z.number().int().min(0) }),
  /** 1-based position of the segment in the itinerary, counting across all legs. */
  SegmentRef: z.number().int().min(1),
});
export type FareInfo = z.infer<typeof FareInfo>;

export const AirItineraryPricingInfo = z.object({
  ItinTotalFare: z.object({ BaseFare: Money, Taxes: z.object({ Total: Money }), TotalFare: Money }),
  PTC_FareBreakdowns: z.object({ PTC_FareBreakdown: z.array(PTC_FareBreakdown).min(1) }),
  FareInfos: z.array(FareInfo).min(1),
  Refundable: z.boolean(),
  /** Per adult ticket; a non-refundable fare's cancel penalty is its whole base fare. */
  Penalties: z.object({ Cancel: Money, Change: Money }),
});
export type AirItineraryPricingInfo = z.infer<typeof AirItineraryPricingInfo>;

export const PricedItinerary = z.object({
  SequenceNumber: z.number().int().min(1),
  offer_id: z.string().min(1),
  /** UTC instant, ISO-8601 with Z: 30 minutes after the quote. */
  offer_expires_at: z.iso.datetime(),
  ValidatingCarrier: z.string().regex(/^[A-Z0-9]{2}$/),
  AirItinerary: z.object({
    /** The trip type: one option per leg, in order. */
    DirectionInd: z.enum(TRIP_TYPES),
    OriginDestinationOptions: z.object({
      OriginDestinationOption: z.array(OriginDestinationOption).min(1).max(6),
    }),
  }),
  AirItineraryPricingInfo,
});
export type PricedItinerary = z.infer<typeof PricedItinerary>;
