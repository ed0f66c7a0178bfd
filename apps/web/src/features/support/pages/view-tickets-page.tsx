import {
  FALLBACK,
  SUPPORT_STATUS_LABELS,
  SUPPORT_TICKET_STATUSES,
  type SupportTicket,
} from '@skydesk/contract';
import { LifeBuoy, Plus, RotateCcw, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isForbidden } from '../../../shared/access/require-permission';
import { isApiFailure } from '../../../shared/http/api-error';
import { useListParams } from '../../../shared/routing/use-list-params';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Field, inputClasses, SelectField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { CloseTicketDialog, DeleteTicketDialog } from '../components/ticket-dialogs';
import { TicketRow } from '../components/ticket-row';
import { supportApi } from '../support-api';
import { filterTickets, TICKET_FILTERS, type TicketFilters } from '../ticket-filters';
import { newTicketPath } from '../ticket-paths';

const newTicketLink = (
  <Link to={newTicketPath()} className={buttonClasses('primary', 'shrink-0')}>
    <Plus aria-hidden="true" className="size-4" /> New ticket
  </Link>
);

/** "2 open · 1 answered · 4 closed", counting only the states some ticket is in. */
function statusSummary(tickets: SupportTicket[]): string {
  return SUPPORT_TICKET_STATUSES.map((status) => {
    const count = tickets.filter((ticket) => ticket.status === status).length;
    return count > 0 ? `${count} ${SUPPORT_STATUS_LABELS[status].toLowerCase()}` : null;
  })
    .filter(Boolean)
    .join(' · ');
}

/**
 * /dashboard/view-tickets (docs/product-spec.md §2): the agency's support tickets, newest first — where each
 * stands, what it is about, its last message and what is unread — filtered by status and a
 * search kept in the address; each opens its chat or its details, and is deleted while nobody at
 * SkyDesk replied (docs/product-spec.md §4: the list loses it) or closed afterwards.
 */
export function ViewTicketsPage() {
  // Each keystroke replaces the address rather than adding to the history.
  const { filters, setFilters } = useListParams(TICKET_FILTERS, { replace: true });
  const { data: tickets, error, isLoading, isFetching, refetch } = supportApi.useSupportTicketsQuery();
  const [deleting, setDeleting] = useState<SupportTicket | null>(null);
  const [closing, setClosing] = useState<SupportTicket | null>(null);

  const filtered = Boolean(filters.status || filters.q.trim());

  if (isForbidden(error)) return <ForbiddenScreen permission="support.use" />;

  const shown = tickets ? filterTickets(tickets, filters) : [];
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-600 text-sm">
          {tickets && tickets.length > 0
            ? statusSummary(tickets)
            : 'Ask SkyDesk support about a booking, a payment or the portal.'}
        </p>
        {newTicketLink}
      </div>

      <search aria-label="Filter tickets">
        <form
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end sm:p-5"
        >
          <Field label="Search">
            {(control) => (
              <div className="relative">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                />
                <input
                  {...control}
                  type="search"
                  value={filters.q}
                  placeholder="Ticket number, subject or PNR"
                  onChange={(event) => setFilters({ q: event.target.value })}
                  className={inputClasses(false, 'pl-9')}
                />
              </div>
            )}
          </Field>
          <SelectField
            label="Status"
            value={filters.status}
            onChange={(event) => setFilters({ status: event.target.value as TicketFilters['status'] })}
          >
            <option value="">All statuses</option>
            {SUPPORT_TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SUPPORT_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          {filtered && (
            <Button variant="ghost" onClick={() => setFilters({ status: '', q: '' })}>
              <RotateCcw aria-hidden="true" className="size-4" /> Reset
            </Button>
          )}
        </form>
      </search>

      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchTickets}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : isLoading || !tickets ? (
        <div role="status" aria-label="Loading tickets" className="space-y-2">
          {[0, 1, 2, 3].map((key) => (
            <div key={key} className="h-28 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : tickets.length === 0 ? (
        <EmptyState icon={LifeBuoy} title="No tickets yet" actions={newTicketLink}>
          Open a ticket when you need SkyDesk&apos;s help with a booking, a payment or the portal. You chat
          with support on it and see each reply as it is written.
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={Search}
          title="No ticket matches these filters"
          actions={
            <Button variant="secondary" onClick={() => setFilters({ status: '', q: '' })}>
              <RotateCcw aria-hidden="true" className="size-4" /> Show every ticket
            </Button>
          }
        >
          Search by the ticket&apos;s number, a word of its subject or its booking&apos;s PNR, or choose
          another status.
        </EmptyState>
      ) : (
        <ul
          aria-label="Tickets"
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {shown.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              onDelete={() => setDeleting(ticket)}
              onClose={() => setClosing(ticket)}
            />
          ))}
        </ul>
      )}
      <DeleteTicketDialog ticket={deleting} onClose={() => setDeleting(null)} />
      <CloseTicketDialog ticket={closing} onClose={() => setClosing(null)} />
    </div>
  );
}
