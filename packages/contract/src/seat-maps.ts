import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { Cabin } from './enums.js';
import { Money } from './envelope.js';
import { PRINTABLE_TOKEN } from './text.js';

/**
 * Issue 31: seat maps and the services (seats, extra bags) sold beside the fare. docs/api.md's
 * third wave names the fields: `SeatMap[]`, one per flight, `{ segment_index, flight, cabins: [{ cabin,
 * rows: [{ row, seats: [{ designator, available, characteristics[], price?, restriction? }] }] }] }`,
 * facilities sitting among the seats.
 */

// ── seats ───────────────────────────────────────────────────────────────────────────────────

/** What a seat is, as airlines' seat maps say it (a seat has one of window, aisle, middle). */
export const SEAT_CHARACTERISTICS = [
  'window',
  'aisle',
  'middle',
  'extra_legroom',
  'exit_row',
  'front_of_cabin',
  'near_lavatory',
  'no_recline',
  'bassinet',
] as const;
export const SeatCharacteristic = z.enum(SEAT_CHARACTERISTICS);
export type SeatCharacteristic = z.infer<typeof SeatCharacteristic>;

/**
 * Who takes a seat, as the airlines' seat rules tell passengers apart: an infant travels on an
 * adult's lap, so "a passenger travelling with an infant" is the adult holding one.
 */
export const SEAT_PARTIES = ['adult', 'adult_with_infant', 'child'] as const;
export const SeatParty = z.enum(SEAT_PARTIES);
export type SeatParty = z.infer<typeof SeatParty>;

/**
 * Why some passengers may not take a seat that is free (the seat is shown, with this, never hidden):
 * - `exit_row`: no child, infant or passenger travelling with an infant sits in an exit row;
 * - `infant_in_section`: one infant per row section (a section has one spare oxygen mask).
 */
export const SEAT_RESTRICTIONS = ['exit_row', 'infant_in_section'] as const;
export const SeatRestrictionCode = z.enum(SEAT_RESTRICTIONS);
export type SeatRestrictionCode = z.infer<typeof SeatRestrictionCode>;

export const SeatRestriction = z.object({
  code: SeatRestrictionCode,
  /** The rule in words, for the agent and the traveller. */
  message: z.string(),
  /** The passengers the rule keeps out of the seat; others may take it. */
  applies_to: z.array(SeatParty).min(1),
});
export type SeatRestriction = z.infer<typeof SeatRestriction>;

/** A seat designator as printed on the boarding pass: row number, then column letter ("23C"). */
export const SeatDesignator = z
  .string()
  .regex(/^[1-9]\d{0,2}[A-HJ-K]$/, 'A seat is a row number and a letter');

export const Seat = z.object({
  designator: SeatDesignator,
  /** Free to choose now: not taken, and in the cabin the fare is sold in. */
  available: z.boolean(),
  characteristics: z.array(SeatCharacteristic),
  /**
   * What one passenger pays for it. Absent on an available seat: the fare includes it (a Flex fare,
   * or a seat a Standard fare does not charge for).
   */
  price: Money.optional(),
  restriction: SeatRestriction.optional(),
});
export type Seat = z.infer<typeof Seat>;

/** What sits among the seats where there are none: the aircraft's lavatories, galleys and closets. */
export const CABIN_FACILITIES = ['lavatory', 'galley', 'closet'] as const;
export const CabinFacilityKind = z.enum(CABIN_FACILITIES);
export type CabinFacilityKind = z.infer<typeof CabinFacilityKind>;

export const CabinFacility = z.object({
  facility: CabinFacilityKind,
  /** The seat columns it stands across (a block between two aisles, or by the windows). */
  columns: z.array(z.string()).min(1),
});
export type CabinFacility = z.infer<typeof CabinFacility>;

export const SeatMapElement = z.union([Seat, CabinFacility]);
export type SeatMapElement = z.infer<typeof SeatMapElement>;

export const isSeat = (element: SeatMapElement): element is Seat => 'designator' in element;

