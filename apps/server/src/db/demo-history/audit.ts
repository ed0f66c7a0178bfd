import { minorToAmount } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { Plan, PlannedOrder } from './plan.js';
import { insertRows } from './rows.js';

/** What SkyDesk's operators did for the agency, in their audit log as they would have left it. */
export async function writeOperatorAudit(
  trx: Transaction<Database>,
  plan: Plan,
  orders: readonly PlannedOrder[],
  input: { operatorId: string; currency: string },
) {
  const { currency } = input;
  await insertRows(trx, 'audit_log', [
    ...plan.deposits
      .filter((deposit) => deposit.decidedAt)
      .map((deposit) => ({
        actor_id: input.operatorId,
        action: deposit.status === 'approved' ? ('deposit.approve' as const) : ('deposit.reject' as const),
        target_type: 'deposit' as const,
        target_id: deposit.id,
        before: { status: 'pending' },
        after: {
          status: deposit.status,
          amount: minorToAmount(deposit.amount),
          currency,
          reference_no: deposit.reference,
          ...(deposit.line ? { ledger_entry_id: deposit.line.id } : { reason: deposit.rejection }),
        },
        ip: null,
        request_id: null,
        created_at: deposit.decidedAt!,
      })),
    ...orders
      .filter((order) => order.kind === 'refund' && order.decidedAt)
      .map((order) => ({
        actor_id: input.operatorId,
        action: 'refund.approve' as const,
        target_type: 'refund' as const,
        target_id: order.id,
        before: { status: 'pending', allowed: minorToAmount(order.allowed ?? 0) },
        after: {
          status: 'approved',
          amount: minorToAmount(order.amount),
          currency,
          reason: null,
          ledger_entry_id: order.line?.id ?? null,
        },
        ip: null,
        request_id: null,
        created_at: order.decidedAt!,
      })),
  ]);
}
