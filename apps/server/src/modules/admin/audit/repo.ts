import type { AuditAction } from '@skydesk/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

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

/**
 * The agency an entry concerned: the agency itself, or the one whose deposit, refund request or
 * support ticket it was (ids of those kinds are uuids; the others have no agency).
 */
const agencyOfTarget = sql<string | null>`(case audit_log.target_type
  when 'company' then audit_log.target_id::uuid
  when 'deposit' then (select d.company_id from deposit_transactions d where d.id = audit_log.target_id::uuid)
  when 'refund' then (select o.company_id from orders o where o.id = audit_log.target_id::uuid)
  when 'ticket' then (select t.company_id from support_tickets t where t.id = audit_log.target_id::uuid)
end)`;

/** A page of entries, newest first, with the acting operator and the agency concerned. */
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
      sql<string | null>`(select c.id from companies c where c.id = ${agencyOfTarget})`.as('agency_id'),
      sql<string | null>`(select c.name from companies c where c.id = ${agencyOfTarget})`.as('agency_name'),
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();

export type AuditRow = Awaited<ReturnType<typeof listAuditEntries>>[number];
