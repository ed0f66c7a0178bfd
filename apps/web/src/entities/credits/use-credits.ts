import type { Credits } from '@skydesk/contract';
import { useCan } from '../../shared/access/dashboard-access';
import { creditsApi } from './credits-api';

export type CreditsState = {
  credits: Credits | null;
  loading: boolean;
  /** The credits could not be read. */
  failed: boolean;
};

/**
 * The agency's credits (docs/api.md second wave `GET /api/booking-credits`, any signed-in user: whoever
 * books or tickets needs to see what may be spent). A write that moves money invalidates them
 * ('Credits'), and they are asked again wherever they are shown.
 */
export function useCredits(): CreditsState {
  const { data, isFetching, isError } = creditsApi.useCreditsQuery();
  return { credits: data ?? null, loading: isFetching, failed: isError && !data };
}

/** Whether the user may open the statement (`payments.view`): its links show only then. */
export function useCanViewStatement(): boolean {
  return useCan('payments.view');
}

/** Whether a total can be ticketed: what the agency may spend (balance + credit limit), same currency. */
export const availableCovers = (credits: Credits, total: { Amount: number; CurrencyCode: string }): boolean =>
  credits.currency === total.CurrencyCode && credits.available >= total.Amount;
