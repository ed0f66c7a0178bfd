import { bookingEndpoints, type PassengerType, type Traveller } from '@skydesk/contract';
import { useCallback, useRef, useState } from 'react';
import { apiRequest } from '../../shared/http/api-request';

export type SavedTravellers = { status: 'loading' | 'done' | 'failed'; list: Traveller[] };

/**
 * The company's saved travellers per passenger type (API.md `GET /api/getTravellers`), fetched
 * the first time a passenger of that type asks and shared by every passenger of the type.
 */
export function useSavedTravellers() {
  const [byType, setByType] = useState<Partial<Record<PassengerType, SavedTravellers>>>({});
  const asked = useRef(new Set<PassengerType>());

  const load = useCallback((type: PassengerType) => {
    if (asked.current.has(type)) return;
    asked.current.add(type);
    setByType((current) => ({ ...current, [type]: { status: 'loading', list: [] } }));
    apiRequest(bookingEndpoints.travellers, { query: { passenger_type: type } })
      .then((list) => setByType((current) => ({ ...current, [type]: { status: 'done', list } })))
      .catch(() => {
        // A later open may try again.
        asked.current.delete(type);
        setByType((current) => ({ ...current, [type]: { status: 'failed', list: [] } }));
      });
  }, []);

  return { byType, load };
}
