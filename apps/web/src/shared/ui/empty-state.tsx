import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  /** What the user can do next: links or buttons. */
  actions?: ReactNode;
};

/** A screen or list with nothing to show: says so plainly and offers the way forward. */
export function EmptyState({ icon: Icon, title, children, actions }: EmptyStateProps) {
  return (
    <section className="mx-auto w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      {Icon && (
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      )}
      <h2 className="font-semibold text-lg text-slate-900">{title}</h2>
      {children && <div className="mt-1 text-slate-600 text-sm leading-relaxed">{children}</div>}
      {actions && <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">{actions}</div>}
    </section>
  );
}
