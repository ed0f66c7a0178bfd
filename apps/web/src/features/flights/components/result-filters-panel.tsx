import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../shared/format/money';
import {
  type ResultFilters,
  STOP_OPTIONS,
  type StopOption,
  TIME_WINDOWS,
  type TimeWindow,
} from '../result-filters';

type FiltersPanelProps = {
  filters: ResultFilters;
  onChange: (filters: ResultFilters) => void;
  airlines: { code: string; name: string; count: number }[];
  stopCounts: Record<StopOption, number>;
  bounds: { min: number; max: number } | null;
  currency: string;
};

const toggle = <T,>(list: T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    // min-w-0: a fieldset is as wide as its content by default, which pushed long airline names'
    // counts out of the panel.
    <fieldset className="min-w-0 border-slate-100 border-t pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-2 font-semibold text-slate-900 text-sm">{title}</legend>
      <div className="space-y-1.5">{children}</div>
    </fieldset>
  );
}

function Check({
  label,
  aside,
  checked,
  onChange,
}: {
  label: ReactNode;
  aside?: ReactNode;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2.5 rounded-md py-0.5 text-slate-700 text-sm hover:text-slate-900">
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="size-4 rounded border-slate-300 accent-indigo-600"
      />
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {aside !== undefined && <span className="text-slate-500 text-xs tabular-nums">{aside}</span>}
    </label>
  );
}

function WindowChips({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: TimeWindow[];
  onChange: (value: TimeWindow[]) => void;
}) {
  return (
    <Group title={legend}>
      <div className="grid grid-cols-2 gap-1.5">
        {TIME_WINDOWS.map((window) => {
          const on = value.includes(window.id);
          return (
            <button
              key={window.id}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(toggle(value, window.id))}
              className={clsx(
                'rounded-lg border px-2 py-1.5 text-left text-xs transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
                on
                  ? 'border-indigo-500 bg-indigo-50 text-indigo-900'
                  : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
              )}
            >
              <span className="block font-medium">{window.label}</span>
              <span className="block text-[0.7rem] text-slate-500">{window.range}</span>
            </button>
          );
        })}
      </div>
    </Group>
  );
}

/** The results' filters (applied at once, on the client, over every result). */
export function ResultFiltersPanel({
  filters,
  onChange,
  airlines,
  stopCounts,
  bounds,
  currency,
}: FiltersPanelProps) {
  const set = (patch: Partial<ResultFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="space-y-4">
      <Group title="Stops">
        {STOP_OPTIONS.map((option) => (
          <Check
            key={option.value}
            label={option.label}
            aside={stopCounts[option.value]}
            checked={filters.stops.includes(option.value)}
            onChange={() => set({ stops: toggle(filters.stops, option.value) })}
          />
        ))}
      </Group>
      {bounds && bounds.max > bounds.min && (
        <Group title="Price">
          <label className="block text-slate-700 text-sm">
            <span className="flex justify-between">
              <span>Up to</span>
              <span className="font-semibold tabular-nums">
                {formatMoney(
                  { Amount: filters.maxPrice ?? bounds.max, CurrencyCode: currency },
                  { whole: true },
                )}
              </span>
            </span>
            <input
              type="range"
              aria-label="Highest total price"
              min={bounds.min}
              max={bounds.max}
              step={Math.max(1, Math.round((bounds.max - bounds.min) / 100))}
              value={filters.maxPrice ?? bounds.max}
              onChange={(event) => {
                const value = Number(event.target.value);
                set({ maxPrice: value >= bounds.max ? null : value });
              }}
              className="mt-2 w-full accent-indigo-600"
            />
          </label>
        </Group>
      )}
      <Group title="Fare">
        <Check
          label="Refundable only"
          checked={filters.refundableOnly}
          onChange={() => set({ refundableOnly: !filters.refundableOnly })}
        />
      </Group>
      <WindowChips
        legend="Departure time"
        value={filters.departure}
        onChange={(departure) => set({ departure })}
      />
      <WindowChips legend="Arrival time" value={filters.arrival} onChange={(arrival) => set({ arrival })} />
      <Group title="Airlines">
        {airlines.map((airline) => (
          <Check
            key={airline.code}
            label={
              <>
                {airline.name} <span className="text-slate-400">({airline.code})</span>
              </>
            }
            aside={airline.count}
            checked={filters.airlines.includes(airline.code)}
            onChange={() => set({ airlines: toggle(filters.airlines, airline.code) })}
          />
        ))}
      </Group>
    </div>
  );
}
