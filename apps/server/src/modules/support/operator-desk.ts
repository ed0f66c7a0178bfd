import {
  type AdminTicketDetails,
  type AdminTicketList,
  type AdminTicketListQuery,
  type AdminTicketStatusFilter,
  AppError,
  type AuditAction,
  SUPPORT_MESSAGES,
  type SupportTicketStatus,
} from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../platform/audit/operator-action.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { loadBookingTotals } from '../bookings/index.js';
import { announceSupportEvent } from './events.js';
import { presentAdminTicket, presentTicketBooking } from './presenters.js';
import * as repo from './repo.js';

/**
 * The operators' support desk (docs/api.md#back-office: /api/admin/tickets): every agency's tickets
 * in one queue — unassigned first, then high priority first, then the oldest — each opened beside
 * the agency's contact and recent bookings. An operator takes a ticket, closes and reopens it; each
 * action is one transaction under the ticket's row lock with its audit entry, and announced so
 * both sides' lists refresh. Messages, reads and files go through the support service.
 */

/** The agency's bookings shown beside the chat. */
const RECENT_BOOKINGS = 10;

const notFound = () => new AppError('not_found', SUPPORT_MESSAGES.ticketNotFound);

const STATUS_FILTERS: Record<AdminTicketStatusFilter, SupportTicketStatus[]> = {
  active: ['open', 'answered'],
  open: ['open'],
  answered: ['answered'],
  closed: ['closed'],
  all: ['open', 'answered', 'closed'],
};

type ListQuery = z.output<typeof AdminTicketListQuery>;

export function createAdminSupportService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function details(ticketId: string): Promise<AdminTicketDetails> {
    const row = await repo.findTicket(db, ticketId);
    if (!row) throw notFound();
    const [contact, bookings] = await Promise.all([
      repo.companyContact(db, row.company_id),
      repo.recentBookings(db, row.company_id, row.booking_id, RECENT_BOOKINGS),
    ]);
    const totals = await loadBookingTotals(
      db,
      bookings.map((booking) => booking.id),
    );
    return {
      ticket: presentAdminTicket(row),
      recent_bookings: bookings.map((booking) => presentTicketBooking(booking, totals.get(booking.id) ?? 0)),
      company_contact: contact,
    };
  }

  /**
   * One operator action on a ticket: under its row lock, the change, its audit entry and the
   * announcement commit together (or not at all); answers the ticket as it stands afterwards.
   */
  async function act(
    actor: OperatorAction,
    ticketId: string,
    action: AuditAction,
    change: (
      trx: Transaction<Database>,
      ticket: repo.LockedTicket,
      at: Date,
    ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
  ): Promise<AdminTicketDetails> {
    await db.transaction().execute(async (trx) => {
      const ticket = await repo.lockTicket(trx, ticketId);
      if (!ticket) throw notFound();
      const at = clock.now();
      const { before, after } = await change(trx, ticket, at);
      await recordAudit(trx, { actor, action, target: { type: 'ticket', id: ticketId }, before, after, at });
      await announceSupportEvent(trx, {
        event: 'changed',
        ticket_id: ticketId,
        company_id: ticket.company_id,
      });
    });
    return details(ticketId);
  }

  return {
    async list(operatorId: string, query: ListQuery): Promise<AdminTicketList> {
      const filters: repo.QueueFilters = {
        statuses: STATUS_FILTERS[query.status],
        assignee:
          query.assignee === 'me' ? { operatorId } : query.assignee === 'unassigned' ? 'unassigned' : null,
        companyId: query.company_id,
        q: query.q,
      };
      const [total, rows] = await Promise.all([
        repo.countQueue(db, filters),
        repo.listQueue(db, filters, { offset: query.page * query.limit, limit: query.limit }),
      ]);
      return { tickets: rows.map(presentAdminTicket), total, totalPages: Math.ceil(total / query.limit) };
    },

    details,

    /** The calling operator looks after the ticket from now on (taking it from another, if need be). */
    assign: (actor: OperatorAction, ticketId: string) =>
      act(actor, ticketId, 'ticket.assign', async (trx, ticket, at) => {
        await repo.assignTicket(trx, ticketId, { operatorId: actor.operatorId, at });
        return { before: { assigned_to: ticket.assigned_to }, after: { assigned_to: actor.operatorId } };
      }),

    close: (actor: OperatorAction, ticketId: string) =>
      act(actor, ticketId, 'ticket.close', async (trx, ticket, at) => {
        if (ticket.status === 'closed') throw new AppError('conflict', SUPPORT_MESSAGES.alreadyClosed);
        await repo.setTicketStatus(trx, ticketId, { status: 'closed', closedAt: at, at });
        return { before: { status: ticket.status }, after: { status: 'closed' } };
      }),

    /** Back to where the conversation stood: answered after an operator's message, open after the agency's. */
    reopen: (actor: OperatorAction, ticketId: string) =>
      act(actor, ticketId, 'ticket.reopen', async (trx, ticket, at) => {
        if (ticket.status !== 'closed') throw new AppError('conflict', SUPPORT_MESSAGES.notClosed);
        const row = await repo.findTicket(trx, ticketId);
        const status: SupportTicketStatus = row?.newest_side === 'operator' ? 'answered' : 'open';
        await repo.setTicketStatus(trx, ticketId, { status, closedAt: null, at });
        return { before: { status: 'closed' }, after: { status } };
      }),
  };
}

export type AdminSupportService = ReturnType<typeof createAdminSupportService>;
