import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const Health = z.object({
  status: z.literal('ok'),
  store: z.literal('ok'),
  /** The uploads folder (DATA_DIR/uploads) takes files (issue 28). */
  uploads: z.literal('ok'),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof Health>;

/**
 * `data` of the 503 failure envelope of `GET /api/health`: the store does not answer, or it
 * answers but cannot write (storage full or read-only) since `degraded_since`; or the uploads
 * folder can't take files since `uploads_degraded_since` (issue 28). Reads still work while
 * degraded; the server checks every few seconds and answers 200 again by itself.
 */
export const HealthProblem = z.object({
  status: z.literal('unavailable'),
  store: z.enum(['ok', 'degraded', 'unreachable']),
  degraded_since: z.string().optional(),
  uploads: z.enum(['ok', 'degraded']),
  uploads_degraded_since: z.string().optional(),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type HealthProblem = z.infer<typeof HealthProblem>;

/** What readiness checks, in the order it checks them. */
export const READINESS_CHECKS = ['store', 'migrations', 'supplier'] as const;
export type ReadinessCheckName = (typeof READINESS_CHECKS)[number];

/**
 * One readiness check: whether it passed and what was found — the store answering and able to
 * write (a degraded store answers reads but fails readiness, so a balancer stops sending it
 * writes: issue 28), every migration this build knows applied, the flight supplier's network
 * built and answering.
 */
export const ReadinessCheck = z.object({ ok: z.boolean(), detail: z.string() });
export type ReadinessCheck = z.infer<typeof ReadinessCheck>;

const readinessChecks = z.object({
  store: ReadinessCheck,
  migrations: ReadinessCheck,
  supplier: ReadinessCheck,
});

/** `GET /api/health/ready`: this process can take traffic (a load balancer's readiness probe). */
export const Readiness = z.object({
  status: z.literal('ready'),
  checks: readinessChecks,
  version: z.string(),
  uptime_seconds: z.number(),
});
export type Readiness = z.infer<typeof Readiness>;

/** `data` of its 503 failure envelope: which checks failed, and every check's finding. */
export const ReadinessProblem = z.object({
  status: z.literal('not_ready'),
  failed: z.array(z.enum(READINESS_CHECKS)).min(1),
  checks: readinessChecks,
  version: z.string(),
  uptime_seconds: z.number(),
});
export type ReadinessProblem = z.infer<typeof ReadinessProblem>;

/** The 503's message: 'Not ready: store, migrations'. */
export const notReadyMessage = (failed: readonly ReadinessCheckName[]) => `Not ready: ${failed.join(', ')}`;

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and store check',
    access: 'public',
    response: Health,
  }),
  /**
   * Readiness, apart from liveness: 200 once the store answers, the migrations are applied and
   * the supplier is built; 503 with a ReadinessProblem naming the failed checks otherwise.
   */
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Readiness: store reachable, migrations applied, supplier built',
    access: 'public',
    response: Readiness,
  }),
};
