import type { AuditAction, AuditTargetType } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type NewAuditEntry = {
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  requestId: string | null;
  at: Date;
};

export async function insertAuditEntry(db: Db, entry: NewAuditEntry) {
  const row = await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      ip: entry.ip,
      request_id: entry.requestId,
      created_at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type AuditFilters = {
  actor?: string | undefined;
  target?: string | undefined;
  action?: AuditAction | undefined;
  /** Instants: from inclusive, until exclusive. */
  from?: Date | undefined;
  until?: Date | undefined;
};

function filtered(db: Db, filters: AuditFilters) {
  let query = db.selectFrom('audit_log');
  if (filters.actor) query = query.where('audit_log.actor_id', '=', filters.actor);
  if (filters.target) query = query.where('audit_log.target_id', '=', filters.target);
  if (filters.action) query = query.where('audit_log.action', '=', filters.action);
  if (filters.from) query = query.where('audit_log.created_at', '>=', filters.from);
  if (filters.until) query = query.where('audit_log.created_at', '<', filters.until);
  return query;
}

export async function countAuditEntries(db: Db, filters: AuditFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of entries, newest first, with the acting operator. */
export const listAuditEntries = (db: Db, filters: AuditFilters, page: { offset: number; limit: number }) =>
  filtered(db, filters)
    .leftJoin('operators', 'operators.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.actor_id',
      'operators.name as actor_name',
      'operators.email as actor_email',
      'audit_log.action',
      'audit_log.target_type',
      'audit_log.target_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.ip',
      'audit_log.request_id',
      'audit_log.created_at',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();

export type AuditRow = Awaited<ReturnType<typeof listAuditEntries>>[number];
