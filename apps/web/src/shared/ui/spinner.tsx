import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';

type SpinnerProps = { label?: string; className?: string };

/** An accessible busy indicator: the label is read out, the icon is decoration. */
export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={clsx('inline-flex items-center gap-2 text-slate-500', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-indigo-600" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** docs/product-spec.md §2: screens load on demand behind a loading spinner. */
export function ScreenLoader() {
  return (
    <div className="flex min-h-60 flex-1 items-center justify-center p-8">
      <Spinner label="Loading screen" />
    </div>
  );
}

/** Shown while the saved session is read back at start (docs/product-spec.md §4: at most 5000 ms). */
export function FullPageLoader({ label = 'Starting SkyDesk' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label={label} />
    </div>
  );
}
