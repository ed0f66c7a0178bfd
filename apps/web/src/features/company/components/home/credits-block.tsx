import { FALLBACK } from '@skydesk/contract';
import { Plus, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { CreditsFigures } from '../../../../entities/credits/credits-figures';
import { useMayOpen } from '../../../../shared/access/dashboard-access';
import { formatCredits } from '../../../../shared/format/credits';
import { isApiFailure } from '../../../../shared/http/api-error';
import { paths } from '../../../../shared/routing/paths';
import { Alert } from '../../../../shared/ui/alert';
import { buttonClasses } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { LoadFailed } from '../../../../shared/ui/load-failed';
import { homeApi } from '../../home-api';
import { BlockEmpty } from './block-parts';

/**
 * The agency's credits (any signed-in user: whoever books or tickets needs to see what may be
 * spent): available, balance and credit limit, what the live holds would take, and — for a user
 * who records deposits (`payments.create`) — the way to add credits.
 */
export function CreditsBlock() {
  const { currentData: credits, error, isFetching, refetch } = homeApi.useHomeCreditsQuery();
  const canDeposit = useMayOpen(paths.dashboard.createTransaction);
  const addCredits = canDeposit && (
    <Link
      to={paths.dashboard.createTransaction}
      className={buttonClasses('secondary', 'min-h-9 px-3 py-1.5')}
    >
      <Plus aria-hidden="true" className="size-4" /> Add credits
    </Link>
  );
  const nothingYet =
    credits && credits.balance === 0 && credits.credit_limit === 0 && credits.pending_deposits === 0;

  return (
    <Card title="Credits" aside={!nothingYet && addCredits}>
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchCredits}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !credits ? (
        <div role="status" aria-label="Loading your credits" className="space-y-2">
          <div className="h-7 w-1/2 animate-pulse rounded bg-slate-200/70" />
          <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200/70" />
        </div>
      ) : nothingYet ? (
        <BlockEmpty icon={Wallet} title="No credits yet" action={addCredits}>
          {canDeposit
            ? 'Tickets are paid from your credits: record a bank deposit and, once SkyDesk approves it, you can issue.'
            : 'Tickets are paid from your credits. Ask whoever handles payments at your agency to add credits.'}
        </BlockEmpty>
      ) : (
        <div className="space-y-3">
          <CreditsFigures credits={credits} />
          {credits.available < credits.low_balance_threshold && (
            <Alert tone="warning" title="Credits are running low">
              Under {formatCredits(credits.low_balance_threshold, credits.currency)} available: add credits
              before the next tickets are due.
            </Alert>
          )}
          {credits.reserved > 0 && (
            <p className="text-slate-600 text-xs">
              Your held bookings would take {formatCredits(credits.reserved, credits.currency)} to ticket.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
