import { devEndpoints } from '@skydesk/contract';
import { sql } from 'kysely';
import type { ModuleContext } from '../../platform/module.js';

/** API.md development helper: only registered while mail goes to the outbox (no SMTP). */
export function registerDevRoutes({ route, store, config }: ModuleContext) {
  if (config.mailTransport !== 'outbox') return;
  route(devEndpoints.outbox, async ({ query }) => {
    const rows = await store.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where(sql`lower(recipient)`, '=', query.to)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return {
      message: `${rows.length} mails`,
      data: rows.map((row) => ({
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        created_at: row.created_at.toISOString(),
      })),
    };
  });
}
