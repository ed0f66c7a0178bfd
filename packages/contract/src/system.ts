import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const Health = z.object({
  status: z.literal('ok'),
  store: z.literal('ok'),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof Health>;

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and store check',
    access: 'public',
    response: Health,
  }),
};
