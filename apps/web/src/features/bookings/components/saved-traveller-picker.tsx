import type { Traveller } from '@skydesk/contract';
import { Search, UserCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { formatDayWithYear } from '../../../shared/format/date-time';
import { inputClasses } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { countryName } from '../country-name';
import { TITLE_LABELS } from '../passengers';

import type { SavedTravellers } from '../use-saved-travellers';

const fullName = (traveller: Traveller) =>
  `${TITLE_LABELS[traveller.title]} ${traveller.first_name} ${traveller.last_name}`;

type SavedTravellerPickerProps = {
  /** "Adult 1": whose details a pick fills. */
  passengerLabel: string;
  saved: SavedTravellers | undefined;
  /** Saved travellers already used by another passenger of this booking. */
  disabledIds: string[];
  onPick: (traveller: Traveller) => void;
};

/**
 * The company's saved travellers of one passenger type, searchable by name or passport, one click
 * to fill a passenger. A traveller already on this booking cannot be picked twice.
 */
export function SavedTravellerPicker({
  passengerLabel,
  saved,
  disabledIds,
  onPick,
}: SavedTravellerPickerProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const matches = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const list = saved?.list ?? [];
    if (words.length === 0) return list;
    return list.filter((traveller) => {
      const text =
        `${traveller.first_name} ${traveller.last_name} ${traveller.passport_number}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [saved, query]);

  if (!saved || saved.status === 'loading')
    return (
      <div className="flex justify-center rounded-xl bg-slate-50 p-4">
        <Spinner label="Loading saved travellers" />
      </div>
    );
  if (saved.status === 'failed')
    return (
      <p className="rounded-xl bg-slate-50 p-3 text-slate-600 text-sm">
        Saved travellers could not be loaded.
      </p>
    );
  if (saved.list.length === 0)
    return (
      <p className="rounded-xl bg-slate-50 p-3 text-slate-600 text-sm">
        No saved travellers of this type yet. Tick “Save travellers for next time” below to keep these ones.
      </p>
    );

  return (
    <div className="rounded-xl border border-indigo-100 bg-indigo-50/40 p-3">
      <label htmlFor={searchId} className="sr-only">
        Search saved travellers for {passengerLabel}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400"
        />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Name or passport number"
          className={inputClasses(false, 'pl-9')}
        />
      </div>
      <ul
        aria-label={`Saved travellers for ${passengerLabel}`}
        className="mt-2 max-h-64 space-y-1 overflow-y-auto"
      >
        {matches.map((traveller) => {
          const used = disabledIds.includes(traveller.id);
          return (
            <li key={traveller.id}>
              <button
                type="button"
                disabled={used}
                onClick={() => onPick(traveller)}
                className="flex w-full items-center justify-between gap-3 rounded-lg bg-white px-3 py-2 text-left text-sm ring-1 ring-slate-200 transition-colors hover:bg-indigo-50 hover:ring-indigo-200 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400 disabled:hover:ring-slate-200"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{fullName(traveller)}</span>
                  <span className="block truncate text-slate-500 text-xs">
                    Born {formatDayWithYear(traveller.date_of_birth)} · {countryName(traveller.nationality)} ·
                    passport {traveller.passport_number}
                  </span>
                </span>
                {used ? (
                  <span className="shrink-0 text-xs">Already in this booking</span>
                ) : (
                  <UserCheck aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
                )}
              </button>
            </li>
          );
        })}
        {matches.length === 0 && (
          <li className="px-1 py-2 text-slate-500 text-sm">No saved traveller matches.</li>
        )}
      </ul>
    </div>
  );
}
