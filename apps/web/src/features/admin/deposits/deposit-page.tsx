import type { AdminDeposit } from '@skydesk/contract';
import { Banknote } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDayWithYear, formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { adminAgencyPath, adminPaths } from '../../../shared/routing/admin-paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Card } from '../../../shared/ui/card';
import { formatWaiting } from '../admin-format';
import { DEPOSIT_STATUS } from '../admin-labels';
import { adminPaymentsApi } from '../admin-payments-api';
import { DecidedCard } from '../desk/decision-panel';
import { DeskDetail, DeskFigure, DeskSummary } from '../desk/desk-detail';
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
  const answer = adminPaymentsApi.useDepositQuery({ params: { id } });
  const [decidedElsewhere, setDecidedElsewhere] = useState(false);

  return (
    <DeskDetail
      answer={answer}
      queue={{ to: adminPaths.deposits, label: 'Deposit desk' }}
      noun="deposit"
      icon={Banknote}
      notFound="No deposit has this address."
    >
      {(deposit) => {
        const money = (amount: number) => formatMoney({ Amount: amount, CurrencyCode: deposit.currency });
        const { label, tone } = DEPOSIT_STATUS[deposit.status];
        return (
          <>
            <DeskSummary
              titleId="deposit-title"
              title={
                <>
                  Deposit by{' '}
                  <Link to={adminAgencyPath(deposit.company.id)} className="text-indigo-700 hover:underline">
                    {deposit.company.name}
                  </Link>
                </>
              }
              status={
                <>
                  <Badge tone={tone} dot>
                    {label}
                  </Badge>
                  <span>
                    {deposit.status === 'pending'
                      ? `Waiting ${formatWaiting(deposit.created_at)}`
                      : `Recorded ${formatInstant(deposit.created_at)}`}
                  </span>
                </>
              }
              aside={<DeskFigure label="Amount deposited">{money(deposit.amount)}</DeskFigure>}
            />

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
                        void answer.refetch();
                      }}
                    />
                  ) : (
                    <DecidedCard
                      outcome={
                        deposit.status === 'approved'
                          ? `Approved: ${money(deposit.amount)} credited`
                          : 'Rejected: nothing credited'
                      }
                      by={deposit.decided_by}
                      at={deposit.decided_at}
                      reason={deposit.rejection_reason}
                      reasonLabel="The reason the agency was given"
                    />
                  )}
                </div>
              </div>
              <div className="order-2 min-w-0 lg:order-none">
                <DepositReceipt deposit={deposit} />
              </div>
            </div>
          </>
        );
      }}
    </DeskDetail>
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
