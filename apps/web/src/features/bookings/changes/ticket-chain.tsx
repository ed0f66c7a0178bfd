import type { Ticket } from '@skydesk/contract';

/**
 * A passenger's tickets as the passengers card shows them (issue 32): the one valid now, and the
 * ones an exchange replaced, oldest first (original → exchanged → new). A booking never changed
 * has one ticket per passenger and nothing exchanged.
 */
export function ticketsOfPassenger(
  tickets: Ticket[],
  passengerId: string,
): { ticket: Ticket | undefined; exchanged: Ticket[] } {
  const own = tickets.filter((ticket) => ticket.passenger_id === passengerId);
  const exchanged = own.filter((ticket) => ticket.status === 'exchanged');
  const current = own.filter((ticket) => ticket.status !== 'exchanged');
  // Follow the chain from the ticket nothing replaced, so the order does not hang on the answer's.
  const byNumber = new Map(exchanged.map((ticket) => [ticket.ticket_number, ticket]));
  const ordered: Ticket[] = [];
  let next = exchanged.find((ticket) => !ticket.replaces || !byNumber.has(ticket.replaces));
  while (next && !ordered.includes(next)) {
    ordered.push(next);
    next = next.exchanged_for ? byNumber.get(next.exchanged_for) : undefined;
  }
  for (const ticket of exchanged) if (!ordered.includes(ticket)) ordered.push(ticket);
  return {
    ticket: current.at(-1) ?? own.at(-1),
    exchanged: current.length > 0 ? ordered : ordered.slice(0, -1),
  };
}

/** Under a ticket number: "Replaces 125…" for a new one, "Exchanged for 125…" for a replaced one. */
export function TicketChainNote({ ticket }: { ticket: Ticket }) {
  if (ticket.status === 'exchanged' && ticket.exchanged_for)
    return (
      <span className="text-slate-500 text-xs">
        Exchanged for <span className="font-mono tabular-nums">{ticket.exchanged_for}</span>
      </span>
    );
  if (ticket.replaces)
    return (
      <span className="text-slate-500 text-xs">
        Replaces <span className="font-mono tabular-nums">{ticket.replaces}</span>
      </span>
    );
  return null;
}
