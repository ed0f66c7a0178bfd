import {
  type FailureEnvelope,
  type HealthProblem,
  notReadyMessage,
  READINESS_CHECKS,
  type ReadinessProblem,
  SERVER,
  systemEndpoints,
} from '@skydesk/contract';
import type { FastifyReply } from 'fastify';
import { STORE_RETRY_AFTER_SECONDS } from '../../platform/db/store-health.js';
import { REPLY_SENT } from '../../platform/http/endpoint-route.js';
import type { ModuleContext } from '../../platform/module.js';
import { checkReadiness, type ReadinessDeps } from './readiness.js';

/**
 * `GET /api/health`: 200 while the store answers and can write and the uploads folder takes files;
 * 503 with a HealthProblem when the store does not answer, or answers but cannot write (degraded:
 * storage full or read-only), or the uploads can't be written (issue 28), so a load balancer or a
 * monitor sees what users see. Returns the watch that logs the store's and the uploads' changes.
 */
export function registerSystemRoutes(
  { route, store, platform, version, clock, log }: ModuleContext,
  readiness: Omit<ReadinessDeps, 'store'>,
) {
  const { files } = platform;
  const startedAt = clock.now().getTime();
  const uptime = () => Math.round((clock.now().getTime() - startedAt) / 1000);

  route(systemEndpoints.health, async ({ request, reply }) => {
    const about = { version, uptime_seconds: uptime() };
    await files.health?.check();
    const uploads = files.health?.degraded();
    const uploadsState = uploads
      ? { uploads: 'degraded' as const, uploads_degraded_since: uploads.since.toISOString() }
      : { uploads: 'ok' as const };
    try {
      await store.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health: the store is not answering');
      return unavailable(reply, SERVER.storeUnreachable, {
        status: 'unavailable',
        store: 'unreachable',
        ...uploadsState,
        ...about,
      });
    }
    const degraded = store.health.degraded();
    if (degraded || uploads) {
      // Logged once when it began (below), not on every poll of a monitor.
      return unavailable(reply, degraded ? SERVER.storeDegraded : SERVER.storageUnavailable, {
        status: 'unavailable',
        store: degraded ? 'degraded' : 'ok',
        ...(degraded ? { degraded_since: degraded.since.toISOString() } : {}),
        ...uploadsState,
        ...about,
      });
    }
    return {
      message: 'SkyDesk is up',
      data: { status: 'ok' as const, store: 'ok' as const, uploads: 'ok' as const, ...about },
    };
  });

  // Readiness: 503 naming the failed checks (each logged as a warning: a probe fails rarely, and
  // the log should say why the balancer took this process out).
  route(systemEndpoints.ready, async ({ request, reply }) => {
    const checks = await checkReadiness({ store, ...readiness });
    const about = { checks, version, uptime_seconds: uptime() };
    const failed = READINESS_CHECKS.filter((name) => !checks[name].ok);
    if (failed.length === 0)
      return { message: 'SkyDesk is ready', data: { status: 'ready' as const, ...about } };
    request.log.warn({ failed, checks }, 'not ready');
    void reply.code(503).send({
      status: false,
      message: notReadyMessage(failed),
      data: { status: 'not_ready', failed, ...about } satisfies ReadinessProblem,
    } satisfies FailureEnvelope);
    return REPLY_SENT;
  });

  // One line when writes start failing, with why, and one when they work again, whatever the
  // traffic: a warning, not an error per refused request (each 503 is in the request log).
  const stopStore = store.health.onChange((degraded) => {
    if (degraded) {
      log.warn(
        { since: degraded.since.toISOString(), reason: degraded.reason },
        'store degraded: it cannot save changes (storage full or read-only); writes answer 503 and a probe retries every few seconds',
      );
    } else log.info('store writable again: writes work and health answers 200');
  });
  const stopFiles = files.health?.onChange((degraded) => {
    if (degraded) {
      log.warn(
        { since: degraded.since.toISOString(), reason: degraded.reason },
        'uploads degraded: files cannot be saved (storage full or read-only); uploads answer 503 and a probe retries every few seconds',
      );
    } else log.info('uploads writable again: uploads work and health answers 200');
  });
  // The embedded store's engine: reopened after PostgreSQL failed, or serving reads from a copy.
  const stopEngine = store.onEngineChange?.((mode, reason) => {
    if (mode === 'primary') log.warn({ reason }, 'embedded store opened again on its data folder');
    else if (mode === 'read-only copy') {
      log.warn(
        { reason },
        'embedded store serving reads from a read-only copy in memory: its data folder cannot be written; writes answer 503 until it can',
      );
    } else
      log.error(
        { reason },
        'embedded store down: every call answers 503 until its data folder can be written',
      );
  });
  return {
    storeWatch: {
      stop: () => {
        stopStore();
        stopFiles?.();
        stopEngine?.();
        files.health?.stop();
      },
    },
  };
}

function unavailable(reply: FastifyReply, message: string, data: HealthProblem): typeof REPLY_SENT {
  void reply
    .code(503)
    .header('retry-after', String(STORE_RETRY_AFTER_SECONDS))
    .send({ status: false, message, data } satisfies FailureEnvelope);
  return REPLY_SENT;
}
