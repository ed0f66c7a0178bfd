import type { Credits } from '@skydesk/contract';
import { selectPermissions } from '../session/session-slice';
import { useAppSelector } from '../store/hooks';
import { creditsApi } from './credits-api';

export type CreditsState = {
  credits: Credits | null;
  loading: boolean;
  /** The user may see the balance (`payments.view`). */
  visible: boolean;
};

/**
 * The agency's balance (API.md `GET /api/booking-credits`) for a user who may see it
 * (`payments.view`); for anyone else nothing is asked and nothing is shown. A write that moves
 * money invalidates it ('Credits'), and it is asked again wherever it is shown.
 */
export function useCredits(): CreditsState {
  const visible = useAppSelector(selectPermissions).includes('payments.view');
  const { data, isFetching } = creditsApi.useCreditsQuery(undefined, { skip: !visible });
  return { credits: data ?? null, loading: isFetching, visible };
}
