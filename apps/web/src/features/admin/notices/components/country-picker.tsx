import { COUNTRIES } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { FieldError, inputClasses } from '../../../../shared/ui/field';
import { countryName } from '../../country-name';

/** "cote" finds "Côte d’Ivoire": letters compared without case or accents. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const matches = (search: string) => {
  const wanted = folded(search.trim());
  if (!wanted) return COUNTRIES;
  return COUNTRIES.filter(
    (country) => folded(country.name).includes(wanted) || country.code.toLowerCase() === wanted,
  );
};

type CountryPickerProps = {
  value: readonly string[];
  onChange: (countries: string[]) => void;
  error?: string | undefined;
};

/**
 * The countries a post is for, chosen among every ISO country: a search box over a list of
 * checkboxes (the platform's own, for keyboards and screen readers), the chosen ones above as
 * chips that each remove their country.
 */
export function CountryPicker({ value, onChange, error }: CountryPickerProps) {
  const [search, setSearch] = useState('');
  const id = useId();
  const errorId = `${id}-error`;
  const chosen = new Set(value);
  const shown = matches(search);
  const toggle = (code: string) =>
    onChange(chosen.has(code) ? value.filter((each) => each !== code) : [...value, code]);

  return (
    <div className="space-y-2">
      {value.length > 0 && (
        <ul aria-label="Chosen countries" className="flex flex-wrap gap-1.5">
          {value.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-0.5 pl-2.5 text-indigo-900 text-sm ring-1 ring-indigo-200"
            >
              {countryName(code)}
              <button
                type="button"
                aria-label={`Remove ${countryName(code)}`}
                onClick={() => toggle(code)}
                className="rounded-full p-1 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label="Search countries"
          placeholder="Search countries"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className={inputClasses(Boolean(error), 'pl-9')}
        />
      </div>
      <fieldset
        aria-label="Countries"
        className={clsx(
          'max-h-60 overflow-y-auto rounded-lg border bg-white',
          error ? 'border-rose-300' : 'border-slate-200',
        )}
      >
        {shown.length === 0 ? (
          <p className="px-3 py-4 text-center text-slate-500 text-sm">
            No country matches “{search.trim()}”.
          </p>
        ) : (
          shown.map((country) => (
            <label
              key={country.code}
              className="flex cursor-pointer items-center gap-3 border-slate-100 border-b px-3 py-2 text-sm last:border-b-0 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                checked={chosen.has(country.code)}
                onChange={() => toggle(country.code)}
                className="size-4 shrink-0 accent-indigo-600"
              />
              <span className="min-w-0 flex-1 text-slate-800">{country.name}</span>
              <span aria-hidden="true" className="font-mono text-slate-400 text-xs">
                {country.code}
              </span>
            </label>
          ))
        )}
      </fieldset>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
