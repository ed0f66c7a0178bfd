import type { Booking } from '@skydesk/contract';
import { Ticket, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatementLink } from '../../../shared/credits/credits-figures';
import type { CreditsState } from '../../../shared/credits/use-credits';
import { formatCredits } from '../../../shared/format/credits';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { useMayOpen } from '../../../shared/routing/dashboard-access';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { bookingsApi } from '../bookings-api';
import { balanceCovers, creditsMoney } from './balance-card';

type IssuePanelProps = {
  booking: Booking;
  credits: CreditsState;
  onIssued: (booking: Booking) => void;
  onClose: () => void;
};

/**
 * Issue: the tickets are paid from the agency's credits (API.md `POST /api/booking-issue`). Says
 * what will be debited against the balance first; a 402 'Insufficient credits' explains the
 * shortfall and where to add credits.
 */
export function IssuePanel({ booking, credits, onIssued, onClose }: IssuePanelProps) {
  const issueBooking = useIdempotentMutation(bookingsApi.useIssueBookingMutation);
  const canDeposit = useMayOpen(paths.dashboard.createTransaction);
  const [busy, setBusy] = useState(false);
  const [short, setShort] = useState(false);
  const { credits: balance } = credits;

  const issue = async () => {
    setBusy(true);
    setShort(false);
    try {
      onIssued(await issueBooking({ body: { pnr: booking.pnr } }));
    } catch (error) {
      // The credits are asked again (the 402 invalidates them): the shortfall is said against them.
      if (isApiFailure(error) && error.status === 402) setShort(true);
    } finally {
      setBusy(false);
    }
  };

  const count = booking.passengers.length;
  return (
    <section
      aria-labelledby="issue-title"
      className="rounded-2xl border border-indigo-200 bg-indigo-50/50 p-4 sm:p-5"
    >
      <h2 id="issue-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Ticket aria-hidden="true" className="size-5 text-indigo-600" /> Issue {count} ticket
        {count > 1 ? 's' : ''}
      </h2>
      <p className="mt-1 text-slate-700 text-sm">
        <strong className="tabular-nums">{formatMoney(booking.total)}</strong> is debited from your credits
        and each passenger gets a ticket number.
        {balance && (
          <>
            {' '}
            Available to spend:{' '}
            <strong className="tabular-nums">{formatCredits(balance.available, balance.currency)}</strong>
            {balance.credit_limit > 0 && (
              <>
                {' '}
                (balance {formatCredits(balance.balance, balance.currency)} + credit limit{' '}
                {formatCredits(balance.credit_limit, balance.currency)})
              </>
            )}
            {balanceCovers(balance, booking.total) ? '.' : ': not enough.'}
          </>
        )}
      </p>
      <StatementLink className="mt-1" />
      {short && (
        <Alert tone="error" title="Insufficient credits" className="mt-3" assertive>
          <p>
            Issuing needs {formatMoney(booking.total)}
            {balance && (
              <>
                {' '}
                and you have {formatCredits(balance.available, balance.currency)} available: add at least{' '}
                <strong>
                  {formatMoney(
                    creditsMoney(
                      Math.max(0, Math.round((booking.total.Amount - balance.available) * 100) / 100),
                      booking.total.CurrencyCode,
                    ),
                  )}
                </strong>
              </>
            )}
            . The seats stay held until the ticketing deadline.
          </p>
          {canDeposit && (
            <Link
              to={paths.dashboard.createTransaction}
              className="mt-1 inline-flex items-center gap-1.5 font-medium text-rose-900 underline underline-offset-2"
            >
              <Wallet aria-hidden="true" className="size-4" /> Add credits
            </Link>
          )}
        </Alert>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button busy={busy} onClick={() => void issue()}>
          Issue for {formatMoney(booking.total)}
        </Button>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Not now
        </Button>
      </div>
    </section>
  );
}
