import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { PASSENGER_LIMITS } from './search-form';

/** How many of each passenger type a search is for. */
export type PassengerCounts = { adult_quantity: number; child_quantity: number; infant_quantity: number };

type StepperProps = {
  label: string;
  hint: string;
  /** Singular noun for the buttons' names: "Remove an adult". */
  noun: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
};

function Stepper({ label, hint, noun, value, min, max, onChange }: StepperProps) {
  const id = useId();
  const buttonClass =
    'flex size-9 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 transition-colors hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-slate-300 disabled:hover:text-slate-700';
  return (
    // A card too narrow for label and buttons side by side puts the buttons under the label.
    <div className="@container rounded-xl border border-slate-200 bg-white px-3 py-2.5">
      <div className="flex flex-col gap-2 @min-[14rem]:flex-row @min-[14rem]:items-center @min-[14rem]:justify-between @min-[14rem]:gap-3">
        <div className="min-w-0">
          <p id={`${id}-label`} className="font-medium text-slate-800 text-sm">
            {label}
          </p>
          <p className="text-slate-500 text-xs">{hint}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <button
            type="button"
            className={buttonClass}
            aria-label={`Remove ${noun}`}
            disabled={value <= min}
            onClick={() => onChange(value - 1)}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output
            aria-labelledby={`${id}-label`}
            aria-live="polite"
            className="w-6 text-center font-semibold tabular-nums"
          >
            {value}
          </output>
          <button
            type="button"
            className={buttonClass}
            aria-label={`Add ${noun}`}
            disabled={value >= max}
            onClick={() => onChange(value + 1)}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </div>
  );
}

type PassengerPickerProps = PassengerCounts & {
  onChange: (counts: PassengerCounts) => void;
  error?: string | undefined;
};

/**
 * Adults, children and infants (docs/api.md limits): at most 9 seated (adults + children), at most
 * 8 children, no more infants than adults (each travels on an adult's lap). A button is disabled at
 * its limit and the reason is said under the steppers.
 */
export function PassengerPicker({
  adult_quantity,
  child_quantity,
  infant_quantity,
  onChange,
  error,
}: PassengerPickerProps) {
  const seated = adult_quantity + child_quantity;
  const seatsLeft = PASSENGER_LIMITS.maxSeated - seated;
  const notes: string[] = [];
  if (seatsLeft === 0)
    notes.push(`At most ${PASSENGER_LIMITS.maxSeated} seated passengers (adults and children) per search.`);
  if (infant_quantity >= adult_quantity && infant_quantity > 0)
    notes.push('Each infant travels on an adult’s lap: add an adult before adding another infant.');
  if (child_quantity >= PASSENGER_LIMITS.maxChildren)
    notes.push(`At most ${PASSENGER_LIMITS.maxChildren} children.`);

  return (
    <fieldset className="min-w-0">
      <legend className="font-medium text-slate-800 text-sm">Passengers</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
        <Stepper
          label="Adults"
          hint="12 years and over"
          noun="an adult"
          value={adult_quantity}
          // An adult cannot be removed while every adult holds an infant.
          min={Math.max(1, infant_quantity)}
          max={Math.min(PASSENGER_LIMITS.maxAdults, adult_quantity + seatsLeft)}
          onChange={(value) => onChange({ adult_quantity: value, child_quantity, infant_quantity })}
        />
        <Stepper
          label="Children"
          hint="2 to 11 years"
          noun="a child"
          value={child_quantity}
          min={0}
          max={Math.min(PASSENGER_LIMITS.maxChildren, child_quantity + seatsLeft)}
          onChange={(value) => onChange({ adult_quantity, child_quantity: value, infant_quantity })}
        />
        <Stepper
          label="Infants"
          hint="Under 2, on a lap"
          noun="an infant"
          value={infant_quantity}
          min={0}
          max={adult_quantity}
          onChange={(value) => onChange({ adult_quantity, child_quantity, infant_quantity: value })}
        />
      </div>
      {notes.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-slate-600 text-xs" aria-live="polite">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {error && <p className="mt-1.5 text-rose-700 text-sm">{error}</p>}
    </fieldset>
  );
}
