import { type AdminDeposit, TRANSACTION_STATUSES } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Banknote, X } from 'lucide-react';
import { Link } from 'react-router';
import { formatDayWithYear, formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { adminDepositPath, adminPaths } from '../../../shared/routing/admin-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { EmptyState } from '../../../shared/ui/empty-state';
import { formatWaiting, waitedLong } from '../admin-format';
import { DEPOSIT_STATUS } from '../admin-labels';
import { adminPaymentsApi } from '../admin-payments-api';
import { StatusTabs } from '../components/status-tabs';
import { DeskQueue } from '../desk/desk-queue';
import { QueueRow } from '../desk/queue-row';

const PAGE_SIZE = 20;

const DEPOSIT_QUEUE = {
  status: listParam.oneOf(TRANSACTION_STATUSES, 'pending'),
  company: listParam.text(),
};

const TABS = TRANSACTION_STATUSES.map((value) => ({ value, label: DEPOSIT_STATUS[value].label }));

/**
 * /admin/deposits: the deposit desk. Deposits agencies recorded wait on Pending, oldest first;
 * decided ones are on their tabs, newest first. `?company=` keeps to one agency (its page links
 * here); the state, the page and the agency are all in the address.
 */
export function DepositsPage() {
  const { filters, page, setFilters, setPage } = useListParams(DEPOSIT_QUEUE);
  const { status, company: companyId } = filters;
  const answer = adminPaymentsApi.useDepositsQuery({
    query: { status, page, limit: PAGE_SIZE, ...(companyId ? { company_id: companyId } : {}) },
  });
  const companyName = answer.currentData?.deposits[0]?.company.name;
  const label = DEPOSIT_STATUS[status].label.toLowerCase();

  return (
    <DeskQueue
      toolbar={
        <>
          <StatusTabs
            legend="Deposit state"
            tabs={TABS}
            current={status}
            onChange={(next) => setFilters({ status: next })}
          />
          {companyId && (
            <p className="flex min-w-0 items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-indigo-900 text-sm ring-1 ring-indigo-100 sm:ml-auto">
              <span className="min-w-0 truncate">Only {companyName ?? 'one agency'}</span>
              <button
                type="button"
                onClick={() => setFilters({ company: '' })}
                aria-label="Show every agency's deposits"
                title="Show every agency's deposits"
                className="rounded-full p-1 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </p>
          )}
        </>
      }
      answer={answer}
      items={(found) => found.deposits}
      noun="deposits"
      empty={
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
      }
      pager={{ page, onPage: setPage, noun: (total) => `${label} ${total === 1 ? 'deposit' : 'deposits'}` }}
    >
      {(deposits) => (
        <ul
          aria-label={`${DEPOSIT_STATUS[status].label} deposits`}
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {deposits.map((deposit) => (
            <DepositRow key={deposit.id} deposit={deposit} />
          ))}
        </ul>
      )}
    </DeskQueue>
  );
}

/** One deposit: who and how much first, then the bank, its reference and day, then how long it waits. */
function DepositRow({ deposit }: { deposit: AdminDeposit }) {
  const amount = formatMoney({ Amount: deposit.amount, CurrencyCode: deposit.currency });
  return (
    <QueueRow
      to={adminDepositPath(deposit.id)}
      label={`Deposit of ${amount} by ${deposit.company.name}, reference ${deposit.reference_no}`}
      who={deposit.company.name}
      reference={
        <>
          Ref <span className="break-all font-mono text-slate-700">{deposit.reference_no}</span>
        </>
      }
      amount={amount}
      amountNote={`paid ${formatDayWithYear(deposit.deposit_date)}`}
      about={
        <>
          <span className="block truncate">{deposit.bank.bank}</span>
          <span className="block truncate font-mono text-slate-500 text-xs">
            {deposit.bank.account_number}
          </span>
        </>
      }
      status={DEPOSIT_STATUS[deposit.status]}
      when={
        deposit.status === 'pending' ? (
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
        )
      }
    />
  );
}
