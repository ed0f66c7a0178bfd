import { clsx } from 'clsx';
import { Check } from 'lucide-react';

const STEPS = ['Travellers', 'Seats', 'Bags', 'Price summary', 'Confirm'] as const;
export type BookingStep = (typeof STEPS)[number];

/**
 * Where the agent is in the booking: the steps between the chosen flight and the booking (seats
 * and bags since issue 31, both skippable). Every
 * step keeps its name on a phone too (issue 30), under its number there and beside it wider.
 */
export function BookingSteps({ current }: { current: BookingStep }) {
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label="Booking steps" className="mx-auto w-full max-w-6xl">
      <ol className="flex items-start gap-2 text-xs sm:items-center sm:text-sm">
        {STEPS.map((step, index) => (
          <li key={step} className="flex min-w-0 flex-1 items-start gap-2 last:flex-none sm:items-center">
            <span
              aria-current={index === at ? 'step' : undefined}
              className={clsx(
                // Five steps on a phone: a two-word name may take two lines under its number.
                'flex flex-col items-center gap-1 text-center font-medium leading-tight sm:flex-row sm:gap-2 sm:whitespace-nowrap sm:text-left',
                index === at ? 'text-indigo-700' : index < at ? 'text-slate-700' : 'text-slate-400',
              )}
            >
              <span
                aria-hidden="true"
                className={clsx(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                  index < at && 'bg-indigo-600 text-white',
                  index === at && 'bg-indigo-50 text-indigo-700 ring-2 ring-indigo-600',
                  index > at && 'bg-slate-100 text-slate-500',
                )}
              >
                {index < at ? <Check className="size-3.5" /> : index + 1}
              </span>
              <span>{step}</span>
              {index < at && <span className="sr-only">(done)</span>}
            </span>
            {index < STEPS.length - 1 && (
              <span aria-hidden="true" className="mt-3 h-px min-w-2 flex-1 bg-slate-200 sm:mt-0 sm:min-w-4" />
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
