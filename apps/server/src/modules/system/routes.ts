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
 * `GET /api/health`: 200 while the store answers and can write; 503 with a HealthProblem when it
 * does not answer, or answers but cannot write (degraded: storage full or read-only), so a load
 * balancer or a monitor sees what users see. Returns the watch that logs the store's changes.
 */
export function registerSystemRoutes(
  { route, store, version, clock, log }: ModuleContext,
  readiness: Omit<ReadinessDeps, 'store'>,
) {
  const startedAt = clock.now().getTime();
  const uptime = () => Math.round((clock.now().getTime() - startedAt) / 1000);

  route(systemEndpoints.health, async ({ request, reply }) => {
    const about = { version, uptime_seconds: uptime() };
    try {
      await store.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health: the store is not answering');
      return unavailable(reply, SERVER.storeUnreachable, {
        status: 'unavailable',
        store: 'unreachable',
        ...about,
      });
    }
    const degraded = store.health.degraded();
    if (degraded) {
      // Logged once when it began (below), not on every poll of a monitor.
      return unavailable(reply, SERVER.storeDegraded, {
        status: 'unavailable',
        store: 'degraded',
        degraded_since: degraded.since.toISOString(),
        ...about,
      });
    }
    return { message: 'SkyDesk is up', data: { status: 'ok' as const, store: 'ok' as const, ...about } };
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

  // One line when writes start failing and one when they work again, whatever the traffic.
  const stop = store.health.onChange((degraded) => {
    if (degraded) {
      log.error(
        { since: degraded.since.toISOString(), reason: degraded.reason },
        'store degraded: it cannot save changes (storage full or read-only); writes answer 503 and a probe retries every few seconds',
      );
    } else log.info('store writable again: writes work and health answers 200');
  });
  return { storeWatch: { stop } };
}

function unavailable(reply: FastifyReply, message: string, data: HealthProblem): typeof REPLY_SENT {
  void reply
    .code(503)
    .header('retry-after', String(STORE_RETRY_AFTER_SECONDS))
    .send({ status: false, message, data } satisfies FailureEnvelope);
  return REPLY_SENT;
}
