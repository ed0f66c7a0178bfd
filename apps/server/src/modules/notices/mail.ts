import type { MailedNotificationKind, NotificationKind } from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { Exclusively } from '../../platform/db/task-lock.js';
import { mailLayout } from '../../platform/mail/layout.js';
import type { Mail, Mailer } from '../../platform/mail/mailer.js';
import { periodicTask } from '../../platform/periodic-task.js';
import * as repo from './repo.js';

/**
 * The e-mail of the money and approval notifications (MAILED_NOTIFICATION_KINDS) — the one way a
 * notification is mailed. notify() writes such a notification 'pending' in the deciding
 * transaction; this sweep, after the commit, mails it to the users who may act on it and marks it
 * 'sent'. A decision rolled back left no row, so it is never mailed.
 *
 * Never lost: a mail that fails leaves the notification pending, tried again later (sooner at
 * first, then at most hourly), and only the recipients it has not reached yet are mailed again —
 * each recipient is recorded once their mail went out. A sweep that dies mid-way leaves its claim
 * to run out; at worst a recipient whose mail went out just before is mailed twice.
 * Once at a time: a sweep claims the notifications it mails (skip locked, then a lease), so two
 * servers never mail the same one.
 */

/**
 * Who may act on each e-mailed kind, when the notification is for the whole agency (one for a
 * single user is mailed to that user): the agency's decisions to its owner, who answers for it;
 * money to those who see the agency's payments; refunds to those who request them.
 */
export const MAIL_AUDIENCE: Record<MailedNotificationKind, repo.MailAudience> = {
  company_approved: { owner: true },
  company_rejected: { owner: true },
  company_suspended: { owner: true },
  company_reactivated: { owner: true },
  deposit_approved: { permission: 'payments.view' },
  deposit_rejected: { permission: 'payments.view' },
  credits_adjusted: { permission: 'payments.view' },
  credit_limit_changed: { permission: 'payments.view' },
  low_balance: { permission: 'payments.view' },
  refund_approved: { permission: 'bookings.refund' },
  refund_rejected: { permission: 'bookings.refund' },
  // Issue 32: whoever may open the booking reads the change and its deadline.
  airline_change: { permission: 'bookings.view' },
};

/** What the mail's button says, by kind (it opens the notification's link). */
const BUTTON_LABEL: Partial<Record<NotificationKind, string>> = {
  deposit_approved: 'See your transactions',
  deposit_rejected: 'See your transactions',
  low_balance: 'Record a deposit',
  refund_approved: 'Open the booking',
  refund_rejected: 'Open the booking',
  airline_change: 'Open the booking',
};

/** Where a user turns these e-mails off. */
export const NOTIFICATION_SETTINGS_PATH = '/dashboard/settings';

/** Notifications claimed per batch; a run goes on while there are more, up to MAILS_PER_RUN. */
const CLAIM_BATCH = 50;
export const MAILS_PER_RUN = 500;
/** How long a claim keeps other sweeps off a notification (longer than any batch takes to mail). */
const CLAIM_LEASE_MS = 10 * 60_000;
/** After a failed try: 1 minute, then doubling, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

export function notificationMail(
  notification: Pick<repo.ClaimedMail, 'kind' | 'title' | 'body' | 'link'>,
  to: { name: string; email: string; company_name: string },
  publicUrl: string,
): Mail {
  const href = `${publicUrl}${notification.link ?? '/dashboard'}`;
  const settings = `${publicUrl}${NOTIFICATION_SETTINGS_PATH}`;
  const lines = [`Hello ${to.name},`, ...notification.body.split('\n\n')];
  const footer = `You get this e-mail as a user of ${to.company_name} on SkyDesk. Turn it off in your notification settings: ${settings}`;
  return {
    to: to.email,
    subject: `SkyDesk: ${notification.title}`,
    text: `SkyDesk\n\n${[...lines, href, footer].join('\n\n')}\n`,
    html: mailLayout(notification.title, [...lines], {
      link: { href, label: BUTTON_LABEL[notification.kind] ?? 'Open SkyDesk' },
      footnote: footer,
    }),
  };
}

export type NotificationMailDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
};

/** One notification's e-mail to everyone it has not reached yet; answers how many failed. */
async function mailOne(deps: NotificationMailDeps, mail: repo.ClaimedMail) {
  const audience = MAIL_AUDIENCE[mail.kind as MailedNotificationKind];
  let sent = 0;
  let failed = 0;
  // A kind no longer mailed (or never: a row written by hand) has no one to reach.
  const recipients = audience ? await repo.mailRecipients(deps.db, mail, audience) : [];
  for (const recipient of recipients) {
    try {
      await deps.mailer.send(notificationMail(mail, recipient, deps.publicUrl));
    } catch (error) {
      failed++;
      deps.log.error({ err: error, notificationId: mail.id }, 'could not mail a notification');
      continue;
    }
    sent++;
    await repo.recordMailSent(deps.db, mail.id, recipient.id, deps.clock.now());
  }
  if (failed === 0) await repo.markMailSent(deps.db, mail.id);
  else {
    const retryAt = new Date(deps.clock.now().getTime() + retryDelayMs(mail.mail_attempts));
    await repo.retryMailAt(deps.db, mail.id, retryAt);
  }
  return { sent, failed };
}

/** One run: mails the due notifications, oldest first; answers how many mails went out or failed. */
export async function sendNotificationMails(
  deps: NotificationMailDeps,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  let claimed = 0;
  while (claimed < MAILS_PER_RUN) {
    const now = deps.clock.now();
    const batch = await repo.claimDueMails(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
      limit: CLAIM_BATCH,
    });
    if (batch.length === 0) break;
    claimed += batch.length;
    for (const mail of batch) {
      const outcome = await mailOne(deps, mail);
      sent += outcome.sent;
      failed += outcome.failed;
    }
  }
  return { sent, failed };
}

/**
 * The sweep, every `intervalSeconds` while the server listens, and at once when a mailed
 * notification was committed (the live push hears it: `kick`).
 */
export function notificationMailSweeper(
  deps: NotificationMailDeps & { intervalSeconds: number; exclusively: Exclusively },
) {
  return periodicTask({
    name: 'notification mail sweep',
    intervalSeconds: deps.intervalSeconds,
    log: deps.log,
    exclusively: deps.exclusively,
    run: async () => {
      const { sent, failed } = await sendNotificationMails(deps);
      if (sent > 0 || failed > 0) deps.log.info({ sent, failed }, 'mailed notifications');
    },
  });
}
