import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Mail } from './mailer.js';

/** The outbox table (mail_outbox): what the embedded mailer writes and GET /api/dev/outbox reads. */
export async function insertOutboxMail(db: Kysely<Database>, mail: Mail): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachments: JSON.stringify(
        (mail.attachments ?? []).map((file) => ({
          filename: file.filename,
          content_type: file.contentType,
          content_base64: file.content.toString('base64'),
        })),
      ),
    })
    .execute();
}
