import { TRIP_TYPE_LABELS, type TripType } from '@skydesk/contract';
import { clsx } from 'clsx';
import { useId } from 'react';

type TripTypeChoiceProps = {
  types: readonly TripType[];
  value: TripType;
  onChange: (type: TripType) => void;
  compact?: boolean;
};

/** The trip types as a segmented switch of radio buttons. */
export function TripTypeChoice({ types, value, onChange, compact = false }: TripTypeChoiceProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">Trip type</legend>
      <div className="inline-flex rounded-xl bg-slate-100 p-1">
        {types.map((type) => (
          <label
            key={type}
            className={clsx(
              'cursor-pointer rounded-lg font-medium text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
              compact ? 'px-3 py-1' : 'px-3.5 py-1.5',
              value === type ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className="sr-only"
            />
            {TRIP_TYPE_LABELS[type]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
