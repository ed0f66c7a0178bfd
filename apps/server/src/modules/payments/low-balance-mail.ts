import { minorMoneyText } from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { mailLayout } from '../../platform/mail/layout.js';
import type { Mail, Mailer } from '../../platform/mail/mailer.js';
import { periodicTask } from '../../platform/periodic-task.js';
import { markAlertMailed, type UnmailedAlert, unmailedAlerts } from './low-balance-repo.js';

/**
 * The owner's low-balance e-mail. The ledger records a crossing in `low_balance_alerts` inside
 * the transaction that caused it (low-balance.ts); this sweep mails the rows after the commit and
 * marks them mailed. A mail that fails stays unmailed and is tried again on the next run, without
 * holding up the others; a mail is marked only once sent, so a crash in between may send it twice
 * but never loses it.
 */

/** Alerts mailed per run at most; the next run takes the rest. */
export const LOW_BALANCE_MAILS_PER_RUN = 100;

/** Where the mail sends the owner: the portal's deposit form. */
const CREATE_TRANSACTION_PATH = '/dashboard/create-transaction';

export function lowBalanceMail(
  alert: Pick<UnmailedAlert, 'available_minor' | 'threshold_minor' | 'currency' | 'company_name'>,
  to: { name: string; email: string },
  publicUrl: string,
): Mail {
  const money = (minor: number) => minorMoneyText(minor, alert.currency);
  const title = 'Your available credits are running low';
  const href = `${publicUrl}${CREATE_TRANSACTION_PATH}`;
  const lines = [
    `Hello ${to.name},`,
    `The available credits of ${alert.company_name} are ${money(alert.available_minor)}, under your alert threshold of ${money(alert.threshold_minor)}.`,
    'Record a deposit to keep ticketing: it is credited once an operator has checked it.',
  ];
  return {
    to: to.email,
    subject: `SkyDesk: ${title}`,
    text: `SkyDesk\n\n${lines.join('\n\n')}\n\n${href}\n`,
    html: mailLayout(title, lines, { link: { href, label: 'Record a deposit' } }),
  };
}

type Deps = {
  db: Kysely<Database>;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
};

/** One run: mails the oldest unmailed alerts; answers how many went out and how many failed. */
export async function mailLowBalanceAlerts(deps: Deps): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const alert of await unmailedAlerts(deps.db, LOW_BALANCE_MAILS_PER_RUN)) {
    try {
      if (alert.owner_email && alert.owner_name) {
        await deps.mailer.send(
          lowBalanceMail(alert, { name: alert.owner_name, email: alert.owner_email }, deps.publicUrl),
        );
        sent++;
      } else {
        // No owner to write to (the notification went to the whole agency): nothing to retry.
        deps.log.warn({ alertId: alert.id }, 'low-balance alert without an owner to mail');
      }
      await markAlertMailed(deps.db, alert.id, deps.clock.now());
    } catch (error) {
      failed++;
      deps.log.error({ err: error, alertId: alert.id }, 'could not mail a low-balance alert');
    }
  }
  return { sent, failed };
}

/** The sweep, every `intervalSeconds` while the server listens (0: off). */
export function lowBalanceMailSweeper(deps: Deps & { intervalSeconds: number }) {
  return periodicTask({
    name: 'low-balance mail sweep',
    intervalSeconds: deps.intervalSeconds,
    log: deps.log,
    run: async () => {
      const { sent, failed } = await mailLowBalanceAlerts(deps);
      if (sent > 0 || failed > 0) deps.log.info({ sent, failed }, 'mailed low-balance alerts');
    },
  });
}
