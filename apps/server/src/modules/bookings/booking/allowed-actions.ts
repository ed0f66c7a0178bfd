import type { BookingAction, BookingStatus, Permission, TicketStatus } from '@skydesk/contract';

/**
 * What an agent may do next with a booking (docs/api.md, docs/architecture.md §5), from its status, the clock and
 * the agent's permissions, so screens offer exactly the calls the server would accept:
 * - a live hold can be ticketed (`issue`) or cancelled (`cancel`) until its deadline;
 * - tickets can be voided (`void`, through the cancel call) within the void window;
 * - tickets still issued can be refunded (`refund`, some or all) after the void window until the
 *   first departure, less the penalty the fare rules take: one way out per moment (issue 30) —
 *   inside the window the tickets are voided, for everything back, and no refund is offered;
 * - a ticketed booking whose tickets are all valid can be changed (`change`, issue 32) until its
 *   first flight leaves;
 * - nothing while a remote supplier's order step waits for the airline (decision 020). A remote
 *   booking has no void window (`void_until` null): the airline's quote decides what comes back.
 */

export type ActionFacts = {
  status: BookingStatus;
  ticketingDeadline: Date;
  voidUntil: Date | null;
  firstDepartureAt: Date;
  ticketStatuses: readonly TicketStatus[];
  /** A remote supplier's order step is under way (decision 020): nothing may race it. */
  waitingForSupplier?: boolean;
};

const REQUIRES: Record<BookingAction, Permission> = {
  issue: 'bookings.issue',
  cancel: 'bookings.cancel',
  void: 'bookings.cancel',
  refund: 'bookings.refund',
  change: 'bookings.issue',
};

export function allowedActions(
  facts: ActionFacts,
  now: Date,
  permissions: readonly Permission[],
): BookingAction[] {
  const time = now.getTime();
  const actions: BookingAction[] = [];
  if (facts.waitingForSupplier) return actions;
  if (facts.status === 'booked' && time < facts.ticketingDeadline.getTime()) {
    actions.push('issue', 'cancel');
  }
  const ticketed = facts.status !== 'booked' && facts.ticketStatuses.includes('issued');
  const inVoidWindow =
    facts.status === 'ticketed' && facts.voidUntil !== null && time < facts.voidUntil.getTime();
  if (ticketed && inVoidWindow) actions.push('void');
  else if (ticketed && time < facts.firstDepartureAt.getTime()) actions.push('refund');
  // Issue 32: a ticketed booking whose tickets are all valid changes until its first flight leaves.
  const live = facts.ticketStatuses.filter((status) => status !== 'exchanged');
  if (
    facts.status === 'ticketed' &&
    live.length > 0 &&
    live.every((status) => status === 'issued') &&
    time < facts.firstDepartureAt.getTime()
  ) {
    actions.push('change');
  }
  return actions.filter((action) => permissions.includes(REQUIRES[action]));
}
