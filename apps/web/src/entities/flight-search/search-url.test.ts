import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/routing/paths';
import type { SearchDraft } from './search-draft-slice';
import { choiceFromParams, draftFromParams, resultsUrl, searchParamsOf } from './search-url';

const returnTrip: SearchDraft = {
  trip_type: 'Return',
  legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: '2027-01-12' }],
  return_date: '2027-01-19',
  adult_quantity: 2,
  child_quantity: 1,
  infant_quantity: 1,
  cabin: 'Business',
};

const multiCity: SearchDraft = {
  trip_type: 'MultiCity',
  legs: [
    { origin_location_code: 'LHR', destination_location_code: 'DXB', departure_date: '2027-01-12' },
    { origin_location_code: 'DXB', destination_location_code: 'BKK', departure_date: '2027-01-15' },
    { origin_location_code: 'BKK', destination_location_code: 'LHR', departure_date: '2027-01-20' },
  ],
  return_date: '',
  adult_quantity: 1,
  child_quantity: 0,
  infant_quantity: 0,
  cabin: 'Economy',
};

const roundTrip = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('the search in the results URL', () => {
  it('reads back the same return search, its choices and brand', () => {
    const url = resultsUrl(returnTrip, { picks: ['out-1', 'in 2/x'], brand: 'Flex' });
    expect(
      url.startsWith(
        `${paths.dashboard.flightResults}?trip=Return&leg=LHR.JFK.2027-01-12&leg=JFK.LHR.2027-01-19`,
      ),
    ).toBe(true);
    const params = roundTrip(url);
    expect(draftFromParams(params)).toEqual(returnTrip);
    expect(choiceFromParams(params)).toEqual({ picks: ['out-1', 'in 2/x'], brand: 'Flex' });
  });

  it('reads back a multi-city and a one-way search', () => {
    expect(draftFromParams(roundTrip(resultsUrl(multiCity)))).toEqual(multiCity);
    const oneWay: SearchDraft = { ...multiCity, trip_type: 'OneWay', legs: multiCity.legs.slice(0, 1) };
    expect(draftFromParams(searchParamsOf(oneWay))).toEqual(oneWay);
    expect(choiceFromParams(searchParamsOf(oneWay))).toEqual({ picks: [], brand: null });
  });

  it('names no search without a trip type or with a malformed leg, and ignores an unknown brand or cabin', () => {
    expect(draftFromParams(new URLSearchParams())).toBeNull();
    expect(draftFromParams(new URLSearchParams('trip=Return'))).toBeNull();
    expect(draftFromParams(new URLSearchParams('trip=Sideways&leg=LHR.JFK.2027-01-12'))).toBeNull();
    expect(draftFromParams(new URLSearchParams('trip=OneWay&leg=LHR-JFK-2027-01-12'))).toBeNull();
    const lenient = draftFromParams(
      new URLSearchParams('trip=OneWay&leg=lhr.jfk.2027-01-12&cabin=Sofa&adults=x'),
    );
    expect(lenient).toMatchObject({
      cabin: 'Economy',
      adult_quantity: 1,
      legs: [{ origin_location_code: 'LHR' }],
    });
    expect(choiceFromParams(new URLSearchParams('brand=Gold&pick='))).toEqual({ picks: [], brand: null });
  });
});