export const SeatMapRow = z.object({
  /** The row number as printed above the seats; null for a row of facilities only. */
  row: z.number().int().min(1).nullable(),
  seats: z.array(SeatMapElement),
  /** The row sits over the wing (the view is the wing's). */
  wing: z.boolean().optional(),
  /** An emergency exit row. */
  exit: z.boolean().optional(),
});
export type SeatMapRow = z.infer<typeof SeatMapRow>;

export const SeatMapCabin = z.object({
  cabin: Cabin,
  /**
   * The seat columns, block by block between the aisles: `[["A","B","C"],["D","E","F"]]` is a
   * single-aisle 3-3.
   */
  columns: z.array(z.array(z.string()).min(1)).min(1),
  /** Seats here may be chosen with this fare (the fare's cabin); other cabins are shown, not sold. */
  bookable: z.boolean(),
  rows: z.array(SeatMapRow),
});
export type SeatMapCabin = z.infer<typeof SeatMapCabin>;

export const SeatMap = z.object({
  /** 0-based, across the whole trip's flights, as the booking's segments. */
  segment_index: z.number().int().min(0),
  /** Flight designator, 'BA117'. */
  flight: z.string(),
  /** Local departure date at the origin. */
  departure_date: z.string(),
  aircraft: z.object({ code: z.string(), name: z.string() }),
  /** Front to back. */
  cabins: z.array(SeatMapCabin).min(1),
});
export type SeatMap = z.infer<typeof SeatMap>;

export const SeatMapQuery = z.strictObject({
  offer_id: z
    .string()
    .min(1, 'Choose a flight')
    .max(8192, 'This offer id is not one of ours')
    .regex(PRINTABLE_TOKEN, 'This offer id is not one of ours'),
});

// ── services ────────────────────────────────────────────────────────────────────────────────

export const SERVICE_TYPES = ['seat', 'bag'] as const;
export const ServiceType = z.enum(SERVICE_TYPES);
export type ServiceType = z.infer<typeof ServiceType>;

/** An airline allows at most this many extra checked bags per passenger and flight. */
export const MAX_EXTRA_BAGS = 3;

/** One service asked for: a seat on a flight, or extra bags, for one passenger. */
export const ServiceRequest = z
  .strictObject({
    type: ServiceType,
    /** 0-based, in the order of the booking's passengers. */
    passenger_index: z.number().int().min(0).max(17),
    /** 0-based, across the trip's flights. */
    segment_index: z.number().int().min(0).max(17),
    designator: SeatDesignator.optional(),
    quantity: z.number().int().min(1).max(MAX_EXTRA_BAGS).optional(),
  })
  .superRefine((service, ctx) => {
    if (service.type === 'seat' && !service.designator) {
      ctx.addIssue({ code: 'custom', path: ['designator'], message: 'Choose a seat' });
    }
    if (service.type === 'bag' && !service.quantity) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Say how many bags' });
    }
  });
export type ServiceRequest = z.input<typeof ServiceRequest>;

export const ServicesBody = z.strictObject({ services: z.array(ServiceRequest).min(1).max(200) });
export type ServicesBody = z.input<typeof ServicesBody>;

/**
 * A service's life: `held` with an unticketed booking (a seat kept with the hold), `issued` once
 * paid (with its EMD number), `released` when the hold ends or the booking is cancelled, voided,
 * refunded.
 */
export const SERVICE_STATUSES = ['held', 'issued', 'released', 'refunded'] as const;
export const ServiceStatus = z.enum(SERVICE_STATUSES);
export type ServiceStatus = z.infer<typeof ServiceStatus>;

export const BookingService = z.object({
  id: z.uuid(),
  type: ServiceType,
  passenger_index: z.number().int().min(0),
  segment_index: z.number().int().min(0),
  designator: z.string().optional(),
  quantity: z.number().int().min(1).optional(),
  amount: Money,
  status: ServiceStatus,
  /** The electronic miscellaneous document of a paid service (13 digits, as a ticket number). */
  emd_number: z.string().optional(),
});
export type BookingService = z.infer<typeof BookingService>;

/**
 * Extra checked bags on sale for one passenger on one flight, beside the allowance the fare
 * includes ("1 × 23 kg included; add up to 2 more").
 */
