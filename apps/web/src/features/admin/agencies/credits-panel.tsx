import type { AdminCredits, CreditLimitChange } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowRight, Banknote, FileSpreadsheet, Gauge } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { adminAgencyDepositsPath, adminAgencyStatementPath } from '../../../shared/routing/admin-paths';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { adminPaymentsApi } from '../admin-payments-api';
import { CreditLimitDialog } from './credit-limit-dialog';

type CreditsPanelProps = { companyId: string; companyName: string; className?: string };

/**
 * An agency's money as operators judge it, each figure named (issue 12: "wallet vs credit limit"
 * confusion): the balance, the credit limit, what it may spend, the deposits waiting on the desk
 * (linked, filtered to the agency), the limit — set with a reason — and its history.
 */
export function CreditsPanel({ companyId, companyName, className }: CreditsPanelProps) {
  const params = { id: companyId };
  const { currentData: credits, isError, refetch } = adminPaymentsApi.useCompanyCreditsQuery({ params });
  // One line of the desk's pending list: its total is the count.
  const { currentData: pending } = adminPaymentsApi.useDepositsQuery({
    query: { status: 'pending', company_id: companyId, limit: 1 },
  });
  const [settingLimit, setSettingLimit] = useState(false);

  return (
    <Card
      title="Credits"
      className={className}
      aside={
        <Link
          to={adminAgencyStatementPath(companyId)}
          className="inline-flex items-center gap-1 font-medium text-indigo-700 text-sm hover:underline"
        >
          <FileSpreadsheet aria-hidden="true" className="size-4" /> Statement
        </Link>
      }
    >
      {isError ? (
        <LoadFailed title="The credits could not be loaded" onRetry={() => void refetch()} />
      ) : !credits ? (
        <div role="status" aria-label="Loading the credits" className="space-y-2">
          <div className="h-24 animate-pulse rounded-xl bg-slate-200/70" />
          <div className="h-10 animate-pulse rounded-xl bg-slate-200/70" />
        </div>
      ) : (
        <>
          <Figures credits={credits} />
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-stretch">
            <PendingDeposits
              companyId={companyId}
              amount={credits.pending_deposits}
              currency={credits.currency}
              count={pending?.total}
            />
            <Button variant="secondary" className="shrink-0" onClick={() => setSettingLimit(true)}>
              <Gauge aria-hidden="true" className="size-4" />
              Set credit limit
            </Button>
          </div>
          <LimitHistory history={credits.history} currency={credits.currency} />
          <CreditLimitDialog
            open={settingLimit}
            onOpenChange={setSettingLimit}
            companyId={companyId}
            companyName={companyName}
            credits={credits}
          />
        </>
      )}
    </Card>
  );
}

/** One named figure: label and hint beside the amount on phones, above and below it when wider. */
function Figure({
  label,
  hint,
  strong,
  children,
}: {
  label: string;
  hint: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={clsx(
        'grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 px-3 py-2 sm:grid-cols-1 sm:py-3',
        strong && 'bg-indigo-50/60',
      )}
    >
      <dt
        className={clsx(
          'col-start-1 row-start-1 text-sm',
          strong ? 'font-semibold text-indigo-950' : 'text-slate-700',
        )}
      >
        {label}
      </dt>
      <dd
        className={clsx(
          'col-start-2 row-span-2 row-start-1 self-center text-right tabular-nums sm:col-start-1 sm:row-span-1 sm:row-start-2 sm:text-left',
          strong ? 'font-semibold text-indigo-950 text-lg' : 'font-medium text-lg text-slate-900',
        )}
      >
        {children}
      </dd>
      <dd className="col-start-1 row-start-2 text-slate-500 text-xs sm:row-start-3">{hint}</dd>
    </div>
  );
}

function Figures({ credits }: { credits: AdminCredits }) {
  const money = (amount: number) => formatMoney({ Amount: amount, CurrencyCode: credits.currency });
  return (
    <dl className="grid divide-y divide-slate-100 overflow-hidden rounded-xl ring-1 ring-slate-200 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
      <Figure label="Balance" hint="The ledger's sum">
        <span className={clsx(credits.balance < 0 && 'text-rose-700')}>{money(credits.balance)}</span>
      </Figure>
      <Figure label="Credit limit" hint="How far below zero it may go">
        {money(credits.credit_limit)}
      </Figure>
      <Figure label="Available" hint="Balance + credit limit: what it may spend" strong>
        {money(credits.available)}
      </Figure>
    </dl>
  );
}

function PendingDeposits({
  companyId,
  amount,
  currency,
  count,
}: {
  companyId: string;
  amount: number;
  currency: string;
  count: number | undefined;
}) {
  const waiting = count ?? (amount > 0 ? undefined : 0);
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200">
      <span className="flex items-center gap-2 text-slate-700">
        <Banknote aria-hidden="true" className="size-4 text-slate-400" />
        <span>
          Pending deposits{' '}
          <span className="font-medium text-slate-900 tabular-nums">
            {formatMoney({ Amount: amount, CurrencyCode: currency })}
          </span>
        </span>
      </span>
      {waiting === 0 ? (
        <span className="text-slate-500 text-xs">none waiting</span>
      ) : (
        <Link
          to={adminAgencyDepositsPath(companyId)}
          className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline"
        >
          {waiting === undefined ? 'On the desk' : `${waiting} waiting`}
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      )}
    </div>
  );
}

function LimitHistory({ history, currency }: { history: CreditLimitChange[]; currency: string }) {
  const money = (amount: number) => formatMoney({ Amount: amount, CurrencyCode: currency });
  return (
    <section aria-labelledby="limit-history" className="mt-4 border-slate-100 border-t pt-3">
      <h3 id="limit-history" className="font-medium text-slate-900 text-sm">
        Credit limit history
      </h3>
      {history.length === 0 ? (
        <p className="mt-1 text-slate-600 text-sm">No limit has been set.</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {history.map((change) => (
            <li key={change.id} className="text-sm">
              <p className="font-medium text-slate-900 tabular-nums">
                {money(change.from)} → {money(change.to)}
              </p>
              <p className="text-slate-500 text-xs">
                {change.operator.name} ·{' '}
                <time dateTime={change.created_at}>{formatInstant(change.created_at)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-slate-50 px-3 py-1.5 text-slate-700 ring-1 ring-slate-200">
                {change.reason}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
