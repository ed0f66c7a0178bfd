import { type SupportTicket, SupportTicketStatus } from '@skydesk/contract';

export type TicketFilters = { status: SupportTicketStatus | ''; q: string };

/** The filters live in the address: a filtered list can be reloaded, shared and gone back to. */
export function readTicketFilters(params: URLSearchParams): TicketFilters {
  const status = SupportTicketStatus.safeParse(params.get('status'));
  return { status: status.success ? status.data : '', q: (params.get('q') ?? '').slice(0, 100) };
}

export function ticketFilterParams({ status, q }: TicketFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q.trim()) params.set('q', q);
  return params;
}

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
