import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'success' | 'danger';

// Colours are variants, not classes added to `primary`: two background utilities on one element
// are settled by their order in the stylesheet, not by the order in className.
const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 active:bg-indigo-700',
  /** An approval that moves money or opens access. */
  success: 'bg-emerald-600 text-white shadow-sm hover:bg-emerald-500 active:bg-emerald-700',
  /** A refusal or a removal. */
  danger: 'bg-rose-600 text-white shadow-sm hover:bg-rose-500 active:bg-rose-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200',
};

/** The button look, for links that act as buttons too. */
export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return clsx(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium text-sm transition-colors',
    'focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2',
    'disabled:pointer-events-none disabled:opacity-50',
    variantClasses[variant],
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** Work under way: a spinner before the label, the button disabled and marked busy. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  busy = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
      {children}
    </button>
  );
}
