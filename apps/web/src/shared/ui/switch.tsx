import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';

type SwitchProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  /** A line under the label, read out with the switch. */
  description?: ReactNode;
  disabled?: boolean;
  /**
   * 'row': the label on the left and the switch at the end of the row (a settings list);
   * 'inline': the switch before its label (a filter).
   */
  layout?: 'row' | 'inline';
  className?: string;
};

/**
 * An on/off setting that takes effect as a choice, not a form field (ARIA's switch role): the
 * label names it, the description says what it does, the track's colour and the thumb's side —
 * never the colour alone — show its state.
 */
export function Switch({
  checked,
  onCheckedChange,
  label,
  description,
  disabled = false,
  layout = 'row',
  className,
}: SwitchProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const control = (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={descriptionId}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2',
        'disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-indigo-600' : 'bg-slate-300',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'inline-block size-5 rounded-full bg-white shadow-sm ring-1 ring-slate-900/5 transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
  const text = (
    <span className="min-w-0">
      <label htmlFor={id} className="block cursor-pointer font-medium text-slate-800 text-sm">
        {label}
      </label>
      {description && (
        <span id={descriptionId} className="block text-slate-500 text-xs leading-relaxed">
          {description}
        </span>
      )}
    </span>
  );
  return layout === 'row' ? (
    <div className={clsx('flex items-center justify-between gap-4', className)}>
      {text}
      {control}
    </div>
  ) : (
    <div className={clsx('inline-flex items-center gap-2.5', className)}>
      {control}
      {text}
    </div>
  );
}
