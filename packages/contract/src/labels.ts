import type { TicketStatus } from './bookings.js';
import type { BookingStatus, Cabin, PassengerType, TripType } from './enums.js';
import type { PTC_FareBreakdown } from './flights.js';

/*
 * How people read the contract's codes, the same on every screen and on the e-ticket PDF. Plain
 * objects and type-only imports: the SPA's start-up bundle may use them without the schemas (zod).
 */

export const CABIN_LABELS: Record<Cabin, string> = {
  Economy: 'Economy',
  PremiumEconomy: 'Premium economy',
  Business: 'Business',
  First: 'First',
};

export const TRIP_TYPE_LABELS: Record<TripType, string> = {
  OneWay: 'One-way',
  Return: 'Return',
  MultiCity: 'Multi-city',
};

export const PASSENGER_TYPE_LABELS: Record<PassengerType, string> = {
  adult: 'Adult',
  child: 'Child',
  infant: 'Infant',
};

/**
 * docs/architecture.md §5's booking lifecycle as agents and operators say it: the booking badge,
 * the booking history's filter, the console's refund desk and the e-ticket PDF.
 */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  booked: 'Booked',
  ticketed: 'Ticketed',
  cancelled: 'Cancelled',
  voided: 'Voided',
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  refund_rejected: 'Refund rejected',
  expired: 'Expired',
};

/** A ticket's state, on the booking's passengers, the refund desk and the e-ticket PDF. */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  issued: 'Issued',
  voided: 'Voided',
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
  refund_rejected: 'Refund rejected',
  exchanged: 'Exchanged',
};

/** docs/api.md's passenger type codes of a fare breakdown. */
export type PassengerTypeCode = PTC_FareBreakdown['PassengerTypeQuantity']['Code'];

/** A fare breakdown's passenger type code, named as its passenger type is. */
export const PTC_LABELS: Record<PassengerTypeCode, string> = {
  ADT: PASSENGER_TYPE_LABELS.adult,
  CNN: PASSENGER_TYPE_LABELS.child,
  INF: PASSENGER_TYPE_LABELS.infant,
};

/**
 * Aircraft types by their IATA code (a segment's `Equipment.AirEquipType`), as the sandbox
 * supplier's fleet flies them: the one table the server's fleet, the e-ticket and the SPA read.
 */
export const EQUIPMENT_NAMES = {
  AT7: 'ATR 72',
  DH4: 'Dash 8-400',
  E75: 'Embraer 175',
  CR9: 'CRJ-900',
  '320': 'Airbus A320',
  '73H': 'Boeing 737-800',
  '32Q': 'Airbus A321neo',
  '7M8': 'Boeing 737 MAX 8',
  '789': 'Boeing 787-9',
  '359': 'Airbus A350-900',
  '77W': 'Boeing 777-300ER',
  '388': 'Airbus A380',
} as const satisfies Record<string, string>;

/** An aircraft type's name, or its code when the table does not know it. */
export const equipmentName = (code: string): string =>
  (EQUIPMENT_NAMES as Record<string, string | undefined>)[code] ?? code;
