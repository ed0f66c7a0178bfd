import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** The SQL of the work queue: each desk's waiting items counted, with the oldest's time. */

type Db = Kysely<Database> | Transaction<Database>;

export type QueueCount = { waiting: number; oldest: Date | null };

const counted = (row: { waiting: number | string | bigint; oldest: Date | string | null } | undefined) => ({
  waiting: Number(row?.waiting ?? 0),
  oldest: row?.oldest ? new Date(row.oldest) : null,
});

/** Agencies in review, waiting since their latest vendor form (or their registration, without one). */
export async function agenciesInReview(db: Db): Promise<QueueCount> {
  const row = await db
    .selectFrom('companies')
    .where('companies.verification_status', '=', 'pending_review')
    .select((eb) => [
      eb.fn.countAll<number>().as('waiting'),
      sql<Date | null>`min(coalesce(
        (select max(v.created_at) from vendor_submissions v where v.company_id = companies.id),
        companies.created_at))`.as('oldest'),
    ])
    .executeTakeFirst();
  return counted(row);
}

export async function pendingDeposits(db: Db): Promise<QueueCount> {
  const row = await db
    .selectFrom('deposit_transactions')
    .where('deposit_transactions.status', '=', 'pending')
    .select((eb) => [
      eb.fn.countAll<number>().as('waiting'),
      eb.fn.min('deposit_transactions.created_at').as('oldest'),
    ])
    .executeTakeFirst();
  return counted(row);
}

export async function pendingRefunds(db: Db): Promise<QueueCount> {
  const row = await db
    .selectFrom('orders')
    .where('orders.kind', '=', 'refund')
    .where('orders.status', '=', 'pending')
    .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('orders.created_at').as('oldest')])
    .executeTakeFirst();
  return counted(row);
}

/**
 * Tickets not closed whose agency wrote after SkyDesk's last message (or SkyDesk never wrote):
 * waiting since the first of those messages, as the support queue counts it.
 */
export async function ticketsAwaitingAnswer(db: Db): Promise<QueueCount & { unassigned: number }> {
  const result = await sql<{ waiting: string | number; oldest: Date | null; unassigned: string | number }>`
    select count(*) as waiting, min(w.since) as oldest,
      count(*) filter (where w.assigned_to is null) as unassigned
    from (
      select t.assigned_to, (
        select min(m.created_at) from support_messages m
        where m.ticket_id = t.id and m.side = 'agency' and m.seq > coalesce(
          (select max(o.seq) from support_messages o where o.ticket_id = t.id and o.side = 'operator'), 0)
      ) as since
      from support_tickets t
      where t.status <> 'closed'
    ) w
    where w.since is not null`.execute(db);
  const row = result.rows[0];
  return { ...counted(row), unassigned: Number(row?.unassigned ?? 0) };
}
