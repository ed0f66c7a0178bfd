import {
  PASSENGER_AGE,
  PASSENGER_TYPE_LABELS,
  type PassengerType,
  type PricedItinerary,
  passportNeededUntil,
  type Title,
  type Traveller,
  TravellerFields,
  type TripDates,
  tripAgeProblem,
} from '@skydesk/contract';
import type { TravellerDraft } from '../../entities/booking-draft/booking-draft-slice';
import { passengerMix } from '../../entities/itinerary/passenger-mix';
import { formatDayWithYear } from '../../shared/format/date-time';

export { passengerMix };

/** The age rule of each type (docs/api.md, IATA), as the date of birth's hint says it. */
export const PASSENGER_AGE_HINTS: Record<PassengerType, string> = Object.fromEntries(
  (Object.entries(PASSENGER_AGE) as [PassengerType, { min: number; max: number | null }][]).map(
    ([type, { min, max }]) => [
      type,
      max === null ? `${min} or older` : min === 0 ? `Under ${max + 1}` : `${min} to ${max} years old`,
    ],
  ),
) as Record<PassengerType, string>;

/** Titles as airlines accept them per passenger type: MSTR and MISS are for the young. */
export const TITLES_FOR: Record<PassengerType, Title[]> = {
  adult: ['MR', 'MRS', 'MS'],
  child: ['MSTR', 'MISS'],
  infant: ['MSTR', 'MISS'],
};

export const TITLE_LABELS: Record<Title, string> = {
  MR: 'Mr',
  MRS: 'Mrs',
  MS: 'Ms',
  MSTR: 'Master',
  MISS: 'Miss',
};

/** "Adult 1", "Child 2", …: each passenger named by type and place among that type. */
export function passengerLabels(mix: PassengerType[]): string[] {
  const seen = new Map<PassengerType, number>();
  return mix.map((type) => {
    const n = (seen.get(type) ?? 0) + 1;
    seen.set(type, n);
    return `${PASSENGER_TYPE_LABELS[type]} ${n}`;
  });
}

/** The dates the passenger rules are checked on: the first and the last flight of the trip. */
export function tripDates(itinerary: PricedItinerary): TripDates {
  const legs = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
  const segments = legs.flatMap((leg) => leg.FlightSegment);
  return {
    first: segments[0]?.DepartureDateTime.slice(0, 10) ?? '',
    last: segments.at(-1)?.DepartureDateTime.slice(0, 10) ?? '',
  };
}

export const emptyTraveller = (type: PassengerType): TravellerDraft => ({
  passenger_type: type,
  title: '',
  first_name: '',
  last_name: '',
  gender: '',
  date_of_birth: '',
  nationality: '',
  passport_number: '',
  passport_expiry: '',
});

/** A saved traveller as a passenger of this booking, remembering where it came from. */
export const travellerFromSaved = (saved: Traveller): TravellerDraft => ({
  passenger_type: saved.passenger_type,
  title: saved.title,
  first_name: saved.first_name,
  last_name: saved.last_name,
  gender: saved.gender,
  date_of_birth: saved.date_of_birth,
  nationality: saved.nationality,
  passport_number: saved.passport_number,
  passport_expiry: saved.passport_expiry,
  traveller_id: saved.id,
});

/** ['Mr', 'Mrs', 'Ms'] → "Mr, Mrs or Ms". */
const orList = (words: string[]): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

export type TravellerField = Exclude<keyof TravellerDraft, 'passenger_type' | 'traveller_id'>;

export const TRAVELLER_FIELDS: TravellerField[] = [
  'title',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'nationality',
  'passport_number',
  'passport_expiry',
];

/** What to say for an empty or unchosen field, instead of the schema's generic wording. */
const MISSING: Record<TravellerField, string> = {
  title: 'Choose a title',
  first_name: 'Enter the first name',
  last_name: 'Enter the last name',
  gender: 'Choose a gender',
  date_of_birth: 'Enter the date of birth',
  nationality: 'Choose a nationality',
  passport_number: 'Enter the passport number',
  passport_expiry: 'Enter the passport expiry date',
};

const isField = (key: unknown): key is TravellerField => TRAVELLER_FIELDS.includes(key as TravellerField);

/**
 * Everything wrong with one passenger, by field: the contract's own field rules (docs/api.md
 * `Passenger`), the title that fits the type, the age on the travel date, and a passport still
 * valid six months after the last flight. Empty when the passenger can be booked.
 */
export function travellerProblems(
  traveller: TravellerDraft,
  dates: TripDates,
): Partial<Record<TravellerField, string>> {
  const problems: Partial<Record<TravellerField, string>> = {};
  const { traveller_id: _pickedFrom, ...fields } = traveller;
  const parsed = TravellerFields.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (!isField(field) || problems[field]) continue;
      problems[field] = fields[field].trim() === '' ? MISSING[field] : issue.message;
    }
  }
  for (const field of TRAVELLER_FIELDS)
    if (!problems[field] && fields[field].trim() === '') problems[field] = MISSING[field];

  const type = traveller.passenger_type;
  if (!problems.title && !TITLES_FOR[type].includes(traveller.title as Title))
    problems.title = `${orList(TITLES_FOR[type].map((title) => TITLE_LABELS[title]))} for ${PASSENGER_TYPE_LABELS[type].toLowerCase()}s`;

  if (!problems.date_of_birth && dates.first) {
    const problem = tripAgeProblem(type, traveller.date_of_birth, dates);
    if (problem) problems.date_of_birth = problem;
  }
  if (!problems.passport_expiry && dates.last) {
    const neededUntil = passportNeededUntil(dates.last);
    if (traveller.passport_expiry < neededUntil)
      problems.passport_expiry = `Must be valid until at least ${formatDayWithYear(neededUntil)}, 6 months after the last flight`;
  }
  return problems;
}
