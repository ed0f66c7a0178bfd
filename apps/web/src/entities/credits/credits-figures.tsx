import type { Credits } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { formatCredits } from '../../shared/format/credits';
import { paths } from '../../shared/routing/paths';
import { useCanViewStatement } from './use-credits';

/** What each figure is, in the words every screen uses (issue 12: "wallet vs credit limit"). */
export const CREDIT_FIGURES = {
  available: { label: 'Available', hint: 'What you can spend: balance + credit limit' },
  balance: { label: 'Balance', hint: 'Deposits less what you spent' },
  creditLimit: { label: 'Credit limit', hint: 'The overdraft SkyDesk granted you' },
} as const;

type CreditsFiguresProps = {
  credits: Credits;
  /** `inline`: one line of three labelled figures (a card, a header); `tiles`: three tiles. */
  layout?: 'inline' | 'tiles';
  /** Off on the statement itself. */
  showStatementLink?: boolean;
  className?: string;
};

/**
 * The agency's money, each figure named: available (what ticketing checks), the balance (which
 * may go below zero within a credit limit) and the credit limit — and, for a user who may see it,
 * the statement that explains them line by line.
 */
export function CreditsFigures({
  credits,
  layout = 'inline',
  showStatementLink = true,
  className,
}: CreditsFiguresProps) {
  const figures = [
    { ...CREDIT_FIGURES.available, amount: credits.available, strong: true },
    { ...CREDIT_FIGURES.balance, amount: credits.balance, strong: false },
    { ...CREDIT_FIGURES.creditLimit, amount: credits.credit_limit, strong: false },
  ];
  return (
    <div className={clsx('min-w-0', className)}>
      <dl
        aria-label="Credit figures"
        className={clsx(
          layout === 'tiles' ? 'grid grid-cols-2 gap-3 sm:grid-cols-3' : 'flex flex-wrap gap-x-6 gap-y-2',
        )}
      >
        {figures.map((figure) => (
          <div
            key={figure.label}
            className={clsx(
              'min-w-0',
              layout === 'tiles' && 'rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4',
              // On a phone the figure that is spent from takes the row; the two it sums share one.
              layout === 'tiles' && figure.strong && 'col-span-2 sm:col-span-1',
            )}
          >
            <dt className="font-medium text-slate-600 text-xs uppercase tracking-wide" title={figure.hint}>
              {figure.label}
            </dt>
            <dd
              className={clsx(
                'break-words tabular-nums',
                figure.strong
                  ? 'font-semibold text-slate-900 text-xl'
                  : 'font-medium text-base text-slate-800',
                figure.amount < 0 && 'text-rose-700',
              )}
            >
              {formatCredits(figure.amount, credits.currency)}
            </dd>
            {layout === 'tiles' && <dd className="mt-0.5 text-slate-500 text-xs">{figure.hint}</dd>}
          </div>
        ))}
      </dl>
      {credits.pending_deposits > 0 && (
        <p className="mt-2 text-slate-600 text-xs">
          {formatCredits(credits.pending_deposits, credits.currency)} in deposits awaiting approval, not yet
          in your balance.
        </p>
      )}
      {showStatementLink && <StatementLink className="mt-2" />}
    </div>
  );
}

/** "View statement", for a user who may open it (`payments.view`); nothing for anyone else. */
export function StatementLink({ className }: { className?: string }) {
  if (!useCanViewStatement()) return null;
  return (
    <Link
      to={paths.dashboard.statement}
      className={clsx(
        'inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900',
        className,
      )}
    >
      <ScrollText aria-hidden="true" className="size-4" />
      View statement
    </Link>
  );
}
