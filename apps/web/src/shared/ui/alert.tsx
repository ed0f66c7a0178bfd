import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

type AlertTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<AlertTone, { icon: LucideIcon; classes: string; iconClass: string }> = {
  info: { icon: Info, classes: 'border-sky-200 bg-sky-50 text-sky-900', iconClass: 'text-sky-600' },
  success: {
    icon: CircleCheck,
    classes: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    iconClass: 'text-emerald-600',
  },
  warning: {
    icon: TriangleAlert,
    classes: 'border-amber-200 bg-amber-50 text-amber-900',
    iconClass: 'text-amber-600',
  },
  error: {
    icon: CircleAlert,
    classes: 'border-rose-200 bg-rose-50 text-rose-900',
    iconClass: 'text-rose-600',
  },
};

type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** role="alert": read out at once. Only for something that just went wrong on the page. */
  assertive?: boolean;
  id?: string;
};

/** A callout inside a screen: what to know, or what went wrong, with its tone shown by colour and icon. */
export function Alert({ tone = 'info', title, children, className, assertive = false, id }: AlertProps) {
  const { icon: Icon, classes, iconClass } = tones[tone];
  return (
    <div
      id={id}
      role={assertive ? 'alert' : undefined}
      className={clsx('flex gap-3 rounded-xl border p-4 text-sm', classes, className)}
    >
      <Icon aria-hidden="true" className={clsx('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="min-w-0 space-y-1 leading-relaxed">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}
