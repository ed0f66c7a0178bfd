import { sendNotificationMails } from '../../src/modules/notices/mail.js';
import type { Mailer } from '../../src/platform/mail/mailer.js';
import type { TestApp } from './auth-flow.js';

/**
 * The notifications' mail sweep, run by hand: test apps never listen, so no sweep runs by itself
 * (notices/mail.ts). Mails go to the app's outbox unless another mailer is given.
 */
export const PORTAL_URL = 'https://portal.skydesk.test';

export function sendMails(t: TestApp, mailer: Mailer = t.app.skydesk.platform.mailer) {
  return sendNotificationMails({
    db: t.store.db,
    mailer,
    clock: t.clock,
    log: t.app.log,
    publicUrl: PORTAL_URL,
  });
}

/** A mailer that fails for these addresses and writes the others to the outbox. */
export function failingFor(t: TestApp, addresses: string[]): Mailer {
  const outboxMailer = t.app.skydesk.platform.mailer;
  return {
    transport: 'smtp',
    async send(mail) {
      if (addresses.includes(mail.to)) throw new Error('SMTP 451: try again later');
      await outboxMailer.send(mail);
    },
  };
}
