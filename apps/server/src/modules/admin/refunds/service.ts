import {
  type AdminRefund,
  type AdminRefundList,
  AppError,
  amountToMinor,
  minorMoneyText,
  minorToAmount,
  type RefundApprovalBody,
  type RefundRequestStatus,
} from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../../platform/audit/operator-action.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { SupplierBookings } from '../../../supplier/port.js';
import {
  loadBookingTotals,
  lockRefundRequest,
  quoteRefundOrder,
  rejectRefundOrder,
  settleRefundOrder,
} from '../../bookings/index.js';
import { notify } from '../../notices/index.js';
import { presentRefund, requestStatusOf } from './presenter.js';
import * as repo from './repo.js';

/**
 * Refund requests wait for an operator (docs/api.md#back-office, docs/architecture.md §5): the queue shows each
 * with its booking, tickets, the fare rules it was made under and what they allow; approving
 * credits that or less (spread over the tickets, bookings/after-sales/refund-split.ts), rejecting
 * needs a reason. A decision is one transaction under the booking's lock — status, tickets, ledger,
 * order, notification and audit entry — so two operators deciding one request at once decide it
 * once: the second finds it decided (409).
 */

const ORDER_STATUS = { pending: 'pending', approved: 'completed', rejected: 'rejected' } as const;
const notFound = () => new AppError('not_found', 'Refund request not found');
const described = minorMoneyText;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const bookingLink = (bookingId: string) =>
  `/dashboard/booking-details?${new URLSearchParams({ id: bookingId })}`;

export function createAdminRefundService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  supplier: SupplierBookings;
}) {
  const { db, clock, supplier } = deps;

  async function view(orderId: string): Promise<AdminRefund> {
    const row = await repo.findRefund(db, orderId);
    if (!row) throw notFound();
    const [quote, totals] = await Promise.all([
      quoteRefundOrder(db, row.booking_id, row),
      loadBookingTotals(db, [row.booking_id]),
    ]);
    return presentRefund(row, quote, totals.get(row.booking_id) ?? 0);
  }

  /** The request, locked for a decision; 404 when there is none, 409 once it is decided. */
  async function pending(trx: Transaction<Database>, orderId: string) {
    const locked = await lockRefundRequest(trx, orderId);
    if (!locked) throw notFound();
    if (locked.order.status !== 'pending') {
      throw new AppError(
        'conflict',
        `Refund ${locked.order.order_no} is already ${requestStatusOf(locked.order.status)}`,
      );
    }
    return locked;
  }

  return {
    async list(query: {
      status: RefundRequestStatus;
      company_id?: string | undefined;
      page: number;
      limit: number;
    }): Promise<AdminRefundList> {
      const filters = { status: ORDER_STATUS[query.status], companyId: query.company_id };
      const [total, ids] = await Promise.all([
        repo.countRefunds(db, filters),
        repo.listRefundIds(db, filters, { offset: query.page * query.limit, limit: query.limit }),
      ]);
      const refunds: AdminRefund[] = [];
      for (const id of ids) refunds.push(await view(id));
      return { refunds, total, totalPages: Math.ceil(total / query.limit) };
    },

    view,

    async approve(actor: OperatorAction, orderId: string, body: RefundApprovalBody): Promise<AdminRefund> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const { order, booking } = await pending(trx, orderId);
        const bookingBefore = booking.status;
        const quote = await quoteRefundOrder(trx, booking.id, order);
        const amountMinor = body.amount === undefined ? quote.allowedMinor : amountToMinor(body.amount);
        if (amountMinor > quote.allowedMinor) {
          const message = `At most ${described(quote.allowedMinor, booking.currency)}: what the fare rules allow`;
          throw new AppError('validation', message, { fieldErrors: { amount: [message] } });
        }
        const lowered = amountMinor < quote.allowedMinor;
        if (lowered && !body.reason) {
          const message = 'Say why the refund is lowered: the agency is shown the reason';
          throw new AppError('validation', message, { fieldErrors: { reason: [message] } });
        }
        const reason = body.reason ?? null;
        const settled = await settleRefundOrder(trx, supplier, booking, order, now, {
          decidedBy: actor.operatorId,
          reason,
          amountMinor,
        });
        const credited = described(amountMinor, booking.currency);
        await notify(trx, {
          companyId: booking.company_id,
          userId: null,
          kind: 'refund_approved',
          title: `Refund ${order.order_no} approved`,
          body: `${credited} ${amountMinor > 0 ? 'credited to your balance' : 'to credit'} for ${plural(order.ticket_numbers.length, 'ticket')} of booking ${booking.pnr}.${lowered ? `\n\nThe fare rules allowed ${described(quote.allowedMinor, booking.currency)}. Reason: ${reason}` : ''}`,
          link: bookingLink(booking.id),
          bookingId: booking.id,
          at: now,
        });
        await recordAudit(trx, {
          actor,
          action: 'refund.approve',
          target: { type: 'refund', id: order.id },
          before: {
            status: 'pending',
            allowed: minorToAmount(quote.allowedMinor),
            booking_status: bookingBefore,
          },
          after: {
            status: 'approved',
            amount: minorToAmount(amountMinor),
            currency: booking.currency,
            reason,
            ledger_entry_id: settled.entry?.id ?? null,
            booking_status: settled.status,
          },
          at: now,
        });
      });
      return view(orderId);
    },

    async reject(actor: OperatorAction, orderId: string, reason: string): Promise<AdminRefund> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const { order, booking } = await pending(trx, orderId);
        const bookingBefore = booking.status;
        const rejected = await rejectRefundOrder(trx, booking, order, now, {
          decidedBy: actor.operatorId,
          reason,
        });
        await notify(trx, {
          companyId: booking.company_id,
          userId: null,
          kind: 'refund_rejected',
          title: `Refund ${order.order_no} rejected`,
          body: `The refund of ${plural(order.ticket_numbers.length, 'ticket')} of booking ${booking.pnr} was rejected; the tickets stay valid.\n\nReason: ${reason}`,
          link: bookingLink(booking.id),
          bookingId: booking.id,
          at: now,
        });
        await recordAudit(trx, {
          actor,
          action: 'refund.reject',
          target: { type: 'refund', id: order.id },
          before: {
            status: 'pending',
            allowed: minorToAmount(rejected.allowedMinor),
            booking_status: bookingBefore,
          },
          after: { status: 'rejected', reason, booking_status: rejected.status },
          at: now,
        });
      });
      return view(orderId);
    },
  };
}
