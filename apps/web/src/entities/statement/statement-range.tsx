import { RotateCcw, Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/field';

/** The days a statement covers, 'YYYY-MM-DD' each (inclusive); '' leaves that end open. */
export type StatementRange = { fromDate: string; toDate: string };

export const WHOLE_LEDGER: StatementRange = { fromDate: '', toDate: '' };

const RANGE_ERROR = 'The end is before the start';

type StatementRangePickerProps = {
  range: StatementRange;
  onChange: (range: StatementRange) => void;
};

/**
 * From and to days of a statement, applied together (one request, not one per keystroke). The
 * draft follows the range when it changes from outside (back, a shared link).
 */
export function StatementRangePicker({ range, onChange }: StatementRangePickerProps) {
  const [draft, setDraft] = useState<StatementRange>(range);
  const [error, setError] = useState<string | null>(null);
  const { fromDate, toDate } = range;

  useEffect(() => {
    setDraft({ fromDate, toDate });
    setError(null);
  }, [fromDate, toDate]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.fromDate && draft.toDate && draft.toDate < draft.fromDate) {
      setError(RANGE_ERROR);
      return;
    }
    setError(null);
    onChange(draft);
  };
  const whole = !fromDate && !toDate;

  return (
    <search aria-label="Statement dates">
      <form
        noValidate
        onSubmit={apply}
        className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)_auto] sm:items-start"
      >
        <TextField
          label="From"
          type="date"
          value={draft.fromDate}
          max={draft.toDate || undefined}
          onChange={(event) => setDraft({ ...draft, fromDate: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={draft.toDate}
          min={draft.fromDate || undefined}
          error={error ?? undefined}
          onChange={(event) => setDraft({ ...draft, toDate: event.target.value })}
        />
        <div className="col-span-2 flex gap-2 sm:col-span-1 sm:pt-6.5">
          <Button type="submit" variant="secondary" className="flex-1 sm:flex-none">
            <Search aria-hidden="true" className="size-4" /> Show
          </Button>
          {!whole && (
            <Button variant="ghost" onClick={() => onChange(WHOLE_LEDGER)}>
              <RotateCcw aria-hidden="true" className="size-4" /> All dates
            </Button>
          )}
        </div>
      </form>
    </search>
  );
}
