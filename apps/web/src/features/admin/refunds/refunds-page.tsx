import { type AdminRefund, REFUND_REQUEST_STATUSES } from '@skydesk/contract';
import { Undo2 } from 'lucide-react';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { adminRefundPath } from '../../../shared/routing/admin-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { EmptyState } from '../../../shared/ui/empty-state';
import { adminApi } from '../admin-api';
import { formatWaiting } from '../admin-format';
import { REFUND_STATUS } from '../admin-labels';
import { StatusTabs } from '../components/status-tabs';
import { DeskQueue } from '../desk/desk-queue';
import { QueueRow } from '../desk/queue-row';

const PAGE_SIZE = 20;

const REFUND_QUEUE = {
  status: listParam.oneOf(REFUND_REQUEST_STATUSES, 'pending'),
  company: listParam.text(),
};

const TABS = REFUND_REQUEST_STATUSES.map((value) => ({ value, label: REFUND_STATUS[value].label }));

/** /admin/refunds: the agencies' refund requests, the pending ones oldest first, then decided ones. */
export function RefundsPage() {
  const { filters, page, setFilters, setPage } = useListParams(REFUND_QUEUE);
  const { status, company: companyId } = filters;
  const answer = adminApi.useRefundsQuery({
    query: { status, page, limit: PAGE_SIZE, ...(companyId ? { company_id: companyId } : {}) },
  });

  return (
    <DeskQueue
      toolbar={
        <StatusTabs
          legend="Refund state"
          tabs={TABS}
          current={status}
          onChange={(next) => setFilters({ status: next })}
        />
      }
      answer={answer}
      items={(found) => found.refunds}
      noun="refund requests"
      empty={
        <EmptyState icon={Undo2} title={status === 'pending' ? 'No refund waits' : 'No refund requests here'}>
          {status === 'pending'
            ? 'Refunds agencies request appear here, oldest first, until an operator decides them.'
            : `No refund request has been ${REFUND_STATUS[status].label.toLowerCase()} yet.`}
        </EmptyState>
      }
      pager={{ page, onPage: setPage, noun: (total) => (total === 1 ? 'refund request' : 'refund requests') }}
    >
      {(refunds) => (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {refunds.map((refund) => (
            <RefundRow key={refund.id} refund={refund} />
          ))}
        </ul>
      )}
    </DeskQueue>
  );
}

function RefundRow({ refund }: { refund: AdminRefund }) {
  const pending = refund.status === 'pending';
  return (
    <QueueRow
      to={adminRefundPath(refund.id)}
      label={`Refund ${refund.order_no} for ${refund.company.name}, booking ${refund.booking.pnr}`}
      who={refund.company.name}
      reference={
        <>
          <span className="font-mono">{refund.order_no}</span> · PNR{' '}
          <span className="font-mono font-semibold tracking-wider">{refund.booking.pnr}</span>
        </>
      }
      amount={formatMoney(pending ? refund.allowed : refund.amount)}
      amountNote={pending ? 'the rules allow' : 'credited'}
      about={
        <>
          {refund.tickets.length} {refund.tickets.length === 1 ? 'ticket' : 'tickets'} ·{' '}
          {refund.phase === 'void' ? 'void' : 'refund'}
        </>
      }
      status={REFUND_STATUS[refund.status]}
      when={
        <time dateTime={refund.requested_at} title={formatInstant(refund.requested_at)}>
          {pending
            ? `waiting ${formatWaiting(refund.requested_at)}`
            : formatInstant(refund.decided_at ?? refund.requested_at)}
        </time>
      }
    />
  );
}
