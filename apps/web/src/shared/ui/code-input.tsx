import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** docs/api.md: e-mailed and authenticator codes are 6 digits. */
export const CODE_LENGTH = 6;

/** Only the digits of what was typed or pasted ("123 456", "123-456" → "123456"), at most six. */
export const codeDigits = (text: string): string => text.replace(/\D/g, '').slice(0, CODE_LENGTH);

type CodeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (digits: string) => void;
  invalid?: boolean;
};

/**
 * One input for a 6-digit code: a numeric keyboard on phones, the code offered from an SMS or
 * mail by the platform (autocomplete one-time-code), anything but digits dropped, so a pasted
 * "123 456" works. One field rather than six boxes: one label, one error, nothing to hop between.
 */
export function CodeInput({ value, onChange, invalid = false, className, ...input }: CodeInputProps) {
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(codeDigits(event.target.value))}
      placeholder="000000"
      // The letter-spacing also follows the last digit: the extra left padding keeps the digits centred.
      className={clsx(
        'block w-full min-h-14 rounded-xl border bg-white py-3 pr-4 pl-[calc(1rem+0.5em)] text-center font-mono font-semibold text-2xl text-slate-900 tracking-[0.5em] shadow-xs transition-colors sm:text-3xl',
        'placeholder:text-slate-300 focus:outline-none focus-visible:outline-none focus:ring-3',
        invalid
          ? 'border-rose-400 focus:border-rose-500 focus:ring-rose-500/20'
          : 'border-slate-300 hover:border-slate-400 focus:border-indigo-500 focus:ring-indigo-500/20',
        className,
      )}
    />
  );
}
