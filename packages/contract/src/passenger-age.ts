import { ageProblem } from './bookings.js';
import type { PassengerType } from './enums.js';

/** The local departure dates of a trip's first and last flights, 'YYYY-MM-DD'. */
export type TripDates = { first: string; last: string };

/**
 * The date a passenger's age is checked on (docs/api.md, IATA): an infant must still be under 2 on
 * the last flight (it has no seat of its own on any of them); a child's or an adult's type is
 * the one they start the trip with.
 */
export const ageCheckDate = (type: PassengerType, trip: TripDates): string =>
  type === 'infant' ? trip.last : trip.first;

/** Why a date of birth does not fit the passenger's type on this trip, or null when it does. */
export const tripAgeProblem = (type: PassengerType, dateOfBirth: string, trip: TripDates): string | null =>
  ageProblem(type, dateOfBirth, ageCheckDate(type, trip));
