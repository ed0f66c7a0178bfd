import type { SearchHistoryEntry } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import { SearchForm } from '../../entities/flight-search/search-form';
import { searchAgain } from './search-again';

const leg = (origin: string, destination: string, date: string) => ({
  departure_date_time: date,
  origin_location_code: origin,
  destination_location_code: destination,
});

const entry = (trip: Pick<SearchHistoryEntry, 'trip_type' | 'origin_destinations'>): SearchHistoryEntry => ({
  id: '5b0c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
  ...trip,
  adult_quantity: 2,
  child_quantity: 1,
  infant_quantity: 1,
  cabin: 'Business',
  result_count: 12,
  user: { id: '6b0c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', name: 'Amina Rahman' },
  created_at: '2026-03-02T09:15:00.000Z',
});

describe('searching again', () => {
  it('keeps a search whose dates are still ahead as it was', () => {
    const again = searchAgain(
      entry({
        trip_type: 'Return',
        origin_destinations: [leg('LHR', 'JFK', '2026-12-01'), leg('JFK', 'LHR', '2026-12-08')],
      }),
      '2026-11-29',
    );
    expect(again.movedTo).toBeNull();
    expect(again.draft).toMatchObject({
      legs: [{ departure_date: '2026-12-01' }],
      return_date: '2026-12-08',
    });
  });

  it('moves a past return trip to start tomorrow, keeping its length of stay', () => {
    const again = searchAgain(
      entry({
        trip_type: 'Return',
        origin_destinations: [leg('LHR', 'JFK', '2026-03-10'), leg('JFK', 'LHR', '2026-03-17')],
      }),
      '2026-11-29',
    );
    expect(again.movedTo).toBe('2026-11-30');
    expect(again.draft).toMatchObject({
      trip_type: 'Return',
      legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: '2026-11-30' }],
      return_date: '2026-12-07',
      adult_quantity: 2,
      cabin: 'Business',
    });
  });

  it('moves every flight of a multi-city trip by the same days, across a month end', () => {
    const again = searchAgain(
      entry({
        trip_type: 'MultiCity',
        origin_destinations: [
          leg('DXB', 'LHR', '2026-10-30'),
          leg('LHR', 'CDG', '2026-11-02'),
          leg('CDG', 'DXB', '2026-11-29'),
        ],
      }),
      '2026-11-29',
    );
    expect(again.draft.legs.map((l) => l.departure_date)).toEqual(['2026-11-30', '2026-12-03', '2026-12-30']);
  });

  it.each([
    ['OneWay', [leg('LHR', 'JFK', '2025-01-05')]],
    ['Return', [leg('LHR', 'JFK', '2020-11-28'), leg('JFK', 'LHR', '2020-11-28')]],
    ['MultiCity', [leg('DXB', 'LHR', '2020-01-01'), leg('LHR', 'DXB', '2020-02-01')]],
  ] as const)('fills the form with a %s search it accepts', (trip_type, origin_destinations) => {
    // Today as the form reads it: whatever day the test runs.
    const { draft } = searchAgain(entry({ trip_type, origin_destinations: [...origin_destinations] }));
    const checked = SearchForm.safeParse(draft);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
  });
});
