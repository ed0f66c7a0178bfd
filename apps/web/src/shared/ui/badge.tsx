import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type BadgeTone = 'slate' | 'indigo' | 'sky' | 'emerald' | 'amber' | 'rose' | 'violet';

const toneClasses: Record<BadgeTone, string> = {
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  sky: 'bg-sky-50 text-sky-800 ring-sky-200',
  emerald: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  rose: 'bg-rose-50 text-rose-800 ring-rose-200',
  violet: 'bg-violet-50 text-violet-800 ring-violet-200',
};

const dotClasses: Record<BadgeTone, string> = {
  slate: 'bg-slate-400',
  indigo: 'bg-indigo-500',
  sky: 'bg-sky-500',
  emerald: 'bg-emerald-500',
  amber: 'bg-amber-500',
  rose: 'bg-rose-500',
  violet: 'bg-violet-500',
};

type BadgeProps = { tone?: BadgeTone; children: ReactNode; className?: string; dot?: boolean };

/** A small rounded label for a state; the tone is never the only cue, the words say it too. */
export function Badge({ tone = 'slate', children, className, dot = false }: BadgeProps) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset',
        toneClasses[tone],
        className,
      )}
    >
      {dot && <span aria-hidden="true" className={clsx('size-1.5 rounded-full', dotClasses[tone])} />}
      {children}
    </span>
  );
}
