import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The newest mails to one address (already lower-cased), as the outbox holds them. */
export const outboxMailsTo = (db: Kysely<Database>, recipient: string, limit: number) =>
  db
    .selectFrom('mail_outbox')
    .selectAll()
    .where(sql`lower(recipient)`, '=', recipient)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
