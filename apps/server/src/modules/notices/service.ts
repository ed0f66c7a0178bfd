import { AppError, NOTIFICATION_LIST_LIMIT, type Notification, SERVER } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import * as repo from './repo.js';

/** A notification on the wire (the list and the live push). */
export const presentNotification = (row: repo.NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.read_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

/** API.md "Support, notices": an agency's notifications, to the whole company or to one user. */
export function createNoticeService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async list(principal: CompanyPrincipal): Promise<Notification[]> {
      const rows = await repo.listNotifications(
        db,
        principal.companyId,
        principal.userId,
        NOTIFICATION_LIST_LIMIT,
      );
      return rows.map(presentNotification);
    },

    async markRead(principal: CompanyPrincipal, id: string) {
      const found = await repo.markRead(db, principal.companyId, principal.userId, id, clock.now());
      if (!found) throw new AppError('not_found', SERVER.notFound);
      return { id };
    },
  };
}
