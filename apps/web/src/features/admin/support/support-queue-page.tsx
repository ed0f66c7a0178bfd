import {
  ADMIN_TICKET_ASSIGNEE_FILTERS,
  ADMIN_TICKET_STATUS_FILTERS,
  type AdminTicket,
  type AdminTicketAssigneeFilter,
  type AdminTicketStatusFilter,
  SUPPORT_STATUS_LABELS,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { LifeBuoy, RotateCcw, Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { whenShort } from '../../../entities/chat/chat-state';
import { TicketPriorityBadge, TicketStatusBadge, UnreadBadge } from '../../../entities/chat/ticket-badges';
import { formatInstant } from '../../../shared/format/date-time';
import { selectOperator } from '../../../shared/operator-session/operator-session-slice';
import { adminTicketPath } from '../../../shared/routing/admin-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { useAppSelector } from '../../../shared/store/hooks';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { inputClasses, SelectField } from '../../../shared/ui/field';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Pager } from '../../../shared/ui/pager';
import { formatWaiting } from '../admin-format';
import { ListSkeleton } from '../components/list-states';
import { StatusTabs } from '../components/status-tabs';
import { adminSupportApi } from './admin-support-api';

const PAGE_SIZE = 25;

/** An agency waiting this long for an answer stands out in the queue (four working hours). */
const LONG_WAIT_MS = 4 * 3_600_000;
const waitedLongForAnswer = (since: string, now = Date.now()): boolean =>
  now - Date.parse(since) >= LONG_WAIT_MS;

const STATUS_LABELS: Record<AdminTicketStatusFilter, string> = {
  active: 'Needs looking after',
  ...SUPPORT_STATUS_LABELS,
  all: 'All',
};

const STATUS_TABS = ADMIN_TICKET_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }));

const ASSIGNEE_LABELS: Record<AdminTicketAssigneeFilter, string> = {
  any: 'Anyone',
  me: 'Mine',
  unassigned: 'Nobody yet',
};

/** The queue's filters and page in the address (a filtered queue can be shared and gone back to). */
const SUPPORT_QUEUE = {
  status: listParam.oneOf(ADMIN_TICKET_STATUS_FILTERS, 'active'),
  assignee: listParam.oneOf(ADMIN_TICKET_ASSIGNEE_FILTERS, 'any'),
  q: listParam.text(),
};

/**
 * /admin/support: every agency's support tickets as the server orders them — nobody's first, then
 * by priority and age — with who looks after each, what is unread and how long the agency has
 * waited; filtered by state, assignee and a search (number, subject, PNR, agency), all in the address.
 */
