import type { Credits, Money } from '@skydesk/contract';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { CreditsFigures } from '../../../entities/credits/credits-figures';
import { availableCovers } from '../../../entities/credits/use-credits';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { formatMoney } from '../../../shared/format/money';
import { paths } from '../../../shared/routing/paths';
import { Card } from '../../../shared/ui/card';
import { Spinner } from '../../../shared/ui/spinner';

export const creditsMoney = (amount: number, currency: string): Money => ({
  Amount: amount,
  CurrencyCode: currency,
});

/**
 * Whether the credits pay for `total`: ticketing checks what the agency may spend, balance +
 * credit limit (issue 12), in the agency's one currency.
 */
export const balanceCovers = availableCovers;

type BalanceCardProps = { credits: Credits | null; loading: boolean; total: Money; title?: string };

/**
 * The agency's credits against a total, each figure named (available, balance, credit limit):
 * covered by what is available, or short by how much and how to top up.
 */
export function BalanceCard({ credits, loading, total, title = 'Your credits' }: BalanceCardProps) {
  const canDeposit = useMayOpen(paths.dashboard.createTransaction);
  return (
    <Card title={title} aside={<Wallet aria-hidden="true" className="size-5 text-slate-400" />}>
      {loading && !credits ? (
        <Spinner label="Loading your credits" />
      ) : credits ? (
        <div className="space-y-2 text-sm">
          <CreditsFigures credits={credits} />
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
                  {formatMoney(
                    creditsMoney(
                      Math.max(0, Math.round((total.Amount - credits.available) * 100) / 100),
                      total.CurrencyCode,
                    ),
                  )}
                </strong>{' '}
                of available credits to ticket. You can still hold the seats now and issue once credits are
                added.
              </p>
              {canDeposit && (
                <Link
                  to={paths.dashboard.createTransaction}
                  className="mt-1 inline-block font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
                >
                  Add credits
                </Link>
              )}
            </div>
          )}
        </div>
      ) : (
        <p className="text-slate-600 text-sm">Your credits could not be loaded.</p>
      )}
    </Card>
  );
}
