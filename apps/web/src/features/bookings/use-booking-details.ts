import { type BookingDetails, bookingEndpoints } from '@skydesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../shared/http/api-error';
import { apiRequest } from '../../shared/http/api-request';

export type BookingDetailsState =
  | { status: 'loading'; booking: null }
  | { status: 'done'; booking: BookingDetails }
  | { status: 'missing' | 'failed'; booking: null };

/** One booking with its history (API.md `GET /api/booking/{id}`); reloaded after every action. */
export function useBookingDetails(id: string | null) {
  const [state, setState] = useState<BookingDetailsState>({ status: 'loading', booking: null });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!id) return setState({ status: 'missing', booking: null });
      try {
        const booking = await apiRequest(bookingEndpoints.details, { params: { id }, signal });
        setState({ status: 'done', booking });
      } catch (error) {
        if (signal?.aborted) return;
        // API.md: another agency's booking answers 404, as a missing one does.
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 422);
        setState({ status: missing ? 'missing' : 'failed', booking: null });
      }
    },
    [id],
  );

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', booking: null });
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const reload = useCallback(() => load(), [load]);
  return { ...state, reload };
}
