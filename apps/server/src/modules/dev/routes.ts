import { devEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import { outboxMailsTo } from './repo.js';

/** docs/api.md development helper: only registered while mail goes to the outbox (no SMTP). */
export function registerDevRoutes({ route, store, config }: ModuleContext) {
  if (config.mailTransport !== 'outbox') return;
  route(devEndpoints.outbox, async ({ query }) => {
    const rows = await outboxMailsTo(store.db, query.to, 50);
    return {
      message: `${rows.length} mails`,
      data: rows.map((row) => ({
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attachments: row.attachments,
        created_at: row.created_at.toISOString(),
      })),
    };
  });
}
