import { SUPPORT_MESSAGES, type SupportTicket } from '@skydesk/contract';
import { ArrowLeft, Info, MessagesSquare, Plus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../entities/chat/ticket-badges';
import { TicketChat } from '../../../entities/chat/ticket-chat';
import { paths } from '../../../shared/routing/paths';
import { selectSessionUser } from '../../../shared/session/session-slice';
import { useAppSelector } from '../../../shared/store/hooks';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { ConversationList } from '../components/conversation-list';
import { CloseTicketDialog } from '../components/ticket-dialogs';
import { TicketLoader } from '../components/ticket-loader';
import { newTicketPath, TICKET_ID_PARAM, ticketInfoPath } from '../ticket-paths';
import { useAgencyChatTransport } from '../use-agency-chat';

/** The chat fills the screen below the header: the page itself does not scroll, the messages do. */
const PANEL_HEIGHT = 'h-[calc(100dvh-7rem)] min-h-[26rem] lg:h-[calc(100dvh-8rem)]';
const LIST_HEIGHT = 'lg:h-[calc(100dvh-8rem)] lg:min-h-[26rem]';

/**
 * /dashboard/support-chat?id= (docs/product-spec.md §2): the conversation with SkyDesk support on one ticket,
 * live (entities/chat), with the agency's other open tickets beside it on a wide screen. Without a
 * ticket (the sidebar's link) it lists the conversations to choose from.
 */
export function SupportChatPage() {
  const [params] = useSearchParams();
  const id = params.get(TICKET_ID_PARAM);
  return (
    // Without a ticket, a phone shows the conversations at their own height.
    <div
      className={`mx-auto grid w-full max-w-6xl gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] ${id ? PANEL_HEIGHT : LIST_HEIGHT}`}
    >
      <ConversationList currentId={id} className={id ? 'hidden lg:flex' : 'flex'} />
      {id ? (
        <TicketLoader key={id} id={id} skeleton={<ChatSkeleton />}>
          {(ticket) => <TicketConversation ticket={ticket} />}
        </TicketLoader>
      ) : (
        <div className="hidden flex-col items-center justify-center gap-3 rounded-2xl border border-slate-300 border-dashed p-8 text-center text-slate-600 text-sm lg:flex">
          <MessagesSquare aria-hidden="true" className="size-10 text-slate-400" />
          <p className="max-w-sm">Choose a ticket to chat with SkyDesk support on it, or open a new one.</p>
          <Link to={newTicketPath()} className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" /> New ticket
          </Link>
        </div>
      )}
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the ticket"
      className="h-full animate-pulse rounded-2xl bg-slate-200/70"
    />
  );
}

function TicketConversation({ ticket }: { ticket: SupportTicket }) {
  const transport = useAgencyChatTransport(ticket.id);
  const user = useAppSelector(selectSessionUser);
  const [closing, setClosing] = useState(false);
  const closed = ticket.status === 'closed';

  return (
    <section
      aria-labelledby="chat-title"
      className="flex min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex items-start gap-2 border-slate-200 border-b px-3 py-3 sm:px-5">
        <Link
          to={paths.dashboard.supportChat}
          aria-label="All conversations"
          className="-ml-1 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 lg:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 id="chat-title" className="truncate font-semibold text-slate-900">
            <span className="mr-1.5 font-mono text-slate-500 text-sm">#{ticket.number}</span> {ticket.subject}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-slate-600 text-xs">
            <TicketStatusBadge status={ticket.status} />
            {ticket.priority !== 'normal' && <TicketPriorityBadge priority={ticket.priority} />}
            {ticket.booking && (
              <span>
                PNR <span className="font-medium font-mono text-slate-900">{ticket.booking.pnr}</span>
              </span>
            )}
            {ticket.assignee && !closed && (
              <span className="hidden sm:inline">· {ticket.assignee.name} is on it</span>
            )}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Link
            to={ticketInfoPath(ticket.id)}
            aria-label="Ticket details"
            title="Ticket details"
            className={buttonClasses('ghost', 'min-h-9 px-2.5')}
          >
            <Info aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Details</span>
          </Link>
          {!closed && (
            <Button
              variant="ghost"
              className="min-h-9 px-2.5"
              onClick={() => setClosing(true)}
              aria-label="Close ticket"
            >
              <XCircle aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Close</span>
            </Button>
          )}
        </div>
      </header>
      <TicketChat
        ticketId={ticket.id}
        side="agency"
        selfId={user?.id ?? null}
        transport={transport}
        closed={closed}
        otherSideLabel="SkyDesk support"
        typingLabel={() => 'SkyDesk support is typing…'}
        closedNotice={
          <div className="flex flex-col gap-2 text-slate-600 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p>{SUPPORT_MESSAGES.closed}</p>
            <Link to={newTicketPath()} className={buttonClasses('secondary', 'shrink-0')}>
              <Plus aria-hidden="true" className="size-4" /> New ticket
            </Link>
          </div>
        }
        className="flex-1"
      />
      <CloseTicketDialog ticket={closing ? ticket : null} onClose={() => setClosing(false)} />
    </section>
  );
}
