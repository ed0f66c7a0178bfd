import type { PassengerType, Traveller } from '@skydesk/contract';
import { useState } from 'react';
import { bookingsApi } from './bookings-api';

export type SavedTravellers = { status: 'loading' | 'done' | 'failed'; list: Traveller[] };

/** One passenger type's saved travellers, once asked for; a failed list can be asked again. */
function useSavedOfType(type: PassengerType, asked: boolean) {
  const query = bookingsApi.useSavedTravellersQuery({ query: { passenger_type: type } }, { skip: !asked });
  const saved: SavedTravellers | undefined = !asked
    ? undefined
    : query.isError
      ? { status: 'failed', list: [] }
      : query.currentData
        ? { status: 'done', list: query.currentData }
        : { status: 'loading', list: [] };
  return { saved, retry: query.isError ? query.refetch : null };
}

/**
 * The company's saved travellers per passenger type (docs/api.md `GET /api/getTravellers`), fetched
 * the first time a passenger of that type asks and shared by every passenger of the type for as
 * long as the form is open.
 */
export function useSavedTravellers() {
  const [asked, setAsked] = useState<PassengerType[]>([]);
  const types = {
    adult: useSavedOfType('adult', asked.includes('adult')),
    child: useSavedOfType('child', asked.includes('child')),
    infant: useSavedOfType('infant', asked.includes('infant')),
  } satisfies Record<PassengerType, unknown>;

  const byType: Partial<Record<PassengerType, SavedTravellers>> = {
    adult: types.adult.saved,
    child: types.child.saved,
    infant: types.infant.saved,
  };
  const load = (type: PassengerType) => {
    if (!asked.includes(type)) setAsked((current) => [...current, type]);
    else void types[type].retry?.();
  };
  return { byType, load };
}
