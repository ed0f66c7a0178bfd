import type { SearchHistoryEntry } from '@skydesk/contract';
import type { SearchDraft } from '../../entities/flight-search/search-draft-slice';
import { draftFromSearch, shiftDraftDates } from '../../entities/flight-search/search-form';
import { addDays, daysBetween, todayLocalDate } from '../../shared/format/date-time';

/** A past search run again: its draft, and the day its first flight moved to when its dates had passed. */
export type SearchAgain = { draft: SearchDraft; movedTo: string | null };

/**
 * Issue 30: "Search again" on a search whose dates have passed lands on a valid search, not on the
 * form's "Choose today or a later date". The trip keeps its shape — the same route, passengers,
 * cabin and days between its flights — and starts tomorrow: today in the agent's zone may already
 * be over at the airport, or its flights past their cut-off.
 */
export function searchAgain(entry: SearchHistoryEntry, today = todayLocalDate()): SearchAgain {
  const draft = draftFromSearch(entry);
  const first = draft.legs[0]?.departure_date;
  if (!first || first >= today) return { draft, movedTo: null };
  const movedTo = addDays(today, 1);
  return { draft: shiftDraftDates(draft, daysBetween(first, movedTo)), movedTo };
}
