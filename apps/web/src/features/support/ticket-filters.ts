import { SUPPORT_TICKET_STATUSES, type SupportTicket, type SupportTicketStatus } from '@skydesk/contract';
import { listParam } from '../../shared/routing/use-list-params';

export type TicketFilters = { status: SupportTicketStatus | ''; q: string };

/** The filters live in the address: a filtered list can be reloaded, shared and gone back to. */
export const TICKET_FILTERS = {
  status: listParam.oneOf(['', ...SUPPORT_TICKET_STATUSES], ''),
  q: listParam.text(),
};

/**
 * The tickets matching the filters, in the server's order (newest first). The search finds a
 * ticket by its number ("1042" or "#1042"), a word of its subject or its booking's PNR.
 */
export function filterTickets(tickets: SupportTicket[], { status, q }: TicketFilters): SupportTicket[] {
  const needle = q.trim().toLowerCase().replace(/^#/, '');
  return tickets.filter((ticket) => {
    if (status && ticket.status !== status) return false;
    if (!needle) return true;
    return (
      String(ticket.number) === needle ||
      ticket.subject.toLowerCase().includes(needle) ||
      (ticket.booking?.pnr.toLowerCase().includes(needle) ?? false)
    );
  });
}
