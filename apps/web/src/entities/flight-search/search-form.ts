import { Cabin, SearchBody, type SearchHistoryEntry, TripType } from '@skydesk/contract';
import { z } from 'zod';
import { addDays, todayLocalDate } from '../../shared/format/date-time';
import type { SearchDraft, SearchLegDraft } from './search-draft-slice';

/** docs/api.md: passenger limits (adults 1–9, children 0–8, seated ≤ 9, infants ≤ adults). */
export const PASSENGER_LIMITS = { maxAdults: 9, maxChildren: 8, maxSeated: 9 } as const;
/** docs/api.md: a multi-city trip has 2 to 6 legs. */
export const MULTI_CITY_LEGS = { min: 2, max: 6 } as const;

export const emptyLeg = (): SearchLegDraft => ({
  origin_location_code: '',
  destination_location_code: '',
  departure_date: '',
});

/**
 * The search body of a draft (docs/api.md#flights): a return trip's second leg is the first one
 * reversed on the return date (docs/product-spec.md §5: only when trip_type is Return and a return date exists).
 */
export function toSearchBody(draft: SearchDraft): SearchBody {
  const leg = (origin: string, destination: string, date: string) => ({
    departure_date_time: date,
    origin_location_code: origin,
    destination_location_code: destination,
  });
  const first = draft.legs[0] ?? emptyLeg();
  const outbound = leg(first.origin_location_code, first.destination_location_code, first.departure_date);
  const origin_destinations =
    draft.trip_type === 'OneWay'
      ? [outbound]
      : draft.trip_type === 'Return'
        ? [
            outbound,
            ...(draft.return_date
              ? [leg(first.destination_location_code, first.origin_location_code, draft.return_date)]
              : []),
          ]
        : draft.legs.map((l) => leg(l.origin_location_code, l.destination_location_code, l.departure_date));
  return {
    trip_type: draft.trip_type,
    origin_destinations,
    adult_quantity: draft.adult_quantity,
    child_quantity: draft.child_quantity,
    infant_quantity: draft.infant_quantity,
    cabin: draft.cabin,
  };
}

/** The draft a search (a history entry, or a body sent before) fills the form with. */
export function draftFromSearch(
  search: Pick<
    SearchHistoryEntry,
    'trip_type' | 'origin_destinations' | 'adult_quantity' | 'child_quantity' | 'infant_quantity' | 'cabin'
  >,
): SearchDraft {
  const legs = search.origin_destinations.map((leg) => ({
    origin_location_code: leg.origin_location_code,
    destination_location_code: leg.destination_location_code,
    departure_date: leg.departure_date_time.slice(0, 10),
  }));
  const isReturn = search.trip_type === 'Return';
  return {
    trip_type: search.trip_type,
    legs: isReturn ? legs.slice(0, 1) : legs,
    return_date: isReturn ? (legs[1]?.departure_date ?? '') : '',
    adult_quantity: search.adult_quantity,
    child_quantity: search.child_quantity,
    infant_quantity: search.infant_quantity,
    cabin: search.cabin,
  };
}

/** Every date of the draft moved by `days` (the fare strip: a return keeps its length of stay). */
export function shiftDraftDates(draft: SearchDraft, days: number): SearchDraft {
  const move = (date: string) => (date ? addDays(date, days) : date);
  return {
    ...draft,
    legs: draft.legs.map((leg) => ({ ...leg, departure_date: move(leg.departure_date) })),
    return_date: draft.trip_type === 'Return' ? move(draft.return_date) : draft.return_date,
  };
}

/**
 * Where a problem with the search body belongs in the form: `origin_destinations.1.departure_date_time`
 * of a return trip is the return date; its other return-leg fields mirror the first leg (already
 * reported there). Null when the form has no such field.
 */
export function formFieldOf(path: readonly PropertyKey[], tripType: TripType): string | null {
  const [head, index, field] = path;
  if (head === 'origin_destinations') {
    // The number of legs of a one-way or return trip is the form's doing, not the agent's.
    if (index === undefined) return tripType === 'MultiCity' ? 'legs' : null;
    const position = Number(index);
    if (tripType === 'Return' && position === 1)
      return field === 'departure_date_time' ? 'return_date' : null;
    if (tripType !== 'MultiCity' && position > 0) return null;
    if (field === undefined) return `legs.${position}`;
    return `legs.${position}.${field === 'departure_date_time' ? 'departure_date' : String(field)}`;
  }
  if (
    head === 'trip_type' ||
    head === 'adult_quantity' ||
    head === 'child_quantity' ||
    head === 'infant_quantity' ||
    head === 'cabin'
  )
    return head;
  return null;
}

/** Server 422 keys ('origin_destinations.0.origin_location_code') as form fields with their message. */
export function formErrorsOfServer(
  fieldErrors: Record<string, string[] | undefined>,
  tripType: TripType,
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = formFieldOf(key.split('.'), tripType);
    const message = messages?.[0];
    if (field && message && !errors.some((e) => e.field === field)) errors.push({ field, message });
  }
  return errors;
}

const LegDraft = z.object({
  origin_location_code: z.string(),
  destination_location_code: z.string(),
  departure_date: z.string(),
});

/**
 * The search form's rules: the contract's SearchBody (the same check the server makes), its
 * problems placed on the form's fields, plus what only the form can say (a date before today,
 * a missing return date).
 */
export const SearchForm = z
  .object({
    trip_type: TripType,
    legs: z.array(LegDraft).min(1),
    return_date: z.string(),
    adult_quantity: z.number(),
    child_quantity: z.number(),
    infant_quantity: z.number(),
    cabin: Cabin,
  })
  .superRefine((draft, ctx) => {
    const taken = new Set<string>();
    const add = (field: string, message: string) => {
      if (taken.has(field)) return;
      taken.add(field);
      ctx.addIssue({
        code: 'custom',
        path: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message,
      });
    };
    const today = todayLocalDate();
    const legs = draft.trip_type === 'MultiCity' ? draft.legs : draft.legs.slice(0, 1);
    legs.forEach((leg, index) => {
      if (leg.departure_date && leg.departure_date < today)
        add(`legs.${index}.departure_date`, 'Choose today or a later date');
    });
    if (draft.trip_type === 'Return' && !draft.return_date) add('return_date', 'Choose a return date');
    const count = draft.legs.length;
    if (draft.trip_type === 'MultiCity' && (count < MULTI_CITY_LEGS.min || count > MULTI_CITY_LEGS.max))
      add('legs', `A multi-city trip has ${MULTI_CITY_LEGS.min} to ${MULTI_CITY_LEGS.max} flights`);

    const parsed = SearchBody.safeParse(toSearchBody(draft));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path, draft.trip_type);
      if (!field) continue;
      const message =
        field === 'return_date' && issue.message.startsWith('A later leg')
          ? 'The return date cannot be before the outbound date'
          : issue.message;
      add(field, message);
    }
  });
