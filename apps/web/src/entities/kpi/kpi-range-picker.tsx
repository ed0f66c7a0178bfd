import { clsx } from 'clsx';
import { CalendarRange, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/field';
import {
  KPI_PRESET_LABELS,
  KPI_PRESETS,
  type KpiPreset,
  type KpiRange,
  type KpiSelection,
  rangeProblem,
} from './kpi-range';

type KpiRangePickerProps = {
  selection: KpiSelection;
  onChange: (selection: KpiSelection) => void;
  /** The days shown now (the custom form starts from them); null while the zone's today is unknown. */
  range: KpiRange | null;
  /** The last day one may pick: today in the agency's zone (or UTC); later days have no figures. */
  today: string | null;
};

const chipClasses = (pressed: boolean) =>
  clsx(
    'inline-flex min-h-8 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-3 font-medium text-sm transition-colors sm:min-h-9 sm:px-3.5',
    'focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2',
    pressed
      ? 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500'
      : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  );

/**
 * The figures' period (issue 15): a preset — today, 7 or 30 days, this or last month, the year so
 * far — in one press, or chosen days, applied together (one request, not one per keystroke).
 */
export function KpiRangePicker({ selection, onChange, range, today }: KpiRangePickerProps) {
  const [customOpen, setCustomOpen] = useState(selection.preset === 'custom');
  const showCustom = customOpen || selection.preset === 'custom';
  const pick = (preset: KpiPreset) => {
    setCustomOpen(false);
    onChange({ preset });
  };
  return (
    <search aria-label="Period" className="min-w-0 space-y-3">
      {/*
        The chips wrap, on a phone too: a row that scrolled sideways cut the last chips off at the
        card's edge (issue 30), and packed closer there they take two rows. min-w-0: a fieldset is
        otherwise as wide as its content and would widen the page.
      */}
      <fieldset className="flex min-w-0 flex-wrap gap-1.5">
        <legend className="sr-only">Preset periods</legend>
        {KPI_PRESETS.map((preset) => (
          <button
            key={preset}
            data-preset={preset}
            type="button"
            aria-pressed={selection.preset === preset}
            onClick={() => pick(preset)}
            className={chipClasses(selection.preset === preset)}
          >
            {KPI_PRESET_LABELS[preset]}
          </button>
        ))}
        <button
          data-preset="custom"
          type="button"
          aria-pressed={selection.preset === 'custom'}
          aria-expanded={showCustom}
          onClick={() => setCustomOpen(true)}
          className={chipClasses(selection.preset === 'custom')}
        >
          <CalendarRange aria-hidden="true" className="size-4" /> Custom
        </button>
      </fieldset>
      {showCustom && (
        <CustomRangeForm
          // A new range from outside (back, a preset) starts the form afresh.
          key={range ? `${range.from}:${range.to}` : 'none'}
          initial={range}
          today={today}
          onApply={(chosen) => onChange({ preset: 'custom', range: chosen })}
        />
      )}
    </search>
  );
}

type CustomRangeFormProps = {
  initial: KpiRange | null;
  today: string | null;
  onApply: (range: KpiRange) => void;
};

function CustomRangeForm({ initial, today, onApply }: CustomRangeFormProps) {
  const [draft, setDraft] = useState<KpiRange>(initial ?? { from: '', to: '' });
  const [error, setError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = rangeProblem(draft);
    setError(problem);
    if (!problem) onApply(draft);
  };
  return (
    <form
      noValidate
      onSubmit={apply}
      aria-label="Custom period"
      className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,11rem)_minmax(0,11rem)_auto] sm:items-start"
    >
      <TextField
        label="From"
        type="date"
        value={draft.from}
        max={draft.to || today || undefined}
        onChange={(event) => setDraft({ ...draft, from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={draft.to}
        min={draft.from || undefined}
        max={today ?? undefined}
        error={error ?? undefined}
        onChange={(event) => setDraft({ ...draft, to: event.target.value })}
      />
      <div className="col-span-2 sm:col-span-1 sm:pt-6.5">
        <Button type="submit" variant="secondary" className="w-full sm:w-auto">
          <Search aria-hidden="true" className="size-4" /> Show
        </Button>
      </div>
    </form>
  );
}
