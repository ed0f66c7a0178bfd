import { COUNTRIES } from '@skydesk/contract';
import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';

/** The look of every text input and select: a clear border, an indigo focus ring, rose when wrong. */
export function inputClasses(invalid: boolean, className?: string): string {
  return clsx(
    'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors sm:text-sm',
    'placeholder:text-slate-400 focus:outline-none focus-visible:outline-none focus:ring-3',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-rose-400 focus:border-rose-500 focus:ring-rose-500/20'
      : 'border-slate-300 hover:border-slate-400 focus:border-indigo-500 focus:ring-indigo-500/20',
    className,
  );
}

/** What a control needs to be labelled and described by its field. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** Help shown under the control, read out with it. */
  hint?: ReactNode;
  /** The problem with the value, read out with the control. */
  error?: string | undefined;
  optional?: boolean;
  /** Something beside the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  className?: string;
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A label, a control, its hint and its error, wired together: the label names the control, and
 * the hint and the error describe it (aria-describedby), so a screen reader reads all three.
 */
export function Field({ label, hint, error, optional, labelAside, className, id, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={clsx('min-w-0', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={controlId} className="block font-medium text-slate-800 text-sm">
          {label}
          {optional && <span className="font-normal text-slate-500"> (optional)</span>}
        </label>
        {labelAside}
      </div>
      <div className="mt-1.5">
        {children({
          id: controlId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': clsx(errorId, hintId) || undefined,
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {hint && (
        <div id={hintId} className="mt-1.5 text-slate-500 text-xs leading-relaxed">
          {hint}
        </div>
      )}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-rose-700 text-sm">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  labelAside?: ReactNode;
  id?: string;
  /** Classes of the field's wrapper (grid placement). */
  className?: string;
};

/** A labelled text input; spread react-hook-form's register() onto it. */
export function TextField({
  label,
  hint,
  error,
  optional,
  labelAside,
  className,
  id,
  ...input
}: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      labelAside={labelAside}
      className={className}
      id={id}
    >
      {(control) => <input {...input} {...control} className={inputClasses(Boolean(error))} />}
    </Field>
  );
}

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  className?: string;
};

/** A labelled native select: the platform's own picker, keyboard and screen-reader behaviour. */
export function SelectField({ label, hint, error, className, id, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className} id={id}>
      {(control) => (
        <select {...select} {...control} className={inputClasses(Boolean(error), 'pr-8')}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** Every ISO country as a select's options, by name (registration, passports). */
export function CountryOptions() {
  return COUNTRIES.map((country) => (
    <option key={country.code} value={country.code}>
      {country.name}
    </option>
  ));
}
