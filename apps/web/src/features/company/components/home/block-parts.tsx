import type { Booking } from '@skydesk/contract';
import type { LucideIcon } from 'lucide-react';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** "All holds", "Booking history"…: from a home block to the screen with the rest. */
export function BlockLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded font-medium text-indigo-700 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2"
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** Grey rows where a block's list will be, read out as loading. */
export function RowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
        <div key={index} className="h-14 animate-pulse rounded-xl bg-slate-200/70" />
      ))}
    </div>
  );
}

/** A home block with nothing to show: says so, what will come here, and the way to get there. */
export function BlockEmpty({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex gap-3 rounded-xl bg-slate-50 p-4">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">{title}</p>
        <p className="mt-0.5 text-slate-600 leading-relaxed">{children}</p>
        {action && <div className="mt-3">{action}</div>}
      </div>
    </div>
  );
}

/** "AMINA RAHMAN +2": the lead passenger, and how many travel with them. */
export function travellersOf(booking: Booking): string {
  const lead = booking.passengers[0];
  if (!lead) return '';
  const others = booking.passengers.length - 1;
  return `${lead.first_name} ${lead.last_name}${others > 0 ? ` +${others}` : ''}`;
}
