import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type ChoiceProps = {
  registration: UseFormRegisterReturn;
  value: string;
  label: string;
  description: ReactNode;
  /** What the choice asks for once chosen (a date and time, the countries). */
  children?: ReactNode;
};

/** One option of a radio group, with what it means under it and, once chosen, what it needs. */
export function Choice({ registration, value, label, description, children }: ChoiceProps) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 transition-colors has-[:checked]:border-indigo-300 has-[:checked]:bg-indigo-50/40">
      <label className="flex cursor-pointer gap-3">
        <input
          type="radio"
          value={value}
          {...registration}
          className="mt-0.5 size-4 shrink-0 accent-indigo-600"
        />
        <span className="min-w-0">
          <span className="block font-medium text-slate-900 text-sm">{label}</span>
          <span className="block text-slate-500 text-xs leading-relaxed">{description}</span>
        </span>
      </label>
      {children && <div className="mt-3 pl-7">{children}</div>}
    </div>
  );
}
