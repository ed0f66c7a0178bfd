import websocket from '@fastify/websocket';
import { AppError, LIVE_CLOSE, LIVE_MAX_FRAME_BYTES, LIVE_PATH } from '@skydesk/contract';
import { defineModule } from '../../platform/module.js';
import { periodicTask } from '../../platform/periodic-task.js';
import { createFrameAuthorizer, createLiveAuthenticator } from './authenticate.js';
import { liveHeartbeat } from './heartbeat.js';
import { createLiveHub, type LiveHub } from './hub.js';
import { LiveClient } from './live-client.js';
import { isAllowedOrigin } from './origin.js';
import { sessionEndListener } from './session-end.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel's sockets on this server: modules push to an agency through it. */
    live: LiveHub;
  }
}

/** One user's tabs and windows; a newer one past this waits for an older one to close. */
const MAX_SOCKETS_PER_USER = 8;
/**
 * How often every socket's session is checked again between pushes (a push checks its own
 * sockets first): a signed-out user or a suspended agency stops receiving within this long.
 */
const RECHECK_SECONDS = 60;

/**
 * The live channel (docs/api.md: WebSocket /api/ws): a socket per open portal tab, authenticated by its
 * first frame, that the server pushes an agency's news through as they are committed
 * (docs/decisions/012-live-push.md). The notices module pushes notifications through it, the
 * support module tickets' messages, read receipts and typing.
 */
export const liveModule = defineModule({ name: 'live' }, async ({ config, clock, log, store }, app) => {
  const hub = createLiveHub({ maxSocketsPerUser: MAX_SOCKETS_PER_USER });
  // Before the server stops, and before the WebSocket plugin closes sockets without a word: every
  // client is told the server is going away, so it comes back (to this server or another).
  app.addHook('preClose', async () => hub.closeAll(LIVE_CLOSE.goingAway));
  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_FRAME_BYTES },
    // A broken connection or a frame over the limit (ws closes it with 1009): the client's affair.
    errorHandler: (error, socket) => {
      log.debug({ err: error }, 'live socket error');
      socket.terminate();
    },
  });

  app.decorate('live', hub);
  const authenticate = createLiveAuthenticator(app.skydesk.guard);
  const authorize = createFrameAuthorizer(app.skydesk.guard);

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      // Before the upgrade: a page of another site gets a 403 answer, never a socket.
      preValidation: async (request) => {
        if (!isAllowedOrigin(request.headers.origin, config.publicUrl, request.host)) {
          throw new AppError('forbidden', "Live updates are open only to the portal's own pages");
        }
      },
    },
    (socket, request) => {
      new LiveClient(socket, {
        authenticate,
        authorize,
        ip: request.ip,
        authTimeoutMs: config.liveAuthTimeoutMs,
        clock,
        log,
        join: (client) => hub.join(client),
        leave: (client) => hub.leave(client),
        handleFrame: (client, frame) => hub.dispatch(client, frame),
      });
    },
  );

  // This server's own sockets: every server checks its own (no turns across servers).
  const recheck = periodicTask({
    name: 'live session check',
    intervalSeconds: RECHECK_SECONDS,
    log,
    run: () => hub.recheckAll(),
  });
  const heartbeat = liveHeartbeat(app.websocketServer.clients, config.liveHeartbeatMs);
  const sessionEnds = sessionEndListener({ store, hub, log });
  app
    .addHook('onListen', recheck.start)
    .addHook('onListen', heartbeat.start)
    .addHook('onListen', sessionEnds.start)
    .addHook('onClose', recheck.stop)
    .addHook('onClose', heartbeat.stop)
    .addHook('onClose', sessionEnds.stop);
});
