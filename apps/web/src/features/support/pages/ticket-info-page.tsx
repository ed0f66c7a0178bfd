import { SUPPORT_CATEGORY_LABELS, type SupportTicket } from '@skydesk/contract';
import { ArrowLeft, MessagesSquare, Trash2, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TicketPriorityBadge, TicketStatusBadge, UnreadBadge } from '../../../entities/chat/ticket-badges';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { formatInstant } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { CloseTicketDialog, DeleteTicketDialog } from '../components/ticket-dialogs';
import { NoTicket, TicketLoader } from '../components/ticket-loader';
import { lastMessagePreview } from '../components/ticket-row';
import { bookingDetailsPath, supportChatPath, TICKET_ID_PARAM } from '../ticket-paths';

/**
 * /dashboard/ticket-info?id= (docs/product-spec.md §2): one ticket's facts — its number, subject, category,
 * priority and state, the booking it is about, who opened it and who at SkyDesk looks after it,
 * and when — with the chat a click away, and close, or delete while nobody replied.
 */
export function TicketInfoPage() {
  const [params] = useSearchParams();
  const id = params.get(TICKET_ID_PARAM);
  if (!id) return <NoTicket missing />;
  return (
    <TicketLoader
      key={id}
      id={id}
      skeleton={
        <div role="status" aria-label="Loading the ticket" className="mx-auto w-full max-w-4xl space-y-4">
          <div className="h-28 animate-pulse rounded-2xl bg-slate-200/70" />
          <div className="h-64 animate-pulse rounded-2xl bg-slate-200/70" />
        </div>
      }
    >
      {(ticket) => <TicketInfo ticket={ticket} />}
    </TicketLoader>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900 text-sm">{children}</dd>
    </div>
  );
}

function TicketInfo({ ticket }: { ticket: SupportTicket }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [closing, setClosing] = useState(false);
  const mayOpenBookings = useMayOpen(paths.dashboard.bookingDetails);
  const preview = lastMessagePreview(ticket);
  const closed = ticket.status === 'closed';

  return (
    <div className="mx-auto w-full max-w-4xl space-y-5">
      <Link
        to={paths.dashboard.viewTickets}
        className="inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Your tickets
      </Link>

      <section
        aria-labelledby="ticket-title"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:flex-row md:items-start md:justify-between"
      >
        <div className="min-w-0 space-y-2">
          <h2 id="ticket-title" className="font-semibold text-slate-900 text-xl">
            <span className="mr-2 font-mono text-base text-slate-500">#{ticket.number}</span>{' '}
            <span className="break-words">{ticket.subject}</span>
          </h2>
          <div className="flex flex-wrap items-center gap-1.5">
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
            <UnreadBadge count={ticket.unread_count} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2 md:shrink-0 md:justify-end">
          <Link to={supportChatPath(ticket.id)} className={buttonClasses('primary')}>
            <MessagesSquare aria-hidden="true" className="size-4" /> Open chat
          </Link>
          {ticket.deletable ? (
            <Button variant="secondary" onClick={() => setDeleting(true)} className="text-rose-700">
              <Trash2 aria-hidden="true" className="size-4" /> Delete
            </Button>
          ) : (
            !closed && (
              <Button variant="secondary" onClick={() => setClosing(true)}>
                <XCircle aria-hidden="true" className="size-4" /> Close ticket
              </Button>
            )
          )}
        </div>
      </section>

      <Card title="Details">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Fact label="Category">{SUPPORT_CATEGORY_LABELS[ticket.category]}</Fact>
          <Fact label="Booking">
            {ticket.booking ? (
              mayOpenBookings ? (
                <Link
                  to={bookingDetailsPath(ticket.booking.id)}
                  className="font-medium font-mono text-indigo-700 hover:underline"
                >
                  {ticket.booking.pnr}
                </Link>
              ) : (
                <span className="font-medium font-mono">{ticket.booking.pnr}</span>
              )
            ) : (
              <span className="text-slate-500">Not about a booking</span>
            )}
          </Fact>
          <Fact label="Opened by">
            {ticket.created_by.name}
            <span className="block text-slate-500 text-xs">{formatInstant(ticket.created_at)}</span>
          </Fact>
          <Fact label="Looked after by">
            {ticket.assignee ? (
              `${ticket.assignee.name}, SkyDesk support`
            ) : (
              <span className="text-slate-500">Not taken by an operator yet</span>
            )}
          </Fact>
          <Fact label="Last change">{formatInstant(ticket.updated_at)}</Fact>
          <Fact label={closed ? 'Closed on' : 'Messages'}>
            {closed && ticket.closed_at
              ? formatInstant(ticket.closed_at)
              : `${ticket.message_count} ${ticket.message_count === 1 ? 'message' : 'messages'}`}
          </Fact>
          {preview && (
            <Fact label="Last message" wide>
              <span className="line-clamp-3 text-slate-700">{preview}</span>
            </Fact>
          )}
        </dl>
        {!closed && !ticket.deletable && (
          <p className="mt-4 border-slate-100 border-t pt-3 text-slate-500 text-xs">
            SkyDesk support has replied, so the ticket stays on record: close it when you need no more help.
          </p>
        )}
      </Card>

      <DeleteTicketDialog
        ticket={deleting ? ticket : null}
        onClose={() => setDeleting(false)}
        onDone={() => navigate(paths.dashboard.viewTickets)}
      />
      <CloseTicketDialog ticket={closing ? ticket : null} onClose={() => setClosing(false)} />
    </div>
  );
}
