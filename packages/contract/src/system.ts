import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const Health = z.object({
  status: z.literal('ok'),
  store: z.literal('ok'),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof Health>;

/**
 * `data` of the 503 failure envelope of `GET /api/health`: the store does not answer, or it
 * answers but cannot write (storage full or read-only) since `degraded_since`. Reads still work
 * while degraded; the server checks every few seconds and answers 200 again by itself.
 */
export const HealthProblem = z.object({
  status: z.literal('unavailable'),
  store: z.enum(['degraded', 'unreachable']),
  degraded_since: z.string().optional(),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type HealthProblem = z.infer<typeof HealthProblem>;

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and store check',
    access: 'public',
    response: Health,
  }),
};
