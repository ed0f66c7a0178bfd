import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { inputClasses } from './field';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & { invalid?: boolean };

/** A password input with a button that shows what was typed (and hides it again). */
export function PasswordInput({ invalid = false, className, ...input }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...input}
        type={visible ? 'text' : 'password'}
        className={inputClasses(invalid, `pr-11 ${className ?? ''}`)}
      />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4.5" />
        ) : (
          <Eye aria-hidden="true" className="size-4.5" />
        )}
      </button>
    </div>
  );
}
