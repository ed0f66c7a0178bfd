import type { SupportTicket } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { whenShort } from '../../../entities/chat/chat-state';
import { TicketStatusBadge } from '../../../entities/chat/ticket-badges';
import { buttonClasses } from '../../../shared/ui/button';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { supportApi } from '../support-api';
import { newTicketPath, supportChatPath } from '../ticket-paths';
import { lastMessagePreview } from './ticket-row';

/** The conversations worth having at hand: every ticket still open, and the one being read. */
const conversationsOf = (tickets: SupportTicket[], currentId: string | null) =>
  tickets.filter((ticket) => ticket.status !== 'closed' || ticket.id === currentId);

/**
 * The agency's open tickets as conversations, beside the chat on a wide screen (and in its place
 * on a phone, before one is chosen): each with its last message, when, and what is unread.
 */
export function ConversationList({ currentId, className }: { currentId: string | null; className?: string }) {
  const { data: tickets, error, isFetching, refetch } = supportApi.useSupportTicketsQuery();
  const conversations = tickets ? conversationsOf(tickets, currentId) : [];
  return (
    <nav
      aria-label="Conversations"
      className={clsx(
        'flex min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-slate-200 border-b px-4 py-3">
        <h2 className="font-semibold text-slate-900">Open tickets</h2>
        <Link to={newTicketPath()} className={buttonClasses('ghost', 'min-h-9 px-2.5')}>
          <Plus aria-hidden="true" className="size-4" /> New
        </Link>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {error ? (
          <LoadFailed
            title="The tickets could not be loaded"
            busy={isFetching}
            onRetry={() => void refetch()}
            className="m-3"
          />
        ) : !tickets ? (
          <div role="status" aria-label="Loading tickets" className="space-y-2 p-3">
            {[0, 1, 2].map((key) => (
              <div key={key} className="h-16 animate-pulse rounded-xl bg-slate-200/70" />
            ))}
          </div>
        ) : conversations.length === 0 ? (
          <p className="p-4 text-slate-600 text-sm">
            No open tickets. Open one when you need help: SkyDesk support answers here.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {conversations.map((ticket) => (
              <Conversation key={ticket.id} ticket={ticket} current={ticket.id === currentId} />
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}

function Conversation({ ticket, current }: { ticket: SupportTicket; current: boolean }) {
  const when = ticket.last_message?.created_at ?? ticket.created_at;
  const preview = lastMessagePreview(ticket);
  return (
    <li>
      <Link
        to={supportChatPath(ticket.id)}
        aria-current={current ? 'page' : undefined}
        className={clsx(
          'block px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2',
          current ? 'bg-indigo-50' : 'hover:bg-slate-50',
        )}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className="min-w-0 truncate font-medium text-slate-900 text-sm">
            <span className="mr-1 font-mono text-slate-500 text-xs">#{ticket.number}</span> {ticket.subject}
          </span>
          <time dateTime={when} className="shrink-0 text-slate-500 text-xs">
            {whenShort(when)}
          </time>
        </span>
        <span className="mt-1 flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-slate-600 text-xs">{preview ?? ' '}</span>
          {ticket.unread_count > 0 ? (
            <span className="flex min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 font-semibold text-[0.6875rem] text-white">
              {ticket.unread_count}
              <span className="sr-only"> unread</span>
            </span>
          ) : (
            ticket.status === 'answered' && <TicketStatusBadge status={ticket.status} />
          )}
        </span>
      </Link>
    </li>
  );
}
