import type { AdminWorkQueue } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import * as repo from './repo.js';

const line = ({ waiting, oldest }: repo.QueueCount) => ({
  waiting,
  oldest_since: oldest ? oldest.toISOString() : null,
});

/** `GET /api/admin/work-queue`: what waits for an operator's decision, desk by desk (issue 30). */
export function createWorkQueueService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async now(): Promise<AdminWorkQueue> {
      const [agencies, deposits, refunds, tickets] = await Promise.all([
        repo.agenciesInReview(db),
        repo.pendingDeposits(db),
        repo.pendingRefunds(db),
        repo.ticketsAwaitingAnswer(db),
      ]);
      return {
        agencies: line(agencies),
        deposits: line(deposits),
        refunds: line(refunds),
        tickets: { ...line(tickets), unassigned: tickets.unassigned },
        total: agencies.waiting + deposits.waiting + refunds.waiting + tickets.waiting,
      };
    },
  };
}
