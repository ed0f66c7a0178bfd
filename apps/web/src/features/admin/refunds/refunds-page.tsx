import {
  type AdminRefund,
  MAX_PAGE,
  REFUND_REQUEST_STATUSES,
  type RefundRequestStatus,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { Undo2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { adminRefundPath } from '../../../shared/routing/admin-paths';
import { Badge } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Pager } from '../../../shared/ui/pager';
import { adminApi } from '../admin-api';
import { formatWaiting } from '../admin-format';
import { REFUND_STATUS } from '../admin-labels';
import { ListSkeleton } from '../components/list-states';

const PAGE_SIZE = 20;

const isStatus = (value: string | null): value is RefundRequestStatus =>
  (REFUND_REQUEST_STATUSES as readonly string[]).includes(value ?? '');

/** /admin/refunds: the agencies' refund requests, the pending ones oldest first, then decided ones. */
export function RefundsPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : 'pending';
  const page = Math.min(MAX_PAGE, Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0));
  const companyId = params.get('company') ?? undefined;
  const { currentData, isError, refetch } = adminApi.useRefundsQuery({
    query: { status, page, limit: PAGE_SIZE, ...(companyId ? { company_id: companyId } : {}) },
  });

  const go = (next: { status?: RefundRequestStatus; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus !== 'pending') search.set('status', nextStatus);
    if (next.page) search.set('page', String(next.page));
    if (companyId) search.set('company', companyId);
    setParams(search);
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <fieldset className="flex min-w-0 gap-1 overflow-x-auto rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
        <legend className="sr-only">Refund state</legend>
        {REFUND_REQUEST_STATUSES.map((value) => (
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
            {REFUND_STATUS[value].label}
          </button>
        ))}
      </fieldset>

      {isError ? (
        <LoadFailed title="The refund requests could not be loaded" onRetry={() => void refetch()} />
      ) : !currentData ? (
        <ListSkeleton label="Loading refund requests" />
      ) : currentData.refunds.length === 0 ? (
        <EmptyState icon={Undo2} title={status === 'pending' ? 'No refund waits' : 'No refund requests here'}>
          {status === 'pending'
            ? 'Refunds agencies request appear here, oldest first, until an operator decides them.'
            : `No refund request has been ${REFUND_STATUS[status].label.toLowerCase()} yet.`}
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {currentData.refunds.map((refund) => (
              <RefundRow key={refund.id} refund={refund} />
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={currentData.totalPages}
            total={currentData.total}
            noun={currentData.total === 1 ? 'refund request' : 'refund requests'}
            onPage={(next) => go({ page: next })}
          />
        </>
      )}
    </div>
  );
}

function RefundRow({ refund }: { refund: AdminRefund }) {
  const { label, tone } = REFUND_STATUS[refund.status];
  return (
    <li>
      <Link
        to={adminRefundPath(refund.id)}
        aria-label={`Refund ${refund.order_no} for ${refund.company.name}, booking ${refund.booking.pnr}`}
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 sm:grid-cols-[1.4fr_1fr_1fr_auto] sm:items-center sm:px-5"
      >
        <span className="min-w-0">
          <span className="block break-words font-semibold text-slate-900">{refund.company.name}</span>
          <span className="block text-slate-500 text-xs">
            <span className="font-mono">{refund.order_no}</span> · PNR{' '}
            <span className="font-mono font-semibold tracking-wider">{refund.booking.pnr}</span>
          </span>
        </span>
        <span className="text-right sm:order-last">
          <span className="block font-semibold text-slate-900 tabular-nums">
            {formatMoney(refund.status === 'pending' ? refund.allowed : refund.amount)}
          </span>
          <span className="block text-slate-500 text-xs">
            {refund.status === 'pending' ? 'the rules allow' : 'credited'}
          </span>
        </span>
        <span className="text-slate-600 text-sm">
          {refund.tickets.length} {refund.tickets.length === 1 ? 'ticket' : 'tickets'} ·{' '}
          {refund.phase === 'void' ? 'void' : 'refund'}
        </span>
        <span className="flex flex-wrap items-center gap-2 text-slate-600 text-sm">
          <Badge tone={tone}>{label}</Badge>
          <time dateTime={refund.requested_at} title={formatInstant(refund.requested_at)}>
            {refund.status === 'pending'
              ? `waiting ${formatWaiting(refund.requested_at)}`
              : formatInstant(refund.decided_at ?? refund.requested_at)}
          </time>
        </span>
      </Link>
    </li>
  );
}
