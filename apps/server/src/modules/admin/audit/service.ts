import type { AuditEntry, AuditList, AuditQuery } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import * as repo from './repo.js';

const DAY_MS = 86_400_000;
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);

const asObject = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function present(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    actor:
      row.actor_id && row.actor_name && row.actor_email
        ? { id: row.actor_id, name: row.actor_name, email: row.actor_email }
        : null,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    agency: row.agency_id && row.agency_name ? { id: row.agency_id, name: row.agency_name } : null,
    before: asObject(row.before),
    after: asObject(row.after),
    ip: row.ip,
    request_id: row.request_id,
    created_at: row.created_at.toISOString(),
  };
}

/** `GET /api/admin/audit`: the log, filtered by operator, target, action and days (UTC). */
export function createAuditService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async list(query: {
      actor?: string | undefined;
      target?: string | undefined;
      action?: AuditQuery['action'];
      from?: string | undefined;
      to?: string | undefined;
      page: number;
      limit: number;
    }): Promise<AuditList> {
      const filters: repo.AuditFilters = {
        actor: query.actor,
        target: query.target,
        action: query.action,
        from: query.from ? dayStart(query.from) : undefined,
        // `to` is a whole day: up to the start of the next.
        until: query.to ? new Date(dayStart(query.to).getTime() + DAY_MS) : undefined,
      };
      const [total, rows] = await Promise.all([
        repo.countAuditEntries(db, filters),
        repo.listAuditEntries(db, filters, { offset: query.page * query.limit, limit: query.limit }),
      ]);
      return { entries: rows.map(present), total, totalPages: Math.ceil(total / query.limit) };
    },
  };
}
