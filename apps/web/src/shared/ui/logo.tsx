import { clsx } from 'clsx';
import { Plane } from 'lucide-react';

type LogoProps = {
  /** Light text for dark backgrounds (sidebar, brand panel). */
  tone?: 'light' | 'dark';
  /** Mark only, e.g. in the collapsed sidebar. */
  compact?: boolean;
  className?: string;
};

/** The SkyDesk mark (a plane in an indigo tile) and wordmark. */
export function Logo({ tone = 'dark', compact = false, className }: LogoProps) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-sky-400 to-indigo-600 text-white shadow-sm">
        <Plane aria-hidden="true" className="size-5" />
      </span>
      <span
        className={clsx(
          'font-semibold text-lg tracking-tight',
          tone === 'light' ? 'text-white' : 'text-slate-900',
          compact && 'sr-only',
        )}
      >
        SkyDesk
      </span>
    </span>
  );
}