export const BagOffer = z.object({
  passenger_index: z.number().int().min(0),
  segment_index: z.number().int().min(0),
  /** What the fare includes on this flight. */
  included: z.object({ pieces: z.number().int().min(0), weight_kg: z.number().int().min(0) }),
  /** The allowance of each extra bag. */
  weight_kg: z.number().int().min(1),
  /** Per extra bag. */
  price: Money,
  /** How many more may be added now: the airline's maximum less those already bought. */
  max_quantity: z.number().int().min(0).max(MAX_EXTRA_BAGS),
});
export type BagOffer = z.infer<typeof BagOffer>;

/**
 * `data` of the 409 answering a seat chosen since its map was read (`POST /api/booking` and
 * `POST /api/booking/{id}/services`): the flight's map as it is now, to choose again.
 */
export const SeatTaken = z.object({ seat_map: SeatMap });
export type SeatTaken = z.infer<typeof SeatTaken>;

/** What is on sale beside the seats (which come with the seat maps). */
export const ServiceCatalog = z.object({
  bags: z.array(BagOffer),
  /** Whether seats and bags can be added now; when not, `closed_reason` says why. */
  can_add: z.boolean(),
  closed_reason: z.string().nullable(),
});
export type ServiceCatalog = z.infer<typeof ServiceCatalog>;

/** `GET /api/booking/{id}/services`: what the booking has, and what may still be added. */
export const BookingServices = ServiceCatalog.extend({
  services: z.array(BookingService),
  /**
   * Why no seat can be chosen or changed now while bags may be (a remote airline sells seats only
   * when the booking is made: issue 31); null when seats are sold as `can_add` says.
   */
  seats_closed_reason: z.string().nullable(),
});
export type BookingServices = z.infer<typeof BookingServices>;

// ── endpoints ───────────────────────────────────────────────────────────────────────────────

const IdParams = z.strictObject({ id: z.uuid() });

export const seatMapEndpoints = {
  offerSeatMaps: defineEndpoint({
    method: 'GET',
    path: '/api/seat-maps',
    summary:
      "An offer's seat maps before booking, one per flight: seats taken and free, their characteristics, price per passenger and the rules that keep some passengers out",
    access: 'company',
    permission: 'bookings.create',
    query: SeatMapQuery,
    response: z.array(SeatMap),
    fallbackMessage: 'Failed to load the seat map',
  }),
  bookingSeatMaps: defineEndpoint({
    method: 'GET',
    path: '/api/booking/{id}/seat-maps',
    summary: "A booking's seat maps, one per flight, as they are now",
    access: 'company',
    permission: 'bookings.view',
    params: IdParams,
    response: z.array(SeatMap),
    fallbackMessage: 'Failed to load the seat map',
  }),
};

/**
 * Seats and bags beyond the fare (issue 31). Before booking they are chosen on `POST /api/booking`
 * (its `services`): seats are held with the hold and every service is charged with the tickets.
 * After issue they are added here and charged at once from the credits.
 */
export const serviceEndpoints = {
  offerServices: defineEndpoint({
    method: 'GET',
    path: '/api/services',
    summary: 'The extra bags on sale with an offer, per passenger and flight, before booking',
    access: 'company',
    permission: 'bookings.create',
    query: SeatMapQuery,
    response: ServiceCatalog,
    fallbackMessage: 'Failed to load the extra services',
  }),
  bookingServices: defineEndpoint({
    method: 'GET',
    path: '/api/booking/{id}/services',
    summary: "A booking's seats and bags, with their status and EMD numbers, and the bags still on sale",
    access: 'company',
    permission: 'bookings.view',
    params: IdParams,
    response: BookingServices,
    fallbackMessage: 'Failed to load the extra services',
  }),
  addServices: defineEndpoint({
    method: 'POST',
    path: '/api/booking/{id}/services',
    summary:
      'Adds or changes seats and adds bags on a ticketed booking, charged at once from the credits (each paid service gets its EMD number)',
    access: 'company',
    permission: 'bookings.issue',
    params: IdParams,
    body: ServicesBody,
    response: BookingServices,
    idempotent: true,
    fallbackMessage: 'Failed to add the services',
  }),
};
