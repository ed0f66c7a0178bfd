import { defineModule } from '../../platform/module.js';
import { notificationPush } from './live-push.js';
import { notificationMailSweeper } from './mail.js';
import { publicationSweeper } from './publication.js';
import { registerNoticeRoutes } from './routes.js';

/**
 * What the portal tells an agency (docs/api.md#support-notices-analytics): in-app notifications, pushed live
 * to its open portal over the live channel as they are committed, the e-mail of the money and
 * approval ones, and the announcements and offers SkyDesk publishes (their operators' side is
 * admin/notices). Its sweeps — the notifications' e-mail and the posts' publication — run while
 * the server listens; a committed mailed notification starts the mail sweep at once.
 */
export const noticesModule = defineModule({ name: 'notices', dependencies: ['live'] }, (context, app) => {
  const { store, platform, clock, log, config } = context;
  registerNoticeRoutes(context);
  const mails = notificationMailSweeper({
    db: store.db,
    mailer: platform.mailer,
    clock,
    log,
    publicUrl: config.publicUrl,
    intervalSeconds: config.noticeSweepSeconds,
    exclusively: store.exclusively,
  });
  const publication = publicationSweeper({
    db: store.db,
    clock,
    log,
    intervalSeconds: config.noticeSweepSeconds,
    exclusively: store.exclusively,
  });
  const push = notificationPush({ store, hub: app.live, log, onMailQueued: mails.kick });
  app.addHook('onListen', push.start).addHook('onClose', push.stop);
  for (const sweep of [mails, publication]) {
    // A first run at start: what was waiting while no server ran goes out now.
    app.addHook('onListen', async () => {
      await sweep.start();
      sweep.kick();
    });
    app.addHook('onClose', sweep.stop);
  }
});
