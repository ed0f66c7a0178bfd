import { CABIN_LABELS, type Cabin } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { FieldError } from '../../shared/ui/field';
import { type PassengerCounts, PassengerPicker } from './passenger-picker';

/** "2 adults, 1 child", as the passengers' button reads. */
export function passengersText(counts: PassengerCounts) {
  const part = (count: number, one: string, many: string) =>
    count > 0 ? [`${count} ${count === 1 ? one : many}`] : [];
  return [
    ...part(counts.adult_quantity, 'adult', 'adults'),
    ...part(counts.child_quantity, 'child', 'children'),
    ...part(counts.infant_quantity, 'infant', 'infants'),
  ].join(', ');
}

type PassengersDisclosureProps = {
  counts: PassengerCounts;
  cabin: Cabin;
  onChange: (counts: PassengerCounts) => void;
  error: string | undefined;
};

/** The passengers (and the cabin searched) as one line, the steppers behind it: the compact form's. */
export function PassengersDisclosure({ counts, cabin, onChange, error }: PassengersDisclosureProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <p id={`${id}-label`} className="font-medium text-slate-800 text-sm">
        Passengers
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`Passengers: ${passengersText(counts)}, ${CABIN_LABELS[cabin]}`}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className="mt-1.5 flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-base text-slate-900 shadow-xs hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:text-sm"
      >
        <span className="min-w-0 truncate">
          {passengersText(counts)}
          <span className="text-slate-500"> · {CABIN_LABELS[cabin]}</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
        />
      </button>
      {/* The picker's own "Passengers" legend stays for screen readers: the label above shows it. */}
      <div id={id} hidden={!open} className="mt-2 [&_legend]:sr-only">
        <PassengerPicker {...counts} onChange={onChange} />
      </div>
      {error && !open && <FieldError>{error}</FieldError>}
    </div>
  );
}
