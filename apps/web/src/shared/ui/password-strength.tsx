import { PASSWORD_MIN_LENGTH, passwordProblem, passwordStrength } from '@skydesk/contract';
import { clsx } from 'clsx';

const levels = [
  { label: 'Too weak', bar: 'bg-rose-500', text: 'text-rose-700' },
  { label: 'Weak', bar: 'bg-orange-500', text: 'text-orange-700' },
  { label: 'Fair', bar: 'bg-amber-500', text: 'text-amber-700' },
  { label: 'Good', bar: 'bg-lime-600', text: 'text-lime-700' },
  { label: 'Strong', bar: 'bg-emerald-600', text: 'text-emerald-700' },
] as const;

/** The rule, as the contract states it, before anything is typed. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters. Longer, with upper- and lower-case letters, digits and symbols, is stronger.`;

/**
 * The hint under a new password: the contract's strength score (0–4) as a bar and a word, and
 * the contract's rule — what is wrong with the password now, or how to make it stronger.
 */
export function PasswordStrengthHint({ password }: { password: string }) {
  if (!password) return <p>{PASSWORD_RULE}</p>;
  const problem = passwordProblem(password);
  const score = passwordStrength(password);
  const level = levels[score] ?? levels[0];
  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-3">
        <div aria-hidden="true" className="grid flex-1 grid-cols-4 gap-1">
          {[1, 2, 3, 4].map((step) => (
            <span
              key={step}
              className={clsx('h-1.5 rounded-full', score >= step ? level.bar : 'bg-slate-200')}
            />
          ))}
        </div>
        <p className={clsx('w-16 shrink-0 text-right font-medium', level.text)}>
          <span className="sr-only">Password strength:</span> {level.label}
        </p>
      </div>
      <p>{problem ?? (score < 4 ? PASSWORD_RULE : 'A strong password.')}</p>
    </div>
  );
}
