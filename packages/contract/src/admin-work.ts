import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/**
 * What waits for an operator's decision (issue 30): the console opens on it, and its menu counts it.
 * Each desk's queue with how many wait and since when the oldest has: agencies whose documents
 * wait for review, deposits to credit or refuse, refund requests, and support tickets whose agency
 * waits for an answer (its message is the last one).
 */

/** One desk's queue: how many wait, and since when the longest-waiting one has (null: none). */
export const WorkQueueLine = z.object({
  waiting: z.number().int().nonnegative(),
  oldest_since: z.string().nullable(),
});
export type WorkQueueLine = z.infer<typeof WorkQueueLine>;

export const WORK_QUEUES = ['agencies', 'deposits', 'refunds', 'tickets'] as const;
export type WorkQueueName = (typeof WORK_QUEUES)[number];

export const AdminWorkQueue = z.object({
  /** Agencies in review (`pending_review`): their documents are in. */
  agencies: WorkQueueLine,
  /** Deposits not credited nor refused yet. */
  deposits: WorkQueueLine,
  /** Refund requests not decided yet. */
  refunds: WorkQueueLine,
  /** Open tickets whose agency wrote last: waiting for SkyDesk's answer. */
  tickets: WorkQueueLine.extend({
    /** Of those, the ones no operator has taken. */
    unassigned: z.number().int().nonnegative(),
  }),
  /** Everything above together. */
  total: z.number().int().nonnegative(),
});
export type AdminWorkQueue = z.infer<typeof AdminWorkQueue>;

export const adminWorkEndpoints = {
  workQueue: defineEndpoint({
    method: 'GET',
    path: '/api/admin/work-queue',
    summary:
      'What waits for a decision: agencies in review, pending deposits and refunds, tickets waiting for an answer — counts and the oldest',
    access: 'operator',
    response: AdminWorkQueue,
  }),
};
