import { clsx } from 'clsx';
import { MapPin } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useMemo, useState } from 'react';
import { Field, inputClasses } from '../../shared/ui/field';
import { type AirportEntry, matchAirports } from './airports';
import type { AirportDirectory } from './use-airports';

type AirportComboboxProps = {
  label: string;
  /** The chosen airport's code, '' when none. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  airports: AirportDirectory;
  error?: string | undefined;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  className?: string;
};

const shortLabel = (airport: AirportEntry | undefined, code: string): string =>
  airport ? `${airport.code} · ${airport.city}, ${airport.country}` : code;

/**
 * An airport picker (WAI-ARIA combobox with a listbox popup): type a code, city, airport or
 * country; arrows move through the matches, Enter picks, Escape closes. Without the airport list
 * (its call failed) a typed 3-letter code is taken as is.
 */
export function AirportCombobox({
  label,
  value,
  onChange,
  onBlur,
  airports,
  error,
  placeholder = 'City, airport or code',
  inputRef,
  name,
  className,
}: AirportComboboxProps) {
  const listId = useId();
  const selected = airports.byCode.get(value);
  // What the user typed since the field last settled; null shows the chosen airport. Kept apart
  // from the airport's label so the airports arriving late never overwrite what is being typed.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  // The value changed (chosen here, or from outside: swap, a recent search): show it.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setTyped(null);
  }

  const text = typed ?? shortLabel(selected, value);

  const matches = useMemo(
    () => (open ? matchAirports(airports.entries, text) : []),
    [airports.entries, text, open],
  );
  const expanded = open && matches.length > 0;

  const choose = (airport: AirportEntry) => {
    onChange(airport.code);
    setTyped(null);
    setOpen(false);
  };

  const settle = () => {
    setOpen(false);
    if (typed === null) return;
    const query = typed.trim().toUpperCase();
    if (query === '') {
      if (value !== '') onChange('');
      setTyped(null);
      return;
    }
    if (typed === shortLabel(selected, value) && value !== '') {
      setTyped(null);
      return;
    }
    const exact = airports.byCode.get(query);
    if (exact) return choose(exact);
    // Without the airport list, a code is taken as typed (the server checks it).
    if (!airports.loaded && /^[A-Z]{3}$/.test(query)) {
      onChange(query);
      setTyped(null);
      return;
    }
    // Nothing chosen: the field empties, or keeps the unmatched text when it held no airport.
    if (value !== '') onChange('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((index) => Math.min(index + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      const match = matches[active];
      if (expanded && match) {
        event.preventDefault();
        choose(match);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setTyped(null);
      }
    }
  };

  return (
    <Field label={label} error={error} className={clsx('relative', className)}>
      {(control) => (
        <>
          <div className="relative">
            <MapPin
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              {...control}
              ref={inputRef}
              name={name}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
              autoComplete="off"
              spellCheck={false}
              placeholder={placeholder}
              value={text}
              onChange={(event) => {
                setTyped(event.target.value);
                setActive(0);
                setOpen(true);
              }}
              onFocus={(event) => event.target.select()}
              onKeyDown={onKeyDown}
              onBlur={() => {
                settle();
                onBlur?.();
              }}
              className={inputClasses(Boolean(error), 'truncate pl-9')}
            />
          </div>
          <div
            id={listId}
            role="listbox"
            aria-label={`${label} airports`}
            hidden={!expanded}
            className="absolute inset-x-0 z-30 mt-1 max-h-80 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
          >
            {matches.map((airport, index) => (
              <div
                key={airport.code}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                aria-label={airport.label}
                // Chosen on mouse down, before the input's blur settles the text.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(airport);
                }}
                onMouseEnter={() => setActive(index)}
                className={clsx(
                  'flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm',
                  index === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800',
                )}
              >
                <span className="w-10 shrink-0 font-semibold font-mono">{airport.code}</span>
                <span className="min-w-0">
                  <span className="block truncate">
                    {airport.city}, {airport.country}
                  </span>
                  <span className="block truncate text-slate-500 text-xs">{airport.name}</span>
                </span>
              </div>
            ))}
          </div>
        </>
      )}
    </Field>
  );
}
