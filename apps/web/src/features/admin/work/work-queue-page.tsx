import { type AdminWorkQueue, moneyText, type WorkQueueName } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowRight, Banknote, Building2, CircleCheck, LifeBuoy, type LucideIcon, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import {
  adminAgencyPath,
  adminDepositPath,
  adminPaths,
  adminRefundPath,
  adminTicketPath,
} from '../../../shared/routing/admin-paths';
import { Badge } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { adminApi } from '../admin-api';
import { formatWaiting, waitedLong } from '../admin-format';
import { adminPaymentsApi } from '../admin-payments-api';
import { ListSkeleton } from '../components/list-states';
import { adminSupportApi } from '../support/admin-support-api';
import { useWorkQueue } from './work-queue-api';

/** How many of each desk's oldest items the home lists. */
const SHOWN = 3;

type Item = { id: string; to: string; who: string; what: ReactNode; since: string };

type DeskProps = {
  queue: WorkQueueName;
  title: string;
  icon: LucideIcon;
  /** The desk's own screen, showing what waits. */
  to: string;
  /** "Open the deposit desk". */
  open: string;
  line: AdminWorkQueue[WorkQueueName];
  /** Its oldest items, once read (null while loading). */
  items: Item[] | null;
  /** Said when nothing waits there. */
  idle: string;
};

/** One desk: how many wait and since when, its oldest few, and the way to the desk. */
function Desk({ queue, title, icon: Icon, to, open, line, items, idle }: DeskProps) {
  const headingId = `work-${queue}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {/* Rules between the parts only when there is a list between them: an idle desk is one block. */}
      <header
        className={clsx(
          'flex items-start gap-3 px-4 py-3 sm:px-5',
          line.waiting > 0 && 'border-slate-100 border-b',
        )}
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-slate-600 text-sm">
            {line.waiting === 0 ? (
              idle
            ) : (
              <>
                {line.waiting} waiting
                {line.oldest_since && (
                  <>
                    {' · the oldest for '}
                    <time
                      dateTime={line.oldest_since}
                      className={clsx(waitedLong(line.oldest_since) && 'font-medium text-amber-800')}
                    >
                      {formatWaiting(line.oldest_since)}
                    </time>
                  </>
                )}
              </>
            )}
          </p>
        </div>
        <Badge tone={line.waiting > 0 ? 'amber' : 'emerald'}>
          {line.waiting > 0 ? line.waiting : <CircleCheck aria-label="Nothing waits" className="size-3.5" />}
        </Badge>
      </header>
      {line.waiting > 0 &&
        (items === null ? (
          <div className="p-4">
            <ListSkeleton label={`Loading ${title.toLowerCase()}`} rows={Math.min(line.waiting, SHOWN)} />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.to}
                  className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 px-4 py-2.5 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 sm:px-5"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{item.who}</span>
                    <span className="block truncate text-slate-500 text-xs">{item.what}</span>
                  </span>
                  <time
                    dateTime={item.since}
                    className={clsx(
                      'self-center whitespace-nowrap text-xs',
                      waitedLong(item.since) ? 'font-medium text-amber-800' : 'text-slate-500',
                    )}
                  >
                    {formatWaiting(item.since)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        ))}
      <div className={clsx('mt-auto px-4 py-2.5 sm:px-5', line.waiting > 0 && 'border-slate-100 border-t')}>
        <Link
          to={to}
          className="inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {open}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}

const page = { page: 0, limit: SHOWN };

/**
 * /admin, the console's home (issue 30): what waits for a decision, desk by desk — agencies to
 * review, deposits to credit, refund requests, support tickets waiting for an answer — each with
 * how many and for how long, its oldest few and the way to the desk. The menu counts the same.
 */
export function WorkQueuePage() {
  const { currentData: queue, isError, isFetching, refetch } = useWorkQueue();
  const agencies = adminApi.useAgenciesQuery(
    { query: { status: 'pending_review', ...page } },
    { skip: !queue?.agencies.waiting },
  );
  const deposits = adminPaymentsApi.useDepositsQuery(
    { query: { status: 'pending', ...page } },
    { skip: !queue?.deposits.waiting },
  );
  const refunds = adminApi.useRefundsQuery(
    { query: { status: 'pending', ...page } },
    { skip: !queue?.refunds.waiting },
  );
  const tickets = adminSupportApi.useAdminTicketsQuery(
    { query: { status: 'open', assignee: 'any', ...page } },
    { skip: !queue?.tickets.waiting },
  );

  if (isError && !queue) {
    return (
      <LoadFailed
        title="What waits for a decision could not be loaded"
        busy={isFetching}
        onRetry={() => void refetch()}
        className="mx-auto w-full max-w-6xl"
      />
    );
  }
  if (!queue) return <ListSkeleton label="Loading what waits for a decision" rows={4} />;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      {queue.total === 0 ? (
        <EmptyState icon={CircleCheck} title="Nothing waits for a decision">
          No agency to review, deposit to credit, refund to decide or ticket to answer. New ones show here and
          in the menu as they come.
        </EmptyState>
      ) : (
        <p className="text-slate-600 text-sm">
          <span className="font-semibold text-slate-900">{queue.total}</span>{' '}
          {queue.total === 1 ? 'thing waits' : 'things wait'} for a decision, the longest waiting first on
          each desk.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Desk
          queue="agencies"
          title="Agencies to review"
          icon={Building2}
          to={adminPaths.agencies}
          open="Open agency review"
          line={queue.agencies}
          idle="No agency waits for its review."
          items={
            agencies.currentData?.companies.map((company) => ({
              id: company.id,
              to: adminAgencyPath(company.id),
              who: company.name,
              what: `${company.city}, ${company.country} · ${company.user_count} user${company.user_count === 1 ? '' : 's'}`,
              since: company.waiting_since,
            })) ?? null
          }
        />
        <Desk
          queue="deposits"
          title="Deposits to credit"
          icon={Banknote}
          to={adminPaths.deposits}
          open="Open the deposit desk"
          line={queue.deposits}
          idle="No deposit waits to be credited."
          items={
            deposits.currentData?.deposits.map((deposit) => ({
              id: deposit.id,
              to: adminDepositPath(deposit.id),
              who: deposit.company.name,
              what: `${moneyText(deposit.amount, deposit.currency)} · reference ${deposit.reference_no}`,
              since: deposit.created_at,
            })) ?? null
          }
        />
        <Desk
          queue="refunds"
          title="Refund requests"
          icon={Undo2}
          to={adminPaths.refunds}
          open="Open refunds"
          line={queue.refunds}
          idle="No refund request waits for a decision."
          items={
            refunds.currentData?.refunds.map((refund) => ({
              id: refund.id,
              to: adminRefundPath(refund.id),
              who: refund.company.name,
              what: `Booking ${refund.booking.pnr} · up to ${formatMoney(refund.allowed)}`,
              since: refund.requested_at,
            })) ?? null
          }
        />
        <Desk
          queue="tickets"
          title="Tickets waiting for an answer"
          icon={LifeBuoy}
          to={adminPaths.support}
          open="Open the support queue"
          line={queue.tickets}
          idle="No agency waits for an answer."
          items={
            tickets.currentData?.tickets.map((ticket) => ({
              id: ticket.id,
              to: adminTicketPath(ticket.id),
              who: ticket.company.name,
              what: `#${ticket.number} ${ticket.subject}${ticket.assignee ? ` · ${ticket.assignee.name}` : ' · nobody has it yet'}`,
              since: ticket.waiting_since ?? ticket.created_at,
            })) ?? null
          }
        />
      </div>
    </div>
  );
}
