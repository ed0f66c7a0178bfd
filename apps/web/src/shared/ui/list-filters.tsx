import { RotateCcw, Search } from 'lucide-react';
import { Button } from './button';
import { TextField } from './field';

type DayRange = { from: string; to: string };

/**
 * A list filter's days, first and last: each bounds the other's picker, so the range can't be
 * entered backwards, and the range's error stands under the last day.
 */
export function DayRangeFields({
  fromLabel,
  toLabel,
  range,
  error,
  onChange,
}: {
  fromLabel: string;
  toLabel: string;
  range: DayRange;
  error?: string | null;
  onChange: (range: DayRange) => void;
}) {
  return (
    <>
      <TextField
        label={fromLabel}
        type="date"
        value={range.from}
        max={range.to || undefined}
        onChange={(event) => onChange({ ...range, from: event.target.value })}
      />
      <TextField
        label={toLabel}
        type="date"
        value={range.to}
        min={range.from || undefined}
        error={error ?? undefined}
        onChange={(event) => onChange({ ...range, to: event.target.value })}
      />
    </>
  );
}

/** A filter form's buttons: Apply submits it; Reset, shown only while a filter is on, clears them. */
export function FilterActions({
  filtered,
  onReset,
  className,
}: {
  filtered: boolean;
  onReset: () => void;
  className: string;
}) {
  return (
    <div className={className}>
      <Button type="submit" className="flex-1 lg:flex-none">
        <Search aria-hidden="true" className="size-4" /> Apply
      </Button>
      {filtered && (
        <Button variant="ghost" onClick={onReset}>
          <RotateCcw aria-hidden="true" className="size-4" /> Reset
        </Button>
      )}
    </div>
  );
}
