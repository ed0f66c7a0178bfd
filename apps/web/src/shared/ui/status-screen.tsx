import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from './logo';

type Tone = 'indigo' | 'rose' | 'sky';

const toneClasses: Record<Tone, string> = {
  indigo: 'bg-indigo-50 text-indigo-600 ring-indigo-100',
  rose: 'bg-rose-50 text-rose-600 ring-rose-100',
  sky: 'bg-sky-50 text-sky-600 ring-sky-100',
};

type StatusScreenProps = {
  icon: LucideIcon;
  tone?: Tone;
  /** Small text above the title, e.g. "Error 404". */
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  /** The buttons: what the user can do next. */
  actions: ReactNode;
  /** Spin the icon (work in progress). */
  busy?: boolean;
  /**
   * A page of its own (with the logo, the title as h1), rather than a panel inside a layout that
   * already shows the logo and the page's h1.
   */
  standalone?: boolean;
};

/** A centred card telling the user what happened and what they can do: not-found, errors, updates. */
export function StatusScreen({
  icon: Icon,
  tone = 'indigo',
  eyebrow,
  title,
  children,
  actions,
  busy = false,
  standalone = true,
}: StatusScreenProps) {
  const Heading = standalone ? 'h1' : 'h2';
  return (
    <div
      className={clsx(
        'flex w-full flex-col items-center justify-center',
        standalone ? 'min-h-[70vh] px-4 py-12' : 'flex-1 py-6 sm:py-12',
      )}
    >
      {standalone && <Logo className="mb-8" />}
      <section
        aria-labelledby="status-screen-title"
        className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10"
      >
        <span
          className={clsx(
            'mx-auto flex size-14 items-center justify-center rounded-2xl ring-1',
            toneClasses[tone],
          )}
        >
          <Icon aria-hidden="true" className={clsx('size-7', busy && 'animate-spin')} />
        </span>
        {eyebrow && <p className="mt-6 font-semibold text-indigo-600 text-sm">{eyebrow}</p>}
        <Heading
          id="status-screen-title"
          className={clsx('font-semibold text-2xl text-slate-900 tracking-tight', eyebrow ? 'mt-1' : 'mt-6')}
        >
          {title}
        </Heading>
        {children && <div className="mt-3 text-slate-600 leading-relaxed">{children}</div>}
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row sm:flex-wrap">
          {actions}
        </div>
      </section>
    </div>
  );
}
