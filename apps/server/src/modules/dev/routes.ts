import { devEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import { admitOutboxReader, outboxServed } from './outbox-access.js';
import { outboxMailsTo } from './repo.js';

/**
 * docs/api.md development helper: only registered while mail goes to the outbox (no SMTP) on a
 * server listening on loopback (or told otherwise by DEV_OUTBOX_PUBLIC), and answering this
 * machine only (outbox-access.ts).
 */
export function registerDevRoutes({ route, store, config }: ModuleContext) {
  if (!outboxServed(config)) return;
  route(devEndpoints.outbox, async ({ request, query }) => {
    admitOutboxReader(request, config);
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
