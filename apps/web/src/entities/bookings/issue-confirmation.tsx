import type { Booking } from '@skydesk/contract';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMayOpen } from '../../shared/access/dashboard-access';
import { formatCredits } from '../../shared/format/credits';
import { formatMoney } from '../../shared/format/money';
import { isApiFailure } from '../../shared/http/api-error';
import { useIdempotentMutation } from '../../shared/http/use-idempotent-mutation';
import { paths } from '../../shared/routing/paths';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { StatementLink } from '../credits/credits-figures';
import { availableCovers, type CreditsState } from '../credits/use-credits';
import {
  checkSale,
  IssueSaleFields,
  type SaleErrors,
  saleBodyOf,
  saleDraftOf,
} from '../pricing/issue-sale-fields';
import { pricingApi } from '../pricing/pricing-api';
import { sharedBookingsApi } from './bookings-api';

type IssueConfirmationProps = {
  booking: Booking;
  credits: CreditsState;
  onIssued: (booking: Booking) => void;
  onClose: () => void;
};

/** What issuing lacks: the total less what is available, in cents, never below zero. */
const shortBy = (total: number, available: number): number =>
  Math.max(0, Math.round((total - available) * 100) / 100);

/**
 * Issuing a held booking (docs/api.md `POST /api/booking-issue`): says what will be debited against
 * what may be spent before the agent confirms; a 402 'Insufficient credits' explains the shortfall
 * and where to add credits. The booking details screen shows it as a panel, the dashboard's home
 * in a dialog: one confirmation, one call, the same messages.
 */
export function IssueConfirmation({ booking, credits, onIssued, onClose }: IssueConfirmationProps) {
  const issueBooking = useIdempotentMutation(sharedBookingsApi.useIssueBookingMutation);
  const canDeposit = useMayOpen(paths.dashboard.createTransaction);
  const [busy, setBusy] = useState(false);
  const [short, setShort] = useState(false);
  const { credits: balance } = credits;
  // Issue 33: the client's price, fees by hand and whom the invoice is for, sent with the PNR.
  const [sale, setSale] = useState(() => saleDraftOf(booking));
  const [saleErrors, setSaleErrors] = useState<SaleErrors>({});
  const settings = pricingApi.usePricingSettingsQuery().data;

  const issue = async () => {
    const found = checkSale(sale, booking, settings);
    setSaleErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setShort(false);
    try {
      onIssued(await issueBooking({ body: { pnr: booking.pnr, ...saleBodyOf(sale, booking) } }));
    } catch (error) {
      // The credits are asked again (the 402 invalidates them): the shortfall is said against them.
      if (isApiFailure(error) && error.status === 402) setShort(true);
      // A 422 on the override, a fee or the client lands on its field (the contract's paths).
      if (isApiFailure(error) && error.status === 422)
        setSaleErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).flatMap(([path, messages]) =>
              messages?.[0] ? [[path, messages[0]]] : [],
            ),
          ),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
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
            {availableCovers(balance, booking.total) ? '.' : ': not enough.'}
          </>
        )}
      </p>
      <StatementLink className="mt-1" />
      <IssueSaleFields
        booking={booking}
        draft={sale}
        errors={saleErrors}
        onChange={(next) => {
          setSale(next);
          setSaleErrors({});
        }}
      />
      {short && (
        <Alert tone="error" title="Insufficient credits" className="mt-3" assertive>
          <p>
            Issuing needs {formatMoney(booking.total)}
            {balance && (
              <>
                {' '}
                and you have {formatCredits(balance.available, balance.currency)} available: add at least{' '}
                <strong>
                  {formatMoney({
                    Amount: shortBy(booking.total.Amount, balance.available),
                    CurrencyCode: booking.total.CurrencyCode,
                  })}
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
    </>
  );
}
