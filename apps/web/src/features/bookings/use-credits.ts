import { bookingEndpoints, type Credits } from '@skydesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { apiRequest } from '../../shared/http/api-request';
import { selectPermissions } from '../auth/session-slice';

export type CreditsState = {
  credits: Credits | null;
  loading: boolean;
  /** Ask again (after a payment moved the balance). */
  reload: () => void;
  /** The user may see the balance (`payments.view`). */
  visible: boolean;
};

/**
 * The agency's balance (API.md `GET /api/booking-credits`) for a user who may see it
 * (`payments.view`); for anyone else nothing is asked and nothing is shown.
 */
export function useCredits(): CreditsState {
  const visible = useAppSelector(selectPermissions).includes('payments.view');
  const [credits, setCredits] = useState<Credits | null>(null);
  const [loading, setLoading] = useState(visible);

  const load = useCallback((signal?: AbortSignal) => {
    setLoading(true);
    apiRequest(bookingEndpoints.credits, { signal })
      .then(setCredits)
      .catch(() => {})
      .finally(() => {
        if (!signal?.aborted) setLoading(false);
      });
  }, []);

  useEffect(() => {
    if (!visible) return;
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [visible, load]);

  const reload = useCallback(() => {
    if (visible) load();
  }, [visible, load]);

  return { credits, loading, reload, visible };
}
