import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { createOutboxMailer } from './mailer.js';

describe.each(storeKinds())('the outbox mailer on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store?.dispose());

  it('keeps each mail in the outbox, its attachments in base64', async () => {
    const silent = { info: () => {} } as unknown as Parameters<typeof createOutboxMailer>[1];
    const mailer = createOutboxMailer(store.db, silent);
    expect(mailer.transport).toBe('outbox');
    await mailer.send({
      to: 'agent@example.com',
      subject: 'Your e-ticket',
      text: 'Attached.',
      html: '<p>Attached.</p>',
      attachments: [
        { filename: 'ticket.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
      ],
    });
    const rows = await store.db.selectFrom('mail_outbox').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipient: 'agent@example.com',
      subject: 'Your e-ticket',
      text_body: 'Attached.',
      html_body: '<p>Attached.</p>',
      attachments: [
        { filename: 'ticket.pdf', content_type: 'application/pdf', content_base64: 'JVBERi0xLjQ=' },
      ],
    });
  });
});
