import { describe, expect, it } from 'vitest';
import { addDays, todayLocalDate } from '../../shared/format/date-time';
import { sampleRoutes } from '../../testing/itineraries';
import { indexAirports, matchAirports } from '../airports/airports';
import { emptySearchDraft, type SearchDraft } from './search-draft-slice';
import { draftFromSearch, formErrorsOfServer, SearchForm, toSearchBody } from './search-form';

const inDays = (days: number) => addDays(todayLocalDate(), days);

const oneWay = (patch: Partial<SearchDraft> = {}): SearchDraft => ({
  ...emptySearchDraft,
  legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: inDays(7) }],
  ...patch,
});

/** The form's problems, by field path. */
const problems = (draft: SearchDraft): Record<string, string> => {
  const result = SearchForm.safeParse(draft);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the search form rules', () => {
  it('accepts a complete one-way search', () => {
    expect(problems(oneWay())).toEqual({});
  });

  it('asks for both airports and a date', () => {
    expect(problems(emptySearchDraft)).toMatchObject({
      'legs.0.origin_location_code': 'Choose an airport',
      'legs.0.destination_location_code': 'Choose an airport',
      'legs.0.departure_date': 'Choose a date',
    });
  });

  it('refuses a date before today and the same airport at both ends', () => {
    const draft = oneWay({
      legs: [{ origin_location_code: 'LHR', destination_location_code: 'LHR', departure_date: inDays(-1) }],
    });
    expect(problems(draft)).toEqual({
      'legs.0.departure_date': 'Choose today or a later date',
      'legs.0.destination_location_code': 'Destination must differ from origin',
    });
  });

  it('keeps at most 9 seated passengers and no more infants than adults', () => {
    expect(problems(oneWay({ adult_quantity: 5, child_quantity: 5 }))).toEqual({
      child_quantity: 'At most 9 seated passengers',
    });
    expect(problems(oneWay({ adult_quantity: 1, infant_quantity: 2 }))).toEqual({
      infant_quantity: 'Each infant travels on an adult’s lap: no more infants than adults',
    });
    expect(problems(oneWay({ adult_quantity: 9, infant_quantity: 9 }))).toEqual({});
  });

  it('asks a return trip for a return date on or after the outbound', () => {
    expect(problems(oneWay({ trip_type: 'Return' }))).toEqual({ return_date: 'Choose a return date' });
    expect(problems(oneWay({ trip_type: 'Return', return_date: inDays(6) }))).toEqual({
      return_date: 'The return date cannot be before the outbound date',
    });
    expect(problems(oneWay({ trip_type: 'Return', return_date: inDays(7) }))).toEqual({});
  });

  it('sends a return trip as two legs, the second reversed on the return date', () => {
    expect(
      toSearchBody(oneWay({ trip_type: 'Return', return_date: inDays(10) })).origin_destinations,
    ).toEqual([
      { departure_date_time: inDays(7), origin_location_code: 'LHR', destination_location_code: 'JFK' },
      { departure_date_time: inDays(10), origin_location_code: 'JFK', destination_location_code: 'LHR' },
    ]);
    // A one-way search ignores a return date left in the draft (docs/product-spec.md §5).
    expect(toSearchBody(oneWay({ return_date: inDays(10) })).origin_destinations).toHaveLength(1);
  });

  it('checks multi-city legs: 2 to 6, each departing no earlier than the one before', () => {
    const leg = (from: string, to: string, days: number) => ({
      origin_location_code: from,
      destination_location_code: to,
      departure_date: inDays(days),
    });
    expect(problems(oneWay({ trip_type: 'MultiCity' }))).toEqual({
      legs: 'A multi-city trip has 2 to 6 flights',
    });
    expect(
      problems(oneWay({ trip_type: 'MultiCity', legs: [leg('LHR', 'DXB', 7), leg('DXB', 'JFK', 5)] })),
    ).toEqual({ 'legs.1.departure_date': 'A later leg cannot depart before an earlier one' });
    const seven = Array.from({ length: 7 }, (_, i) => leg('LHR', 'DXB', 7 + i));
    expect(problems(oneWay({ trip_type: 'MultiCity', legs: seven }))).toMatchObject({
      legs: 'A multi-city trip has 2 to 6 flights',
    });
  });

  it('places the server’s field errors on the form’s fields', () => {
    expect(
      formErrorsOfServer(
        {
          'origin_destinations.0.origin_location_code': ['Unknown airport'],
          'origin_destinations.1.departure_date_time': ['The date is in the past'],
          'origin_destinations.1.origin_location_code': ['Unknown airport'],
          max_stops: ['Too many'],
        },
        'Return',
      ),
    ).toEqual([
      { field: 'legs.0.origin_location_code', message: 'Unknown airport' },
      { field: 'return_date', message: 'The date is in the past' },
    ]);
  });

  it('fills the form from a history entry of a return trip', () => {
    const draft = draftFromSearch({
      trip_type: 'Return',
      origin_destinations: [
        { departure_date_time: '2026-12-22', origin_location_code: 'LHR', destination_location_code: 'JFK' },
        { departure_date_time: '2026-12-29', origin_location_code: 'JFK', destination_location_code: 'LHR' },
      ],
      adult_quantity: 2,
      child_quantity: 1,
      infant_quantity: 0,
      cabin: 'Business',
    });
    expect(draft).toMatchObject({
      legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: '2026-12-22' }],
      return_date: '2026-12-29',
      adult_quantity: 2,
      cabin: 'Business',
    });
  });
});

describe('airport matching', () => {
  const airports = indexAirports(sampleRoutes.Airports);
  const codes = (query: string) => matchAirports(airports, query).map((a) => a.code);

  it('puts the exact code first, then the city, the airport name and the country', () => {
    expect(codes('lhr')).toEqual(['LHR']);
    expect(codes('London')).toEqual(['LGW', 'LHR']);
    expect(codes('kennedy')).toEqual(['JFK']);
    expect(codes('ireland')).toEqual(['DUB']);
    expect(codes('united')).toEqual(['DXB', 'LGW', 'LHR', 'JFK']);
  });

  it('ignores accents and case', () => {
    expect(codes('zurich')).toEqual(['ZRH']);
    expect(codes('ANGELES')).toEqual(['NLU']);
  });

  it('ranks a code match above a word containing it', () => {
    expect(codes('dub')[0]).toBe('DUB');
    expect(codes('du')).toEqual(['DUB', 'DXB']);
  });

  it('labels an airport with its code, city, country and name', () => {
    expect(airports[0]?.label).toBe('LHR · London, United Kingdom — Heathrow Airport');
  });
});
