import type { AuditAction, AuditTargetType } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { insertAuditEntry } from './audit-repo.js';
import type { OperatorAction } from './operator-action.js';

/**
 * The audit log (docs/api.md#back-office): every operator action is one append-only entry — who,
 * when, what, on what, the target's state before and after, the request id and the client
 * address. Write it in the transaction of the action itself, so an action is never without its
 * entry (nor an entry without its action). Nothing can change or delete an entry: a trigger
 * refuses it (migration 0006).
 *
 * The operator sign-in records `operator.sign_in` / `operator.sign_out` here too, with the
 * operator as target (`actor` null when no operator is known, e.g. a failed sign-in).
 */
export type AuditRecord = {
  /** The acting operator and the request; `operatorId` null when no operator is known. */
  actor: Omit<OperatorAction, 'operatorId'> & { operatorId: string | null };
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null };
  /** The target's state before and after, as far as the action changed it. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
};

export function recordAudit(db: Kysely<Database> | Transaction<Database>, record: AuditRecord) {
  return insertAuditEntry(db, {
    actorId: record.actor.operatorId,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    before: record.before ?? null,
    after: record.after ?? null,
    ip: record.actor.ip || null,
    requestId: record.actor.requestId || null,
    at: record.at,
  });
}
