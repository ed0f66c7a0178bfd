import type { Cabin, PassengerType, TripType } from './enums.js';
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

/** API.md's passenger type codes of a fare breakdown. */
export type PassengerTypeCode = PTC_FareBreakdown['PassengerTypeQuantity']['Code'];

/** A fare breakdown's passenger type code, named as its passenger type is. */
export const PTC_LABELS: Record<PassengerTypeCode, string> = {
  ADT: PASSENGER_TYPE_LABELS.adult,
  CNN: PASSENGER_TYPE_LABELS.child,
  INF: PASSENGER_TYPE_LABELS.infant,
};
