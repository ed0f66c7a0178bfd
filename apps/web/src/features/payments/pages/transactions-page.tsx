import {
  CalendarDate,
  FALLBACK,
  TRANSACTION_STATUSES,
  type Transaction,
  type TransactionListQuery,
  TransactionStatus,
} from '@skydesk/contract';
import { ChevronLeft, ChevronRight, FileText, Landmark, Plus, RotateCcw } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CreditsFigures } from '../../../entities/credits/credits-figures';
import { useCredits } from '../../../entities/credits/use-credits';
import { useCan } from '../../../shared/access/dashboard-access';
import { formatCredits } from '../../../shared/format/credits';
import { formatDayWithYear, formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SelectField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { DayRangeFields, FilterActions } from '../../../shared/ui/list-filters';
import { ReceiptDialog, type ReceiptToShow } from '../components/receipt-dialog';
import { TRANSACTION_STATUS_LABELS, TransactionStatusBadge } from '../components/transaction-status-badge';
import { paymentsApi } from '../payments-api';

/**
 * Deposits per page. docs/product-spec.md §9's default asks for 10,000,000 rows at once; the screen asks for a
 * page at a time instead (the contract's page/limit), so a long history never loads whole.
 */
export const TRANSACTIONS_PAGE_SIZE = 25;

type Filters = { status: string; from: string; to: string };

const isDay = (value: string): boolean => CalendarDate().safeParse(value).success;

/** The filters and the page live in the address: a filtered list can be reloaded, shared and gone back to. */
const DEPOSIT_FILTERS = {
  status: listParam.text({ valid: (value) => TransactionStatus.safeParse(value).success }),
  from: listParam.text({ valid: isDay }),
  to: listParam.text({ valid: isDay }),
};

/** An end before the start is read as no end. */
const inOrder = (filters: Filters): Filters =>
  filters.from && filters.to && filters.to < filters.from ? { ...filters, to: '' } : filters;

/**
 * /dashboard/transactions (docs/product-spec.md §2): every deposit the agency recorded — when, into which bank,
 * its reference and amount, where it stands, its receipt and, when refused, why — filtered by
 * status and deposit dates, a page at a time.
 */
export function TransactionsPage() {
  const canView = useCan('payments.view');
  const canCreate = useCan('payments.create');
  if (!canView) return <ForbiddenScreen permission="payments.view" />;
  return <Transactions canCreate={canCreate} />;
}

function Transactions({ canCreate }: { canCreate: boolean }) {
  const [params, setParams] = useSearchParams();
  const list = useListParams(DEPOSIT_FILTERS);
  const applied = inOrder(list.filters);
  const [draft, setDraft] = useState<Filters>(applied);
  const [rangeError, setRangeError] = useState<string | null>(null);
  // A receipt opened from a link (the statement) stays open across filters, until closed.
  const receiptId = params.get('receipt');
  const [receipt, setReceipt] = useState<ReceiptToShow | null>(null);
  const { credits } = useCredits();
  const key = JSON.stringify(applied);

  // The form follows the address when it changes from outside (back, a shared link).
  useEffect(() => {
    setDraft(JSON.parse(key) as Filters);
    setRangeError(null);
  }, [key]);

  const { status, from, to } = applied;
  const { page } = list;
  const query: TransactionListQuery = {
    ...(status ? { status: status as TransactionStatus } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    page,
    limit: TRANSACTIONS_PAGE_SIZE,
  };
  // currentData: another page's or filter's deposits are not shown while these come.
  const { currentData: transactions, error, refetch } = paymentsApi.useTransactionsQuery({ query });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.to < draft.from) {
      setRangeError('The end is before the start');
      return;
    }
    setRangeError(null);
    list.setFilters(draft);
  };
  const reset = list.reset;
  const goTo = list.setPage;
  const closeReceipt = () => {
    setReceipt(null);
    if (receiptId) {
      const next = new URLSearchParams(params);
      next.delete('receipt');
      setParams(next, { replace: true });
    }
  };
  const filtered = Boolean(status || from || to);
  const shownReceipt = receipt ?? (receiptId ? { id: receiptId } : null);

  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="payments.view" />;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between sm:p-5">
        {credits ? (
          <CreditsFigures credits={credits} />
        ) : (
          <p className="text-slate-600 text-sm">
            Deposits you record are added to your credits once approved.
          </p>
        )}
        {canCreate && (
          <Link to={paths.dashboard.createTransaction} className={buttonClasses('primary', 'shrink-0')}>
            <Plus aria-hidden="true" className="size-4" /> Record a deposit
          </Link>
        )}
      </div>

      <search aria-label="Filter deposits">
        <form
          onSubmit={apply}
          noValidate
          className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:p-5 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start"
        >
          <SelectField
            label="Status"
            className="col-span-2 sm:col-span-1"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">All statuses</option>
            {TRANSACTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {TRANSACTION_STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <DayRangeFields
            fromLabel="Deposited from"
            toLabel="Deposited to"
            range={draft}
            error={rangeError}
            onChange={(range) => setDraft({ ...draft, ...range })}
          />
          <FilterActions
            filtered={filtered}
            onReset={reset}
            className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-1 lg:pt-6.5"
          />
        </form>
      </search>

      {error ? (
        <Alert tone="error" title={FALLBACK.fetchTransactions}>
          <Button variant="secondary" className="mt-2" onClick={() => void refetch()}>
            <RotateCcw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </Alert>
      ) : !transactions ? (
        <div role="status" aria-label="Loading deposits" className="space-y-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : transactions.length === 0 && page === 0 ? (
        <EmptyState
          icon={Landmark}
          title={filtered ? 'No deposit matches these filters' : 'No deposits yet'}
          actions={
            !filtered && canCreate ? (
              <Link to={paths.dashboard.createTransaction} className={buttonClasses('primary')}>
                <Plus aria-hidden="true" className="size-4" /> Record a deposit
              </Link>
            ) : undefined
          }
        >
          {filtered
            ? 'Try other dates or another status.'
            : 'Pay into one of the SkyDesk bank accounts, then record the deposit with its receipt: it is added to your credits once approved.'}
        </EmptyState>
      ) : (
        <section aria-label="Deposits">
          {transactions.length > 0 ? (
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {transactions.map((transaction) => (
                <TransactionRow
                  key={transaction.id}
                  transaction={transaction}
                  onReceipt={() =>
                    setReceipt({
                      id: transaction.id,
                      fileName: transaction.receipt_file_name,
                      reference: transaction.reference_no,
                    })
                  }
                />
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-600 text-sm">
              No more deposits.
            </p>
          )}
          {/* One short first page is the whole list: no paging to offer. */}
          {(page > 0 || transactions.length === TRANSACTIONS_PAGE_SIZE) && (
            <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-3">
              <Button variant="secondary" disabled={page === 0} onClick={() => goTo(page - 1)}>
                <ChevronLeft aria-hidden="true" className="size-4" /> Previous
              </Button>
              <span className="text-slate-600 text-sm">Page {page + 1}</span>
              <Button
                variant="secondary"
                // The list has no total: a full page means there may be more.
                disabled={transactions.length < TRANSACTIONS_PAGE_SIZE}
                onClick={() => goTo(page + 1)}
              >
                Next <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          )}
        </section>
      )}
      <ReceiptDialog receipt={shownReceipt} onClose={closeReceipt} />
    </div>
  );
}

/** One deposit: amount and status first, then where and when it was paid, its reference and receipt. */
function TransactionRow({ transaction, onReceipt }: { transaction: Transaction; onReceipt: () => void }) {
  return (
    <li aria-label={`Deposit ${transaction.reference_no}`} className="p-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-0.5">
          <p className="font-semibold text-lg text-slate-900 tabular-nums">
            {formatCredits(transaction.amount, transaction.currency)}
          </p>
          <p className="text-slate-700 text-sm">
            {transaction.bank.bank} · deposited {formatDayWithYear(transaction.deposit_date)}
          </p>
          <p className="break-all text-slate-600 text-sm">
            Reference <span className="font-medium font-mono text-slate-900">{transaction.reference_no}</span>
          </p>
        </div>
        <div className="flex items-center gap-2 sm:flex-col sm:items-end">
          <TransactionStatusBadge status={transaction.status} />
          <Button variant="ghost" className="min-h-9 px-2.5" onClick={onReceipt}>
            <FileText aria-hidden="true" className="size-4" /> Receipt
            <span className="sr-only"> of {transaction.reference_no}</span>
          </Button>
        </div>
      </div>
      {transaction.status === 'rejected' && (
        <p className="mt-2 rounded-lg bg-rose-50 px-3 py-2 text-rose-900 text-sm ring-1 ring-rose-200">
          <span className="font-medium">Why it was rejected:</span>{' '}
          {transaction.rejection_reason ?? 'No reason was given.'}
        </p>
      )}
      {transaction.note && (
        <p className="mt-2 break-words text-slate-600 text-sm">
          <span className="text-slate-500">Your note:</span> {transaction.note}
        </p>
      )}
      <p className="mt-1 text-slate-500 text-xs">
        Recorded {formatInstant(transaction.created_at)}
        {transaction.created_by && <> by {transaction.created_by.name}</>}
        {transaction.decided_at && (
          <>
            {' · '}
            {transaction.status === 'approved' ? 'approved' : 'decided'}{' '}
            {formatInstant(transaction.decided_at)}
          </>
        )}
      </p>
    </li>
  );
}
