import type { SupportCategory, SupportPriority, SupportSide, SupportTicketStatus } from '@skydesk/contract';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * The SQL of support tickets and their chat. A ticket's messages are numbered 1, 2, 3… (`seq`)
 * under the ticket's row lock, so the numbers follow the order they were stored in and a client
 * that reconnects asks for what follows the last one it holds. Reads that start from an agency's
 * request are scoped to its company: another agency's ticket is not found, as a missing one.
 */

type Db = Kysely<Database> | Transaction<Database>;
type TicketScope = ExpressionBuilder<Database & { t: Database['support_tickets'] }, 't'>;

/** The store channel every server listens on for support's live events (live.ts). */
export const SUPPORT_CHANNEL = 'skydesk_support';

/**
 * Tells every server listening on the support channel: once the caller's transaction commits when
 * called inside one (PostgreSQL holds a NOTIFY back until then and drops it on rollback), at once
 * otherwise (typing, which nothing stores).
 */
export async function announce(db: Db, payload: string): Promise<void> {
  await sql`select pg_notify(${SUPPORT_CHANNEL}, ${payload})`.execute(db);
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ── tickets ─────────────────────────────────────────────────────────────────────────────────

/**
 * A ticket as both sides see it: its agency, creator, assignee, booking, newest message, each
 * side's unread messages, and since when the agency waits for an answer (its oldest message after
 * the operators' last one; null once closed).
 */
function describedTickets(db: Db) {
  return (
    db
      .selectFrom('support_tickets as t')
      .innerJoin('companies', 'companies.id', 't.company_id')
      .innerJoin('users as creator', 'creator.id', 't.created_by')
      .leftJoin('operators as assignee', 'assignee.id', 't.assigned_to')
      .leftJoin('bookings', 'bookings.id', 't.booking_id')
      .leftJoin('support_messages as newest', (join) =>
        join.onRef('newest.ticket_id', '=', 't.id').onRef('newest.seq', '=', 't.last_seq'),
      )
      .selectAll('t')
      .select([
        'companies.name as company_name',
        'companies.country as company_country',
        'creator.name as creator_name',
        'assignee.name as assignee_name',
        'bookings.pnr as booking_pnr',
        'newest.side as newest_side',
        'newest.body as newest_body',
        'newest.created_at as newest_at',
      ])
      // Who wrote SkyDesk's latest message: the operator the agency heard from.
      .select((eb) => {
        const latestAnswer = (column: 'answerer.id' | 'answerer.name') =>
          eb
            .selectFrom('support_messages as answer')
            .innerJoin('operators as answerer', 'answerer.id', 'answer.operator_id')
            .select(column)
            .whereRef('answer.ticket_id', '=', 't.id')
            .where('answer.side', '=', 'operator')
            .orderBy('answer.seq', 'desc')
            .limit(1);
        return [
          latestAnswer('answerer.id').as('answered_by_id'),
          latestAnswer('answerer.name').as('answered_by_name'),
        ];
      })
      .select((eb) => [
        eb
          .selectFrom('support_messages as m')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('m.ticket_id', '=', 't.id')
          .where('m.side', '=', 'operator')
          .whereRef('m.seq', '>', 't.agency_read_seq')
          .as('agency_unread'),
        eb
          .selectFrom('support_messages as m')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('m.ticket_id', '=', 't.id')
          .where('m.side', '=', 'agency')
          .whereRef('m.seq', '>', 't.operator_read_seq')
          .as('operator_unread'),
        sql<Date | null>`case when t.status = 'closed' then null else (
        select min(m.created_at) from support_messages m
        where m.ticket_id = t.id and m.side = 'agency' and m.seq > coalesce(
          (select max(o.seq) from support_messages o where o.ticket_id = t.id and o.side = 'operator'), 0)
      ) end`.as('waiting_since'),
      ])
  );
}

export type TicketRow = Awaited<ReturnType<typeof findTicket>> & object;

export const findTicket = (db: Db, ticketId: string) =>
  describedTickets(db).where('t.id', '=', ticketId).executeTakeFirst();

export const findCompanyTicket = (db: Db, companyId: string, ticketId: string) =>
  describedTickets(db).where('t.id', '=', ticketId).where('t.company_id', '=', companyId).executeTakeFirst();

/** The agency's tickets, newest first. */
export const listCompanyTickets = (db: Db, companyId: string) =>
  describedTickets(db)
    .where('t.company_id', '=', companyId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.number', 'desc')
    .execute();

export type QueueFilters = {
  statuses: readonly SupportTicketStatus[];
  /** An operator's id, `unassigned`, or nothing: anyone's. */
  assignee: { operatorId: string } | 'unassigned' | null;
  companyId?: string | undefined;
  q?: string | undefined;
};

function inQueue(filters: QueueFilters) {
  return (eb: TicketScope) => {
    const conditions = [eb('t.status', 'in', [...filters.statuses])];
    if (filters.assignee === 'unassigned') conditions.push(eb('t.assigned_to', 'is', null));
    else if (filters.assignee) conditions.push(eb('t.assigned_to', '=', filters.assignee.operatorId));
    if (filters.companyId) conditions.push(eb('t.company_id', '=', filters.companyId));
    const q = filters.q?.trim();
    if (q) {
      const pattern = likePattern(q);
      const number = /^#?(\d{1,15})$/.exec(q)?.[1];
      conditions.push(
        eb.or([
          ...(number ? [eb('t.number', '=', Number(number))] : []),
          eb('t.subject', 'ilike', pattern),
          eb.exists(
            eb
              .selectFrom('bookings as b')
              .select('b.id')
              .whereRef('b.id', '=', 't.booking_id')
              .where('b.pnr', 'ilike', pattern),
          ),
          eb.exists(
            eb
              .selectFrom('companies as c')
              .select('c.id')
              .whereRef('c.id', '=', 't.company_id')
              .where('c.name', 'ilike', pattern),
          ),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export async function countQueue(db: Db, filters: QueueFilters): Promise<number> {
  const row = await db
    .selectFrom('support_tickets as t')
    .where(inQueue(filters))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the operators' queue: unassigned first, then high priority first, then the oldest. */
export const listQueue = (db: Db, filters: QueueFilters, page: { offset: number; limit: number }) =>
  describedTickets(db)
    .where(inQueue(filters))
    .orderBy(sql`t.assigned_to is null`, 'desc')
    .orderBy(sql`case t.priority when 'high' then 0 when 'normal' then 1 else 2 end`)
    .orderBy('t.created_at', 'asc')
    .orderBy('t.number', 'asc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();

/**
 * What a ticket's writes need, its row locked until the caller's transaction ends; of that agency
 * only, when given one.
 */
export const lockTicket = (trx: Transaction<Database>, ticketId: string, companyId?: string) => {
  let query = trx
    .selectFrom('support_tickets')
    .select([
      'id',
      'company_id',
      'number',
      'created_by',
      'status',
      'assigned_to',
      'last_seq',
      'agency_read_seq',
      'operator_read_seq',
      'operator_replied_at',
    ])
    .where('id', '=', ticketId);
  if (companyId) query = query.where('company_id', '=', companyId);
  return query.forUpdate().executeTakeFirst();
};

export type LockedTicket = NonNullable<Awaited<ReturnType<typeof lockTicket>>>;

export type NewTicket = {
  companyId: string;
  createdBy: string;
  subject: string;
  category: SupportCategory;
  priority: SupportPriority;
  bookingId: string | null;
  at: Date;
};

export async function insertTicket(trx: Transaction<Database>, ticket: NewTicket): Promise<string> {
  const row = await trx
    .insertInto('support_tickets')
    .values({
      company_id: ticket.companyId,
      created_by: ticket.createdBy,
      subject: ticket.subject,
      category: ticket.category,
      priority: ticket.priority,
      booking_id: ticket.bookingId,
      last_message_at: ticket.at,
      created_at: ticket.at,
      updated_at: ticket.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** After a message: its number, its time, the status it leaves the ticket in. */
export async function recordMessageOnTicket(
  trx: Transaction<Database>,
  ticketId: string,
  change: { seq: number; at: Date; status: SupportTicketStatus; operatorReplied: boolean },
) {
  await trx
    .updateTable('support_tickets')
    .set((eb) => ({
      last_seq: change.seq,
      last_message_at: change.at,
      status: change.status,
      updated_at: change.at,
      ...(change.operatorReplied
        ? { operator_replied_at: eb.fn.coalesce('operator_replied_at', eb.val(change.at)) }
        : {}),
    }))
    .where('id', '=', ticketId)
    .execute();
}

export async function setTicketStatus(
  trx: Transaction<Database>,
  ticketId: string,
  change: { status: SupportTicketStatus; closedAt: Date | null; at: Date },
) {
  await trx
    .updateTable('support_tickets')
    .set({ status: change.status, closed_at: change.closedAt, updated_at: change.at })
    .where('id', '=', ticketId)
    .execute();
}

export async function assignTicket(
  trx: Transaction<Database>,
  ticketId: string,
  change: { operatorId: string; at: Date },
) {
  await trx
    .updateTable('support_tickets')
    .set({ assigned_to: change.operatorId, updated_at: change.at })
    .where('id', '=', ticketId)
    .execute();
}

/** Deletes the ticket and its messages; answers the keys of the files they carried. */
export async function deleteTicket(trx: Transaction<Database>, ticketId: string): Promise<string[]> {
  const files = await trx
    .selectFrom('support_messages')
    .select('attachment_key')
    .where('ticket_id', '=', ticketId)
    .where('attachment_key', 'is not', null)
    .execute();
  await trx.deleteFrom('support_tickets').where('id', '=', ticketId).execute();
  return files.flatMap((row) => (row.attachment_key ? [row.attachment_key] : []));
}

/**
 * Sets one side's read mark to `upTo` (the service, holding the ticket's lock, never moves it
 * back) and stamps the other side's messages up to it as read, the first reading counting.
 */
export async function markRead(
  trx: Transaction<Database>,
  ticketId: string,
  reader: SupportSide,
  upTo: number,
  at: Date,
): Promise<void> {
  const column = reader === 'agency' ? 'agency_read_seq' : 'operator_read_seq';
  await trx
    .updateTable('support_tickets')
    .set({ [column]: upTo })
    .where('id', '=', ticketId)
    .execute();
  await trx
    .updateTable('support_messages')
    .set({ read_at: at })
    .where('ticket_id', '=', ticketId)
    .where('side', '=', reader === 'agency' ? 'operator' : 'agency')
    .where('seq', '<=', upTo)
    .where('read_at', 'is', null)
    .execute();
}

// ── messages ────────────────────────────────────────────────────────────────────────────────

function describedMessages(db: Db) {
  return db
    .selectFrom('support_messages as m')
    .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
    .leftJoin('users', 'users.id', 'm.user_id')
    .leftJoin('operators', 'operators.id', 'm.operator_id')
    .selectAll('m')
    .select(['t.company_id', 'users.name as user_name', 'operators.name as operator_name']);
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export const findMessage = (db: Db, messageId: string) =>
  describedMessages(db).where('m.id', '=', messageId).executeTakeFirst();

/** The message a sender already stored under its own id on this ticket, if any. */
export const findMessageByClientId = (db: Db, ticketId: string, side: SupportSide, clientId: string) =>
  describedMessages(db)
    .where('m.ticket_id', '=', ticketId)
    .where('m.side', '=', side)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst();

/** A ticket's messages after the `afterSeq`th, oldest first. */
export const listMessages = (db: Db, ticketId: string, afterSeq: number) =>
  describedMessages(db)
    .where('m.ticket_id', '=', ticketId)
    .where('m.seq', '>', afterSeq)
    .orderBy('m.seq', 'asc')
    .execute();

/** A message's attachment, on that ticket only. */
export const findAttachment = (db: Db, ticketId: string, messageId: string) =>
  db
    .selectFrom('support_messages')
    .select(['attachment_key', 'attachment_file_name', 'attachment_content_type'])
    .where('id', '=', messageId)
    .where('ticket_id', '=', ticketId)
    .where('attachment_key', 'is not', null)
    .executeTakeFirst();

export type NewMessage = {
  ticketId: string;
  seq: number;
  side: SupportSide;
  /** The agency's user, or the operator, who wrote it. */
  authorId: string;
  body: string;
  clientId: string | null;
  attachment: { key: string; fileName: string; contentType: string; sizeBytes: number } | null;
  at: Date;
};

/** The unique index that makes a sender's own id of a message good for one message per ticket and side. */
export const CLIENT_KEY_INDEX = 'support_messages_client_key';

/**
 * Stores a message; answers its id, or null when the sender's own id was stored already on this
 * ticket and side (the unique index: nothing is stored twice, whatever the race).
 */
export async function insertMessage(trx: Transaction<Database>, message: NewMessage): Promise<string | null> {
  const row = await trx
    .insertInto('support_messages')
    .values({
      ticket_id: message.ticketId,
      seq: message.seq,
      side: message.side,
      user_id: message.side === 'agency' ? message.authorId : null,
      operator_id: message.side === 'operator' ? message.authorId : null,
      body: message.body,
      client_id: message.clientId,
      attachment_key: message.attachment?.key ?? null,
      attachment_file_name: message.attachment?.fileName ?? null,
      attachment_content_type: message.attachment?.contentType ?? null,
      attachment_size_bytes: message.attachment?.sizeBytes ?? null,
      created_at: message.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['ticket_id', 'side', 'client_id']).where('client_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

// ── around a ticket ─────────────────────────────────────────────────────────────────────────

/** Who writes on a socket: the name the other side sees while they type. */
export const userName = (db: Db, userId: string) =>
  db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();

export const operatorName = (db: Db, operatorId: string) =>
  db.selectFrom('operators').select('name').where('id', '=', operatorId).executeTakeFirst();

/** The ticket's agency, or undefined when there is no such ticket (another agency's included). */
export const ticketCompany = (db: Db, ticketId: string, companyId?: string) => {
  let query = db.selectFrom('support_tickets').select(['id', 'company_id']).where('id', '=', ticketId);
  if (companyId) query = query.where('company_id', '=', companyId);
  return query.executeTakeFirst();
};

/** The ticket's creator, if still a user of the agency (a deleted user is told nothing). */
export const activeCreator = (db: Db, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * Whether the user has a support-reply notification about this link they have not read yet (not
 * read by them, nor before their "mark all read"): a second reply then tells them nothing new.
 */
export async function hasUnreadReplyNotice(db: Db, userId: string, link: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select('n.id')
    .where('n.user_id', '=', userId)
    .where('n.kind', '=', 'support_reply')
    .where('n.link', '=', link)
    .where((eb) =>
      eb.or([
        eb('u.notifications_read_before', 'is', null),
        eb('n.created_at', '>', eb.ref('u.notifications_read_before')),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notification_reads as r')
            .select('r.notification_id')
            .whereRef('r.notification_id', '=', 'n.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The agency's contact, beside the chat in the operators' console. */
export const companyContact = (db: Db, companyId: string) =>
  db
    .selectFrom('companies')
    .select(['contact_name', 'email', 'phone'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

/** The agency's most recent bookings, the ticket's own first, with how many travel on each. */
export const recentBookings = (db: Db, companyId: string, firstId: string | null, limit: number) =>
  db
    .selectFrom('bookings')
    .select([
      'bookings.id',
      'bookings.pnr',
      'bookings.status',
      'bookings.itinerary',
      'bookings.currency',
      'bookings.created_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('booking_passengers as p')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('p.booking_id', '=', 'bookings.id')
        .as('passenger_count'),
    )
    .where('bookings.company_id', '=', companyId)
    .$if(firstId !== null, (query) => query.orderBy(sql`bookings.id = ${firstId}`, 'desc'))
    .orderBy('bookings.created_at', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(limit)
    .execute();

export type RecentBookingRow = Awaited<ReturnType<typeof recentBookings>>[number];