export function SupportQueuePage() {
  const { filters: queue, page, setFilters, setPage, reset } = useListParams(SUPPORT_QUEUE);
  const [search, setSearch] = useState(queue.q);
  const { currentData, isError, isFetching, refetch } = adminSupportApi.useAdminTicketsQuery({
    query: {
      status: queue.status,
      assignee: queue.assignee,
      ...(queue.q.trim() ? { q: queue.q.trim() } : {}),
      page,
      limit: PAGE_SIZE,
    },
  });

  // The search box follows the address when it changes from outside (back, a shared link).
  useEffect(() => setSearch(queue.q), [queue.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ q: search.trim() });
  };
  const filtered = queue.status !== 'active' || queue.assignee !== 'any' || Boolean(queue.q);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <StatusTabs
          legend="Ticket state"
          tabs={STATUS_TABS}
          current={queue.status}
          onChange={(status) => setFilters({ status })}
        />
        <search aria-label="Search tickets">
          <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
            <SelectField
              label="Looked after by"
              value={queue.assignee}
              onChange={(event) => setFilters({ assignee: event.target.value as AdminTicketAssigneeFilter })}
            >
              {ADMIN_TICKET_ASSIGNEE_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {ASSIGNEE_LABELS[value]}
                </option>
              ))}
            </SelectField>
            <div className="min-w-0">
              <label htmlFor="ticket-search" className="block font-medium text-slate-800 text-sm">
                Search
              </label>
              <div className="relative mt-1.5">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                />
                <input
                  id="ticket-search"
                  type="search"
                  value={search}
                  maxLength={100}
                  placeholder="Number, subject, PNR or agency"
                  onChange={(event) => setSearch(event.target.value)}
                  className={inputClasses(false, 'pl-9')}
                />
              </div>
            </div>
            <div className="flex gap-2">
              <Button type="submit" className="flex-1 sm:flex-none">
                <Search aria-hidden="true" className="size-4" /> Search
              </Button>
              {filtered && (
                <Button variant="ghost" onClick={reset}>
                  <RotateCcw aria-hidden="true" className="size-4" /> Reset
                </Button>
              )}
            </div>
          </form>
        </search>
      </div>

      {isError ? (
        <LoadFailed
          title="The support queue could not be loaded"
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !currentData ? (
        <ListSkeleton label="Loading the support queue" />
      ) : currentData.tickets.length === 0 ? (
        <EmptyState icon={LifeBuoy} title={filtered ? 'No ticket matches' : 'No ticket needs looking after'}>
          {filtered
            ? 'Try another state, assignee or search.'
            : 'Tickets agencies open appear here, nobody’s first, then by priority and age.'}
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Support tickets"
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {currentData.tickets.map((ticket) => (
              <QueueRow key={ticket.id} ticket={ticket} />
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={currentData.totalPages}
            total={currentData.total}
            noun={currentData.total === 1 ? 'ticket' : 'tickets'}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

/** One ticket of the queue: what and whose first, then where it stands, who has it and how long it waits. */
function QueueRow({ ticket }: { ticket: AdminTicket }) {
  const operator = useAppSelector(selectOperator);
  const mine = ticket.assignee?.id === operator?.id;
  const last = ticket.last_message;
  // Issue 30: SkyDesk's answers are signed by the operator who wrote them.
  const answerer = ticket.answered_by
    ? ticket.answered_by.id === operator?.id
      ? 'You'
      : ticket.answered_by.name
    : null;
  return (
    <li>
      <Link
        to={adminTicketPath(ticket.id)}
        aria-label={`Ticket #${ticket.number}: ${ticket.subject}, from ${ticket.company.name}`}
        className="grid gap-x-4 gap-y-1.5 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 sm:px-5 md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_11rem] md:items-center"
      >
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">
            <span className="mr-1.5 font-mono font-normal text-slate-500 text-sm">#{ticket.number}</span>{' '}
            {ticket.subject}
          </span>
          <span className="block truncate text-slate-600 text-sm">
            {ticket.company.name}
            {ticket.booking && (
              <>
                {' · '}PNR <span className="font-mono text-slate-900">{ticket.booking.pnr}</span>
              </>
            )}
          </span>
          {last && (
            <span className="block truncate text-slate-500 text-xs">
              {last.side === 'operator' ? `${answerer ?? 'SkyDesk'}: ` : 'Agency: '}
              {last.body.trim() || 'sent a file'} · {whenShort(last.created_at)}
            </span>
          )}
        </span>
        <span className="flex flex-wrap items-center gap-1.5">
          <TicketStatusBadge status={ticket.status} />
          {ticket.status === 'answered' && answerer && (
            <span className="text-slate-600 text-xs">by {answerer === 'You' ? 'you' : answerer}</span>
          )}
          <TicketPriorityBadge priority={ticket.priority} />
          <UnreadBadge count={ticket.unread_count} />
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm md:flex-col md:items-end md:text-right">
          <span className={ticket.assignee ? 'text-slate-700' : 'font-medium text-amber-800'}>
            {ticket.assignee ? (mine ? 'You' : ticket.assignee.name) : 'Unassigned'}
          </span>
          {ticket.waiting_since && (
            <time
              dateTime={ticket.waiting_since}
              title={`Waiting since ${formatInstant(ticket.waiting_since)}`}
              className={clsx(
                'text-xs',
                waitedLongForAnswer(ticket.waiting_since) ? 'font-medium text-amber-800' : 'text-slate-500',
              )}
            >
              waiting {formatWaiting(ticket.waiting_since)}
            </time>
          )}
        </span>
      </Link>
    </li>
  );
}
