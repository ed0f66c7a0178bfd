import { Clock } from 'lucide-react';

/** Said under a flight's times (docs/architecture.md §8): they are the airports' own clocks, not the reader's. */
export const LOCAL_TIMES = 'Flight times are local to each airport.';

export function LocalTimesNote({ className }: { className?: string }) {
  return (
    <p className={['flex items-center gap-1.5 text-slate-500 text-xs', className].filter(Boolean).join(' ')}>
      <Clock aria-hidden="true" className="size-3.5 shrink-0" />
      {LOCAL_TIMES}
    </p>
  );
}
