import type { AdminDeposit } from '@skydesk/contract';
import { ArrowLeft, Banknote } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDayWithYear, formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { adminAgencyPath, adminPaths } from '../../../shared/routing/admin-paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { formatWaiting } from '../admin-format';
import { DEPOSIT_STATUS } from '../admin-labels';
import { adminPaymentsApi } from '../admin-payments-api';
import { ListSkeleton } from '../components/list-states';
import { DepositDecision } from './deposit-decision';
import { DepositReceipt } from './deposit-receipt';

/** What the page says when another operator decided the deposit between its load and this one's click. */
export const DECIDED_ELSEWHERE = 'Another operator decided this deposit first. It is shown as it is now.';

/**
 * /admin/deposits/:id: one deposit — amount, reference, the bank account, the day paid, who
 * recorded it and the agency's balance now — with its receipt in the page beside them, and the
 * decision: approve (credits the balance) or reject with a reason the agency is shown.
 */
export function DepositPage() {
  const { id = '' } = useParams();
  // Another deposit opened from this one starts afresh (no earlier race's message).
  return <DepositScreen key={id} id={id} />;
}

function DepositScreen({ id }: { id: string }) {
  const {
    currentData: deposit,
    error,
    isError,
    refetch,
  } = adminPaymentsApi.useDepositQuery({ params: { id } });
  const [decidedElsewhere, setDecidedElsewhere] = useState(false);

  if (isError && isApiFailure(error) && (error.status === 404 || error.status === 422)) {
    return (
      <EmptyState
        icon={Banknote}
        title="Deposit not found"
        actions={
          <Link to={adminPaths.deposits} className={buttonClasses('primary')}>
            Deposit desk
          </Link>
        }
      >
        No deposit has this address.
      </EmptyState>
    );
  }
  if (isError) return <LoadFailed title="The deposit could not be loaded" onRetry={() => void refetch()} />;
  if (!deposit) return <ListSkeleton label="Loading the deposit" rows={3} />;

  const money = (amount: number) => formatMoney({ Amount: amount, CurrencyCode: deposit.currency });
  const { label, tone } = DEPOSIT_STATUS[deposit.status];
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <Link
        to={adminPaths.deposits}
        className="inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Deposit desk
      </Link>

      <section
        aria-labelledby="deposit-title"
        className="flex flex-wrap items-start justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="min-w-0">
          <h2 id="deposit-title" className="font-semibold text-slate-900 text-xl">
            Deposit by{' '}
            <Link to={adminAgencyPath(deposit.company.id)} className="text-indigo-700 hover:underline">
              {deposit.company.name}
            </Link>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600 text-sm">
            <Badge tone={tone} dot>
              {label}
            </Badge>
            <span>
              {deposit.status === 'pending'
                ? `Waiting ${formatWaiting(deposit.created_at)}`
                : `Recorded ${formatInstant(deposit.created_at)}`}
            </span>
          </p>
        </div>
        <div className="rounded-xl bg-indigo-50 px-4 py-2 text-right ring-1 ring-indigo-100">
          <p className="text-indigo-900 text-xs">Amount deposited</p>
          <p className="font-semibold text-indigo-950 text-xl tabular-nums">{money(deposit.amount)}</p>
        </div>
      </section>

      {decidedElsewhere && (
        <Alert tone="warning" assertive title="Decided by someone else">
          {DECIDED_ELSEWHERE}
        </Alert>
      )}

      {/* Wide: the facts and the decision beside the receipt. Phones: facts, receipt, then decision. */}
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-[24rem_minmax(0,1fr)] lg:items-start">
        <div className="contents lg:block lg:min-w-0 lg:space-y-5">
          <DepositFacts deposit={deposit} money={money} className="order-1 lg:order-none" />
          <div className="order-3 min-w-0 lg:order-none">
            {deposit.status === 'pending' ? (
              <DepositDecision
                deposit={deposit}
                onDecidedElsewhere={() => {
                  setDecidedElsewhere(true);
                  void refetch();
                }}
              />
            ) : (
              <DecidedCard deposit={deposit} />
            )}
          </div>
        </div>
        <div className="order-2 min-w-0 lg:order-none">
          <DepositReceipt deposit={deposit} />
        </div>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function DepositFacts({
  deposit,
  money,
  className,
}: {
  deposit: AdminDeposit;
  money: (amount: number) => string;
  className?: string;
}) {
  return (
    <Card title="Details" className={className}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Fact label="Amount">
          <span className="font-semibold tabular-nums">{money(deposit.amount)}</span>
        </Fact>
        <Fact label="Currency">{deposit.currency}</Fact>
        <div className="col-span-2">
          <Fact label="Bank reference">
            <span className="break-all font-medium font-mono">{deposit.reference_no}</span>
          </Fact>
        </div>
        <div className="col-span-2">
          <Fact label="Paid into">
            {deposit.bank.bank} · <span className="font-mono">{deposit.bank.account_number}</span>
          </Fact>
        </div>
        <Fact label="Deposit date">{formatDayWithYear(deposit.deposit_date)}</Fact>
        <Fact label="Recorded by">
          {deposit.created_by?.name ?? 'The agency'}
          <span className="block text-slate-500 text-xs">{formatInstant(deposit.created_at)}</span>
        </Fact>
        <div className="col-span-2">
          <Fact label="Note">
            {deposit.note ? <span className="whitespace-pre-line">{deposit.note}</span> : '—'}
          </Fact>
        </div>
        <div className="col-span-2 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
          <Fact label="Agency's balance now">
            <span className="font-semibold tabular-nums">{money(deposit.company_balance)}</span>
            {deposit.status === 'pending' && (
              <span className="block text-slate-600 text-xs">
                {money(Math.round((deposit.company_balance + deposit.amount) * 100) / 100)} once approved
              </span>
            )}
          </Fact>
        </div>
      </dl>
    </Card>
  );
}

function DecidedCard({ deposit }: { deposit: AdminDeposit }) {
  const approved = deposit.status === 'approved';
  return (
    <Card title="Decision">
      <p className="font-medium text-slate-900">
        {approved
          ? `Approved: ${formatMoney({ Amount: deposit.amount, CurrencyCode: deposit.currency })} credited`
          : 'Rejected: nothing credited'}
      </p>
      <p className="mt-1 text-slate-500 text-xs">
        {deposit.decided_by?.name ?? 'An operator'}
        {deposit.decided_at && ` · ${formatInstant(deposit.decided_at)}`}
      </p>
      {deposit.rejection_reason && (
        <div className="mt-3">
          <p className="text-slate-500 text-xs">The reason the agency was given</p>
          <p className="mt-1 whitespace-pre-line rounded-lg bg-slate-50 px-3 py-2 text-slate-700 text-sm ring-1 ring-slate-200">
            {deposit.rejection_reason}
          </p>
        </div>
      )}
    </Card>
  );
}
