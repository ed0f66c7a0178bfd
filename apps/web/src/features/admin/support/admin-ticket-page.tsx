import { type AdminTicketDetails, SUPPORT_CATEGORY_LABELS } from '@skydesk/contract';
import { ArrowLeft, Hand, LifeBuoy, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../entities/chat/ticket-badges';
import { TicketChat } from '../../../entities/chat/ticket-chat';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { selectOperator } from '../../../shared/operator-session/operator-session-slice';
import { adminAgencyPath, adminPaths } from '../../../shared/routing/admin-paths';
import { useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { formatWaiting } from '../admin-format';
import { ListSkeleton } from '../components/list-states';
import { adminSupportApi } from './admin-support-api';
import { AgencyPanel } from './agency-panel';
import { useOperatorChatTransport } from './use-operator-chat';

/** What the console says once an action on a ticket went through. */
export const TICKET_ACTION_DONE = {
  assigned: 'You look after this ticket now',
  closed: 'Ticket closed',
  reopened: 'Ticket reopened',
} as const;

/**
 * /admin/support/:id: one ticket's chat with the agency (the operator's messages on the right),
 * taking it, closing and reopening it — and beside the chat, to answer without leaving it, the
 * agency's contact and its latest bookings, the ticket's own marked.
 */
export function AdminTicketPage() {
  const { id = '' } = useParams();
  // Another ticket opened from this one starts afresh.
  return <AdminTicketScreen key={id} id={id} />;
}

function AdminTicketScreen({ id }: { id: string }) {
  const { currentData, error, isError, isFetching, refetch } = adminSupportApi.useAdminTicketQuery({
    params: { id },
  });
  if (isError && isApiFailure(error) && (error.status === 404 || error.status === 422)) {
    return (
      <EmptyState
        icon={LifeBuoy}
        title="Ticket not found"
        actions={
          <Link to={adminPaths.support} className={buttonClasses('primary')}>
            Support queue
          </Link>
        }
      >
        No ticket has this address: it may have been deleted by its agency.
      </EmptyState>
    );
  }
  if (isError)
    return (
      <LoadFailed title="The ticket could not be loaded" busy={isFetching} onRetry={() => void refetch()} />
    );
  if (!currentData) return <ListSkeleton label="Loading the ticket" rows={3} />;
  return <TicketDesk details={currentData} />;
}

function TicketDesk({ details }: { details: AdminTicketDetails }) {
  const { ticket } = details;
  const operator = useAppSelector(selectOperator);
  const transport = useOperatorChatTransport(ticket.id);
  const closed = ticket.status === 'closed';

  return (
    <div className="mx-auto w-full max-w-7xl space-y-4">
      <Link
        to={adminPaths.support}
        className="inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Support queue
      </Link>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="ticket-title"
          className="flex h-[calc(100dvh-9rem)] min-h-[28rem] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:h-[calc(100dvh-11rem)]"
        >
          <header className="border-slate-200 border-b px-4 py-3 sm:px-5">
            <h2 id="ticket-title" className="font-semibold text-slate-900">
              <span className="mr-1.5 font-mono text-slate-500 text-sm">#{ticket.number}</span>{' '}
              <span className="break-words">{ticket.subject}</span>
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-1.5 text-slate-600 text-xs">
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
              <span>{SUPPORT_CATEGORY_LABELS[ticket.category]}</span>
              <span aria-hidden="true">·</span>
              <Link
                to={adminAgencyPath(ticket.company.id)}
                className="font-medium text-indigo-700 hover:underline"
              >
                {ticket.company.name}
              </Link>
            </p>
          </header>
          <TicketChat
            ticketId={ticket.id}
            side="operator"
            selfId={operator?.id ?? null}
            transport={transport}
            closed={closed}
            otherSideLabel={ticket.company.name}
            typingLabel={(name) => `${name} is typing…`}
            closedNotice={<ClosedNotice ticketId={ticket.id} />}
            className="flex-1"
          />
        </section>
        <aside aria-label="About this ticket" className="space-y-4">
          <TicketActions details={details} />
          <AgencyPanel details={details} />
        </aside>
      </div>
    </div>
  );
}

/** Where the composer was: a closed ticket takes no reply until it is reopened. */
function ClosedNotice({ ticketId }: { ticketId: string }) {
  const [reopen, { isLoading }] = adminSupportApi.useAdminReopenTicketMutation();
  return (
    <div className="flex flex-col gap-2 text-slate-600 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p>This ticket is closed. Reopen it to reply to the agency.</p>
      <Button
        variant="secondary"
        busy={isLoading}
        className="shrink-0"
        onClick={async () => {
          try {
            await reopen({ params: { id: ticketId } }).unwrap();
            toast.success(TICKET_ACTION_DONE.reopened);
          } catch (error) {
            toast.error(isApiFailure(error) ? error.message : 'The ticket could not be reopened');
          }
        }}
      >
        {!isLoading && <RotateCcw aria-hidden="true" className="size-4" />} Reopen
      </Button>
    </div>
  );
}

/** Who looks after the ticket and since when it waits; take it, close it or reopen it. */
function TicketActions({ details }: { details: AdminTicketDetails }) {
  const { ticket } = details;
  const operator = useAppSelector(selectOperator);
  const [assign, assigning] = adminSupportApi.useAdminAssignTicketMutation();
  const [close, closing] = adminSupportApi.useAdminCloseTicketMutation();
  const [reopen, reopening] = adminSupportApi.useAdminReopenTicketMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const mine = ticket.assignee?.id === operator?.id;
  const closed = ticket.status === 'closed';

  const act = async (action: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      setProblem(isApiFailure(error) ? error.message : 'That did not go through. Try again.');
    }
  };
  const params = { params: { id: ticket.id } };

  return (
    <section
      aria-labelledby="ticket-handling"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="ticket-handling" className="font-semibold text-slate-900">
        Handling
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-slate-500 text-xs">Looked after by</dt>
          <dd className={ticket.assignee ? 'text-slate-900' : 'font-medium text-amber-800'}>
            {ticket.assignee ? (mine ? 'You' : ticket.assignee.name) : 'Nobody yet'}
          </dd>
        </div>
        {/* Issue 30: who the agency last heard from, which may not be who has the ticket now. */}
        {ticket.answered_by && ticket.answered_by.id !== ticket.assignee?.id && (
          <div className="min-w-0">
            <dt className="text-slate-500 text-xs">Last answered by</dt>
            <dd className="text-slate-900">
              {ticket.answered_by.id === operator?.id ? 'You' : ticket.answered_by.name}
            </dd>
          </div>
        )}
        <div className="min-w-0">
          <dt className="text-slate-500 text-xs">{ticket.waiting_since ? 'Agency waiting' : 'Opened'}</dt>
          <dd className="text-slate-900">
            {ticket.waiting_since ? (
              <time dateTime={ticket.waiting_since} title={formatInstant(ticket.waiting_since)}>
                {formatWaiting(ticket.waiting_since)}
              </time>
            ) : (
              formatInstant(ticket.created_at)
            )}
          </dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-slate-500 text-xs">Opened by</dt>
          <dd className="text-slate-900">
            {ticket.created_by.name}, {formatInstant(ticket.created_at)}
          </dd>
        </div>
      </dl>
      {problem && (
        <Alert tone="error" assertive>
          {problem}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {!mine && !closed && (
          <Button
            busy={assigning.isLoading}
            onClick={() => void act(() => assign(params).unwrap(), TICKET_ACTION_DONE.assigned)}
          >
            {!assigning.isLoading && <Hand aria-hidden="true" className="size-4" />}
            {ticket.assignee ? 'Take over' : 'Take ticket'}
          </Button>
        )}
        {closed ? (
          <Button
            variant="secondary"
            busy={reopening.isLoading}
            onClick={() => void act(() => reopen(params).unwrap(), TICKET_ACTION_DONE.reopened)}
          >
            {!reopening.isLoading && <RotateCcw aria-hidden="true" className="size-4" />}
            Reopen
          </Button>
        ) : (
          <Button
            variant="secondary"
            busy={closing.isLoading}
            onClick={() => void act(() => close(params).unwrap(), TICKET_ACTION_DONE.closed)}
          >
            {!closing.isLoading && <XCircle aria-hidden="true" className="size-4" />}
            Close ticket
          </Button>
        )}
      </div>
    </section>
  );
}
