import { clsx } from 'clsx';

export type StatusTab<T> = { value: T; label: string };

type StatusTabsProps<T> = {
  /** What the tabs choose, for screen readers ("Deposit state"). */
  legend: string;
  tabs: readonly StatusTab<T>[];
  current: T;
  onChange: (value: T) => void;
};

/** A queue's states as pressed buttons: one chosen, the list below showing it. */
export function StatusTabs<T extends string | null>({ legend, tabs, current, onChange }: StatusTabsProps<T>) {
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-1.5">
      <legend className="sr-only">{legend}</legend>
      {tabs.map((tab) => (
        <button
          key={tab.value ?? 'all'}
          type="button"
          aria-pressed={current === tab.value}
          onClick={() => onChange(tab.value)}
          className={clsx(
            'shrink-0 rounded-full px-3 py-1.5 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
            current === tab.value
              ? 'bg-indigo-600 text-white'
              : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
          )}
        >
          {tab.label}
        </button>
      ))}
    </fieldset>
  );
}
