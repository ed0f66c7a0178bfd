import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.js';
import { insertOutboxMail } from './outbox-repo.js';

/** A file sent with a mail (the e-ticket PDF). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

export type Mailer = { transport: 'smtp' | 'outbox'; send(mail: Mail): Promise<void> };

/** Real SMTP through nodemailer; `SMTP_URL` carries host, port, credentials and TLS (smtps://). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transporter = nodemailer.createTransport(options.url);
  return {
    transport: 'smtp',
    async send(mail) {
      const { attachments, ...rest } = mail;
      await transporter.sendMail({
        from: options.from,
        ...rest,
        ...(attachments?.length
          ? {
              attachments: attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
              })),
            }
          : {}),
      });
    },
  };
}

/**
 * The embedded default: mail is written to the outbox table and logged, so a newcomer (and the
 * browser suite) can read codes through `GET /api/dev/outbox` without an SMTP server.
 */
export function createOutboxMailer(db: Kysely<Database>, log: FastifyBaseLogger): Mailer {
  return {
    transport: 'outbox',
    async send(mail) {
      await insertOutboxMail(db, mail);
      log.info(
        { to: mail.to, subject: mail.subject, attachments: mail.attachments?.map((file) => file.filename) },
        'mail written to the outbox',
      );
    },
  };
}
