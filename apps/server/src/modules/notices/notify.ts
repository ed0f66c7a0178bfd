import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { insertNotification, type NewNotification } from './repo.js';

/**
 * How other modules tell an agency something in the portal (the back office's decisions). Call it
 * in the transaction that makes the change it reports, so the two are never apart. The bell and
 * the live push over the WebSocket arrive with a later issue, behind this same call.
 */
export function notify(db: Kysely<Database> | Transaction<Database>, notification: NewNotification) {
  return insertNotification(db, notification);
}

export type { NewNotification };
