import { type AdminDeposit, MAX_PAGE, TRANSACTION_STATUSES, type TransactionStatus } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Banknote, X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatDayWithYear, formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { adminDepositPath, adminPaths } from '../../../shared/routing/admin-paths';
import { Badge } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Pager } from '../../../shared/ui/pager';
import { formatWaiting, waitedLong } from '../admin-format';
import { DEPOSIT_STATUS } from '../admin-labels';
import { adminPaymentsApi } from '../admin-payments-api';
import { ListSkeleton } from '../components/list-states';

const PAGE_SIZE = 20;

const isStatus = (value: string | null): value is TransactionStatus =>
  (TRANSACTION_STATUSES as readonly string[]).includes(value ?? '');

/**
 * /admin/deposits: the deposit desk. Deposits agencies recorded wait on Pending, oldest first;
 * decided ones are on their tabs, newest first. `?company=` keeps to one agency (its page links
 * here); the state, the page and the agency are all in the address.
 */
export function DepositsPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : 'pending';
  const page = Math.min(MAX_PAGE, Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0));
  const companyId = params.get('company') ?? undefined;
  const { currentData, isError, refetch } = adminPaymentsApi.useDepositsQuery({
    query: { status, page, limit: PAGE_SIZE, ...(companyId ? { company_id: companyId } : {}) },
  });

  const go = (next: { status?: TransactionStatus; page?: number; company?: string | null }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus !== 'pending') search.set('status', nextStatus);
    if (next.page) search.set('page', String(next.page));
    const nextCompany = next.company === null ? undefined : companyId;
    if (nextCompany) search.set('company', nextCompany);
    setParams(search);
  };

  const companyName = currentData?.deposits[0]?.company.name;
  const label = DEPOSIT_STATUS[status].label.toLowerCase();

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
        <fieldset className="flex min-w-0 flex-wrap gap-1">
          <legend className="sr-only">Deposit state</legend>
          {TRANSACTION_STATUSES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => go({ status: value })}
              className={clsx(
                'shrink-0 rounded-full px-3 py-1.5 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
                status === value
                  ? 'bg-indigo-600 text-white'
                  : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
              )}
            >
              {DEPOSIT_STATUS[value].label}
            </button>
          ))}
        </fieldset>
        {companyId && (
          <p className="flex min-w-0 items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-indigo-900 text-sm ring-1 ring-indigo-100 sm:ml-auto">
            <span className="min-w-0 truncate">Only {companyName ?? 'one agency'}</span>
            <button
              type="button"
              onClick={() => go({ company: null, page: 0 })}
              aria-label="Show every agency's deposits"
              title="Show every agency's deposits"
              className="rounded-full p-1 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </p>
        )}
      </div>

      {isError ? (
        <LoadFailed title="The deposits could not be loaded" onRetry={() => void refetch()} />
      ) : !currentData ? (
        <ListSkeleton label="Loading deposits" />
      ) : currentData.deposits.length === 0 ? (
        <EmptyState
          icon={Banknote}
          title={status === 'pending' ? 'No deposit waits' : 'No deposits here'}
          actions={
            companyId ? (
              <Link to={adminPaths.deposits} className="font-medium text-indigo-700 text-sm hover:underline">
                Every agency's deposits
              </Link>
            ) : undefined
          }
        >
          {status === 'pending'
            ? `Deposits ${companyId ? 'this agency records' : 'agencies record'} appear here, oldest first, until an operator approves or rejects them.`
            : `No deposit${companyId ? ' of this agency' : ''} has been ${label} yet.`}
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label={`${DEPOSIT_STATUS[status].label} deposits`}
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {currentData.deposits.map((deposit) => (
              <DepositRow key={deposit.id} deposit={deposit} />
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={currentData.totalPages}
            total={currentData.total}
            noun={`${label} ${currentData.total === 1 ? 'deposit' : 'deposits'}`}
            onPage={(next) => go({ page: next })}
          />
        </>
      )}
    </div>
  );
}

/** One deposit: who and how much first, then the bank, its reference and day, then how long it waits. */
function DepositRow({ deposit }: { deposit: AdminDeposit }) {
  const { label, tone } = DEPOSIT_STATUS[deposit.status];
  const amount = formatMoney({ Amount: deposit.amount, CurrencyCode: deposit.currency });
  const pending = deposit.status === 'pending';
  return (
    <li>
      <Link
        to={adminDepositPath(deposit.id)}
        aria-label={`Deposit of ${amount} by ${deposit.company.name}, reference ${deposit.reference_no}`}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] sm:items-center sm:px-5"
      >
        <span className="min-w-0">
          <span className="block break-words font-semibold text-slate-900">{deposit.company.name}</span>
          <span className="block text-slate-500 text-xs">
            Ref <span className="break-all font-mono text-slate-700">{deposit.reference_no}</span>
          </span>
        </span>
        <span className="text-right sm:order-last">
          <span className="block font-semibold text-slate-900 tabular-nums">{amount}</span>
          <span className="block text-slate-500 text-xs">paid {formatDayWithYear(deposit.deposit_date)}</span>
        </span>
        <span className="col-span-2 min-w-0 text-slate-600 text-sm sm:col-span-1">
          <span className="block truncate">{deposit.bank.bank}</span>
          <span className="block truncate font-mono text-slate-500 text-xs">
            {deposit.bank.account_number}
          </span>
        </span>
        <span className="col-span-2 flex flex-wrap items-center gap-2 text-slate-600 text-sm sm:col-span-1">
          <Badge tone={tone}>{label}</Badge>
          {pending ? (
            <time
              dateTime={deposit.created_at}
              title={`Recorded ${formatInstant(deposit.created_at)}`}
              className={clsx(waitedLong(deposit.created_at) && 'font-medium text-amber-800')}
            >
              waiting {formatWaiting(deposit.created_at)}
            </time>
          ) : (
            <time dateTime={deposit.decided_at ?? deposit.created_at}>
              {formatInstant(deposit.decided_at ?? deposit.created_at)}
            </time>
          )}
        </span>
      </Link>
    </li>
  );
}
