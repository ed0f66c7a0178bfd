import type { Credits, Money } from '@skydesk/contract';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { paths } from '../../../shared/routing/paths';
import { Card } from '../../../shared/ui/card';
import { Spinner } from '../../../shared/ui/spinner';

export const creditsMoney = (amount: number, currency: string): Money => ({
  Amount: amount,
  CurrencyCode: currency,
});

/** Whether the balance pays for `total` (same currency: the agency's credits are in one). */
export const balanceCovers = (credits: Credits, total: Money): boolean =>
  credits.currency === total.CurrencyCode && credits.balance >= total.Amount;

type BalanceCardProps = { credits: Credits | null; loading: boolean; total: Money; title?: string };

/** The agency's credits against a total: covered, or short by how much and how to top up. */
export function BalanceCard({ credits, loading, total, title = 'Your balance' }: BalanceCardProps) {
  return (
    <Card title={title} aside={<Wallet aria-hidden="true" className="size-5 text-slate-400" />}>
      {loading && !credits ? (
        <Spinner label="Loading your balance" />
      ) : credits ? (
        <div className="space-y-2 text-sm">
          <p className="font-semibold text-2xl text-slate-900 tabular-nums">
            {formatMoney(creditsMoney(credits.balance, credits.currency))}
          </p>
          {credits.reserved > 0 && (
            <p className="text-slate-500 text-xs">
              {formatMoney(creditsMoney(credits.reserved, credits.currency))} would go to ticket your other
              held bookings.
            </p>
          )}
          {balanceCovers(credits, total) ? (
            <p className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 ring-1 ring-emerald-200">
              Covers the {formatMoney(total)} of this booking.
            </p>
          ) : (
            <div className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
              <p>
                Short by{' '}
                <strong className="tabular-nums">
                  {formatMoney(creditsMoney(Math.max(0, total.Amount - credits.balance), total.CurrencyCode))}
                </strong>{' '}
                to ticket. You can still hold the seats now and issue once credits are added.
              </p>
              <Link
                to={paths.dashboard.createTransaction}
                className="mt-1 inline-block font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
              >
                Add credits
              </Link>
            </div>
          )}
        </div>
      ) : (
        <p className="text-slate-600 text-sm">The balance could not be loaded.</p>
      )}
    </Card>
  );
}
