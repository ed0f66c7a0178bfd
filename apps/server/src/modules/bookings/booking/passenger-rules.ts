import {
  type FieldErrors,
  PASSPORT_VALID_MONTHS_AFTER_TRAVEL,
  type ParsedBookingBody,
  type PassengerType,
  passportNeededUntil,
  tripAgeProblem,
  wallDayText,
} from '@skydesk/contract';

/**
 * docs/api.md's passenger rules, checked against the offer being booked: the passengers are exactly
 * the searched mix, each one's age fits their type on the travel dates, and every passport is
 * valid 6 months past the last flight. Field errors are keyed by path (`passengers.0.date_of_birth`).
 */

export type Trip = {
  passengers: { adults: number; children: number; infants: number };
  /** Local departure dates of the first and the last flight, 'YYYY-MM-DD'. */
  firstDate: string;
  lastDate: string;
};

type Passenger = ParsedBookingBody['passengers'][number];

const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function describeMix(mix: Trip['passengers']): string {
  const parts = [plural(mix.adults, 'adult', 'adults')];
  if (mix.children > 0) parts.push(plural(mix.children, 'child', 'children'));
  if (mix.infants > 0) parts.push(plural(mix.infants, 'infant', 'infants'));
  return parts.join(', ');
}

export function passengerProblems(passengers: readonly Passenger[], trip: Trip): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };

  const count = (type: PassengerType) => passengers.filter((p) => p.passenger_type === type).length;
  const mix = { adults: count('adult'), children: count('child'), infants: count('infant') };
  const wanted = trip.passengers;
  if (mix.adults !== wanted.adults || mix.children !== wanted.children || mix.infants !== wanted.infants) {
    add('passengers', `This fare is for ${describeMix(wanted)}; the booking names ${describeMix(mix)}`);
  }

  const passportUntil = passportNeededUntil(trip.lastDate);
  const passports = new Set<string>();
  passengers.forEach((passenger, index) => {
    const at = (field: string) => `passengers.${index}.${field}`;
    if (!isRealDate(passenger.date_of_birth)) add(at('date_of_birth'), 'Enter a real date');
    else {
      const dates = { first: trip.firstDate, last: trip.lastDate };
      const problem = tripAgeProblem(passenger.passenger_type, passenger.date_of_birth, dates);
      if (problem) add(at('date_of_birth'), problem);
    }
    if (!isRealDate(passenger.passport_expiry)) add(at('passport_expiry'), 'Enter a real date');
    else if (passenger.passport_expiry < passportUntil) {
      add(
        at('passport_expiry'),
        `The passport must be valid until ${wallDayText(passportUntil)} (${PASSPORT_VALID_MONTHS_AFTER_TRAVEL} months after the last flight)`,
      );
    }
    const passport = `${passenger.nationality}/${passenger.passport_number}`;
    if (passports.has(passport)) add(at('passport_number'), 'Another passenger has this passport');
    passports.add(passport);
  });
  return errors;
}
