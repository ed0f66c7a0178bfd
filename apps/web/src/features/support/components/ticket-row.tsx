import { SUPPORT_CATEGORY_LABELS, type SupportTicket } from '@skydesk/contract';
import { Info, MessagesSquare, Trash2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { whenShort } from '../../../entities/chat/chat-state';
import { TicketPriorityBadge, TicketStatusBadge, UnreadBadge } from '../../../entities/chat/ticket-badges';
import { formatInstant } from '../../../shared/format/date-time';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { supportChatPath, ticketInfoPath } from '../ticket-paths';

/** The newest message in a few words, and whose side wrote it. */
export function lastMessagePreview(ticket: SupportTicket): string | null {
  const last = ticket.last_message;
  if (!last) return null;
  const who = last.side === 'operator' ? 'SkyDesk' : 'Your team';
  return `${who}: ${last.body.trim() || 'sent a file'}`;
}

type TicketRowProps = {
  ticket: SupportTicket;
  onDelete: () => void;
  onClose: () => void;
};

/**
 * One ticket in the agency's list: its number and subject (opening the chat), where it stands,
 * what it is about, the last message and what is unread; then the chat, the details, and delete
 * while nobody replied — close afterwards.
 */
export function TicketRow({ ticket, onDelete, onClose }: TicketRowProps) {
  const preview = lastMessagePreview(ticket);
  const headingId = `ticket-${ticket.id}`;
  const when = ticket.last_message?.created_at ?? ticket.created_at;
  return (
    <li aria-labelledby={headingId} className="p-4 sm:px-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex items-start justify-between gap-3">
            <h2 id={headingId} className="min-w-0 font-semibold text-slate-900">
              <Link to={supportChatPath(ticket.id)} className="hover:text-indigo-700 hover:underline">
                <span className="mr-1.5 font-mono text-slate-500 text-sm">#{ticket.number}</span>{' '}
                <span className="break-words">{ticket.subject}</span>
              </Link>
            </h2>
            <time
              dateTime={when}
              title={formatInstant(when)}
              className="shrink-0 pt-0.5 text-slate-500 text-xs md:hidden"
            >
              {whenShort(when)}
            </time>
          </div>
          <div className="flex flex-wrap items-center gap-1.5 text-slate-600 text-xs">
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
            <span className="rounded-full bg-slate-100 px-2 py-0.5">
              {SUPPORT_CATEGORY_LABELS[ticket.category]}
            </span>
            {ticket.booking && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5">
                PNR <span className="font-medium font-mono text-slate-900">{ticket.booking.pnr}</span>
              </span>
            )}
            <UnreadBadge count={ticket.unread_count} />
          </div>
          {preview && (
            <p className="line-clamp-2 break-words text-slate-600 text-sm [overflow-wrap:anywhere]">
              {preview}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1 md:flex-col md:items-end md:gap-2">
          <time
            dateTime={when}
            title={formatInstant(when)}
            className="hidden text-slate-500 text-xs md:block"
          >
            {whenShort(when)}
          </time>
          <div className="flex flex-wrap items-center gap-1">
            <Link
              to={supportChatPath(ticket.id)}
              aria-label={`Chat on ticket #${ticket.number}`}
              className={buttonClasses('secondary', 'min-h-9 px-3')}
            >
              <MessagesSquare aria-hidden="true" className="size-4" /> Chat
            </Link>
            <Link
              to={ticketInfoPath(ticket.id)}
              aria-label={`Details of ticket #${ticket.number}`}
              className={buttonClasses('ghost', 'min-h-9 px-3')}
            >
              <Info aria-hidden="true" className="size-4" /> Details
            </Link>
            {ticket.deletable ? (
              <Button
                variant="ghost"
                onClick={onDelete}
                aria-label={`Delete ticket #${ticket.number}`}
                className="min-h-9 px-3 text-rose-700 hover:bg-rose-50"
              >
                <Trash2 aria-hidden="true" className="size-4" /> Delete
              </Button>
            ) : (
              ticket.status !== 'closed' && (
                <Button
                  variant="ghost"
                  onClick={onClose}
                  aria-label={`Close ticket #${ticket.number}`}
                  className="min-h-9 px-3"
                >
                  <XCircle aria-hidden="true" className="size-4" /> Close
                </Button>
              )
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
