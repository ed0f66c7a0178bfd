import {
  AppError,
  type CreateTicketBody,
  SUPPORT_ATTACHMENT_FIELD,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_MESSAGE_RATE,
  SUPPORT_MESSAGES,
  SupportAttachmentFields,
  type SupportMessage,
  type SupportReadState,
  type SupportTicket,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../platform/audit/operator-action.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { defineMultipartForm, type MultipartForm } from '../../platform/http/multipart-form.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import type { StoredFile } from '../../platform/http/send-stored-file.js';
import type { RateLimiter, RateRule } from '../../platform/security/rate-limit.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { reachableBookingId } from '../bookings/index.js';
import { notify } from '../notices/index.js';
import { announceSupportEvent } from './events.js';
import { presentMessage, presentTicket, type Reader } from './presenters.js';
import * as repo from './repo.js';

/**
 * Support tickets and their chat (docs/api.md#support-notices-analytics; docs/architecture.md §5: `open` → `answered` ↔
 * `open` → `closed`). Tickets are the agency's, not one user's: every user whose role holds
 * support.use sees and writes on all of them. Each message is stored before anyone hears of it —
 * numbered under the ticket's row lock, announced on the store's channel in the same transaction —
 * so every server pushes it after the commit, and a client that reconnects asks for what follows
 * the last number it holds. Both the agency's calls and the operators' (modules/admin/support),
 * over HTTP or the live socket, write through here.
 */

/** The multipart form of an attachment: the file, and optionally a text and the sender's own id. */
export const SUPPORT_ATTACHMENT_FORM = defineMultipartForm({
  fields: SupportAttachmentFields,
  files: [SUPPORT_ATTACHMENT_FIELD],
  maxFileBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
  contentTypes: SUPPORT_ATTACHMENT_TYPES,
  missingFile: SUPPORT_MESSAGES.attachmentMissing,
});
export type SupportAttachmentForm = MultipartForm<typeof SUPPORT_ATTACHMENT_FORM>;

/** Who reads a ticket: one agency (its own tickets only) or SkyDesk's operators (every ticket). */
export type TicketViewer = { side: 'agency'; companyId: string } | { side: 'operator' };

/** Who writes on a ticket: a user of its agency, or an operator acting (audited) in the back office. */
export type MessageAuthor =
  | { side: 'agency'; companyId: string; userId: string }
  | { side: 'operator'; actor: OperatorAction };

export type NewSupportMessage = {
  body: string;
  clientId: string | null;
  attachment?: { fileName: string; contentType: string; content: Buffer } | undefined;
};

export const SUPPORT_EXTRA_MESSAGES = {
  attachmentNotFound: 'Attachment not found',
  closedForOperators: 'This ticket is closed: reopen it to reply',
} as const;

const ticketNotFound = () => new AppError('not_found', SUPPORT_MESSAGES.ticketNotFound);
/**
 * docs/architecture.md §6: a PNR of another agency (or out of the user's bookings scope) answers exactly as
 * one naming nothing — 404, as a path id would — with the message on the form's field.
 */
const unknownPnr = () =>
  new AppError('not_found', SUPPORT_MESSAGES.unknownPnr, {
    fieldErrors: { pnr: [SUPPORT_MESSAGES.unknownPnr] },
  });

/** The agency's screen of one ticket's chat: what the support-reply notification opens. */
export const supportChatLink = (ticketId: string) => `/dashboard/support-chat?id=${ticketId}`;

/** How much of a reply its notification quotes. */
const NOTICE_QUOTE_MAX = 200;
const quoted = (text: string) =>
  text.length > NOTICE_QUOTE_MAX ? `${text.slice(0, NOTICE_QUOTE_MAX - 1).trimEnd()}…` : text;

const companyOf = (viewer: TicketViewer | MessageAuthor) =>
  viewer.side === 'agency' ? viewer.companyId : undefined;

/** SUPPORT_MESSAGE_RATE, per person: counted in the database, so every server process shares it. */
const MESSAGE_RATE: RateRule = {
  bucket: 'support-message:author',
  limit: SUPPORT_MESSAGE_RATE.messages,
  windowSeconds: SUPPORT_MESSAGE_RATE.perSeconds,
};

export function createSupportService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  files: FileStore;
  log: FastifyBaseLogger;
  rateLimiter: RateLimiter;
}) {
  const { db, clock, files, log, rateLimiter } = deps;

  /**
   * Issue 27: a person's messages have a rate whichever way they come (HTTP, a file, the live
   * socket) and on either side; past it, 429 with a message the chat shows under the message.
   */
  async function admitMessage(author: MessageAuthor) {
    const who = author.side === 'agency' ? `agency:${author.userId}` : `operator:${author.actor.operatorId}`;
    try {
      await rateLimiter.consume(MESSAGE_RATE, who);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      const wait = error.retryAfter ?? SUPPORT_MESSAGE_RATE.perSeconds;
      throw new AppError('rate_limited', SUPPORT_MESSAGES.tooFast(wait), { retryAfter: wait });
    }
  }

  /** Files no row names any more (a deleted ticket's, an upload refused or stored twice). */
  function discardFiles(keys: string[]) {
    for (const key of keys) {
      files
        .remove(key)
        .catch((error: unknown) => log.warn({ err: error }, 'could not remove a support file'));
    }
  }

  async function agencyTicket(companyId: string, ticketId: string): Promise<SupportTicket> {
    const row = await repo.findCompanyTicket(db, companyId, ticketId);
    if (!row) throw ticketNotFound();
    return presentTicket(row);
  }

  /** The ticket exists and the viewer may see it; 404 otherwise, another agency's included. */
  async function visible(viewer: TicketViewer, ticketId: string) {
    const ticket = await repo.ticketCompany(db, ticketId, companyOf(viewer));
    if (!ticket) throw ticketNotFound();
    return ticket;
  }

  /** The message, presented to one side. */
  async function storedMessage(messageId: string, reader: Reader): Promise<SupportMessage> {
    const row = await repo.findMessage(db, messageId);
    if (!row) throw ticketNotFound();
    return presentMessage(row, reader);
  }

  /**
   * The ticket's creator hears of a reply by a notification — unless one about this ticket still
   * waits unread for them: a conversation is one notice until they look, not one per message.
   */
  async function tellCreator(
    trx: Transaction<Database>,
    ticket: repo.LockedTicket,
    reply: NewSupportMessage,
    at: Date,
  ) {
    const creator = await repo.activeCreator(trx, ticket.created_by);
    if (!creator) return;
    const link = supportChatLink(ticket.id);
    if (await repo.hasUnreadReplyNotice(trx, creator.id, link)) return;
    const text = reply.body || (reply.attachment ? `Sent a file: ${reply.attachment.fileName}` : '');
    await notify(trx, {
      companyId: ticket.company_id,
      userId: creator.id,
      kind: 'support_reply',
      title: `SkyDesk support replied on ticket #${ticket.number}`,
      body: quoted(text),
      link,
      at,
    });
  }

  /**
   * Stores a message on the ticket and announces it; answers it as its author's side reads it.
   * A retry with the same `clientId` on the same ticket and side stores nothing and answers the
   * message stored the first time (`created` false) — even once the ticket has closed since.
   */
  async function send(
    author: MessageAuthor,
    ticketId: string,
    input: NewSupportMessage,
  ): Promise<{ message: SupportMessage; created: boolean }> {
    await admitMessage(author);
    // Checked before the file is stored, so a call on a missing ticket leaves nothing behind.
    await visible(author, ticketId);
    const attachmentKey = input.attachment ? await files.put(input.attachment.content) : null;
    let outcome: { id: string; created: boolean };
    try {
      outcome = await db.transaction().execute(async (trx) => {
        const ticket = await repo.lockTicket(trx, ticketId, companyOf(author));
        if (!ticket) throw ticketNotFound();
        if (input.clientId) {
          const earlier = await repo.findMessageByClientId(trx, ticketId, author.side, input.clientId);
          if (earlier) return { id: earlier.id, created: false };
        }
        if (ticket.status === 'closed') {
          throw new AppError(
            'conflict',
            author.side === 'agency' ? SUPPORT_MESSAGES.closed : SUPPORT_EXTRA_MESSAGES.closedForOperators,
          );
        }
        const at = clock.now();
        const seq = ticket.last_seq + 1;
        const id = await repo.insertMessage(trx, {
          ticketId,
          seq,
          side: author.side,
          authorId: author.side === 'agency' ? author.userId : author.actor.operatorId,
          body: input.body,
          clientId: input.clientId,
          attachment:
            input.attachment && attachmentKey
              ? {
                  key: attachmentKey,
                  fileName: input.attachment.fileName,
                  contentType: input.attachment.contentType,
                  sizeBytes: input.attachment.content.length,
                }
              : null,
          at,
        });
        if (id === null) {
          // Another request stored the same client id first (the unique index waited for it).
          const earlier = input.clientId
            ? await repo.findMessageByClientId(trx, ticketId, author.side, input.clientId)
            : undefined;
          if (!earlier) throw new Error(`A message on ticket ${ticketId} was refused as a duplicate`);
          return { id: earlier.id, created: false };
        }
        const operatorReply = author.side === 'operator';
        await repo.recordMessageOnTicket(trx, ticketId, {
          seq,
          at,
          status: operatorReply ? 'answered' : 'open',
          operatorReplied: operatorReply,
        });
        if (author.side === 'operator') {
          await tellCreator(trx, ticket, input, at);
          await recordAudit(trx, {
            actor: author.actor,
            action: 'ticket.reply',
            target: { type: 'ticket', id: ticketId },
            before: { status: ticket.status },
            after: {
              status: 'answered',
              message_id: id,
              seq,
              attachment: input.attachment?.fileName ?? null,
            },
            at,
          });
        }
        await announceSupportEvent(trx, { event: 'message', id });
        return { id, created: true };
      });
    } catch (error) {
      if (attachmentKey) discardFiles([attachmentKey]);
      throw error;
    }
    if (attachmentKey && !outcome.created) discardFiles([attachmentKey]);
    return { message: await storedMessage(outcome.id, author.side), created: outcome.created };
  }

  return {
    send,

    /** A message announced on the channel, as each side reads it, and whose agency it concerns. */
    async announcedMessage(messageId: string) {
      const row = await repo.findMessage(db, messageId);
      if (!row) return null;
      return {
        companyId: row.company_id,
        ticketId: row.ticket_id,
        forAgency: presentMessage(row, 'agency'),
        forOperators: presentMessage(row, 'operator'),
      };
    },

    /**
     * Opens a ticket with its first message. A PNR must name a booking the user reaches (their
     * agency's, and only their own under an 'own' bookings scope).
     */
    async create(
      principal: CompanyPrincipal,
      body: z.output<typeof CreateTicketBody>,
    ): Promise<SupportTicket> {
      let bookingId: string | null = null;
      if (body.pnr) {
        bookingId = (await reachableBookingId(db, principal, body.pnr)) ?? null;
        if (!bookingId) throw unknownPnr();
      }
      const ticketId = await db.transaction().execute(async (trx) => {
        const at = clock.now();
        const id = await repo.insertTicket(trx, {
          companyId: principal.companyId,
          createdBy: principal.userId,
          subject: body.subject,
          category: body.category,
          priority: body.priority,
          bookingId,
          at,
        });
        const messageId = await repo.insertMessage(trx, {
          ticketId: id,
          seq: 1,
          side: 'agency',
          authorId: principal.userId,
          body: body.message,
          clientId: null,
          attachment: null,
          at,
        });
        await repo.recordMessageOnTicket(trx, id, { seq: 1, at, status: 'open', operatorReplied: false });
        await announceSupportEvent(trx, { event: 'changed', ticket_id: id, company_id: principal.companyId });
        if (messageId) await announceSupportEvent(trx, { event: 'message', id: messageId });
        return id;
      });
      return agencyTicket(principal.companyId, ticketId);
    },

    /** The agency's tickets, newest first. */
    async list(principal: CompanyPrincipal): Promise<SupportTicket[]> {
      const rows = await repo.listCompanyTickets(db, principal.companyId);
      return rows.map(presentTicket);
    },

    view: (principal: CompanyPrincipal, ticketId: string) => agencyTicket(principal.companyId, ticketId),

    /**
     * Deletes a ticket no operator has replied to; after a reply it stays on record (409: the
     * agency closes it instead). Its files go once the deletion has committed.
     */
    async remove(principal: CompanyPrincipal, ticketId: string): Promise<{ id: string }> {
      const keys = await db.transaction().execute(async (trx) => {
        const ticket = await repo.lockTicket(trx, ticketId, principal.companyId);
        if (!ticket) throw ticketNotFound();
        if (ticket.operator_replied_at !== null)
          throw new AppError('conflict', SUPPORT_MESSAGES.notDeletable);
        const removed = await repo.deleteTicket(trx, ticketId);
        await announceSupportEvent(trx, {
          event: 'changed',
          ticket_id: ticketId,
          company_id: principal.companyId,
        });
        return removed;
      });
      discardFiles(keys);
      return { id: ticketId };
    },

    /** The agency needs no more help: the ticket closes (an operator may reopen it). */
    async close(principal: CompanyPrincipal, ticketId: string): Promise<SupportTicket> {
      await db.transaction().execute(async (trx) => {
        const ticket = await repo.lockTicket(trx, ticketId, principal.companyId);
        if (!ticket) throw ticketNotFound();
        if (ticket.status === 'closed') throw new AppError('conflict', SUPPORT_MESSAGES.alreadyClosed);
        const at = clock.now();
        await repo.setTicketStatus(trx, ticketId, { status: 'closed', closedAt: at, at });
        await announceSupportEvent(trx, {
          event: 'changed',
          ticket_id: ticketId,
          company_id: principal.companyId,
        });
      });
      return agencyTicket(principal.companyId, ticketId);
    },

    /** The ticket's messages after the `afterSeq`th, oldest first. */
    async messages(viewer: TicketViewer, ticketId: string, afterSeq: number): Promise<SupportMessage[]> {
      await visible(viewer, ticketId);
      const rows = await repo.listMessages(db, ticketId, afterSeq);
      return rows.map((row) => presentMessage(row, viewer.side));
    },

    /** A message's file, to the ticket's agency or an operator; 404 on any other ticket. */
    async attachment(viewer: TicketViewer, ticketId: string, attachmentId: string): Promise<StoredFile> {
      await visible(viewer, ticketId);
      const row = await repo.findAttachment(db, ticketId, attachmentId);
      if (!row?.attachment_key) throw new AppError('not_found', SUPPORT_EXTRA_MESSAGES.attachmentNotFound);
      return {
        fileName: row.attachment_file_name ?? 'attachment',
        contentType: row.attachment_content_type ?? 'application/octet-stream',
        content: await files.get(row.attachment_key),
      };
    },

    /**
     * The viewer's side has read the other side's messages up to `upTo` (all so far when absent):
     * the mark only moves forward, never past the last message; the other side hears of it.
     */
    async markRead(viewer: TicketViewer, ticketId: string, upTo?: number): Promise<SupportReadState> {
      return db.transaction().execute(async (trx) => {
        const ticket = await repo.lockTicket(trx, ticketId, companyOf(viewer));
        if (!ticket) throw ticketNotFound();
        const current = viewer.side === 'agency' ? ticket.agency_read_seq : ticket.operator_read_seq;
        const mark = Math.max(current, Math.min(upTo ?? ticket.last_seq, ticket.last_seq));
        const at = clock.now();
        if (mark > current) {
          await repo.markRead(trx, ticketId, viewer.side, mark, at);
          await announceSupportEvent(trx, {
            event: 'read',
            ticket_id: ticketId,
            company_id: ticket.company_id,
            side: viewer.side,
            up_to_seq: mark,
            read_at: at.toISOString(),
          });
        }
        return { ticket_id: ticketId, side: viewer.side, up_to_seq: mark, read_at: at.toISOString() };
      });
    },

    /**
     * Someone is writing on the ticket: announced at once to every server (nothing is stored).
     * Answers whether it was — a ticket the writer may not see is passed over in silence.
     */
    async typing(
      writer:
        | { side: 'agency'; companyId: string; userId: string }
        | { side: 'operator'; operatorId: string },
      ticketId: string,
    ): Promise<boolean> {
      const ticket = await repo.ticketCompany(db, ticketId, companyOf(writer));
      if (!ticket) return false;
      const person =
        writer.side === 'agency'
          ? await repo.userName(db, writer.userId)
          : await repo.operatorName(db, writer.operatorId);
      if (!person) return false;
      await announceSupportEvent(db, {
        event: 'typing',
        ticket_id: ticketId,
        company_id: ticket.company_id,
        side: writer.side,
        name: person.name,
      });
      return true;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;

/** The message of an attachment upload, as `send` takes it. */
export function attachmentMessage(form: SupportAttachmentForm): NewSupportMessage {
  const file = form.files[SUPPORT_ATTACHMENT_FIELD];
  return {
    body: form.fields.body ?? '',
    clientId: form.fields.client_id ?? null,
    attachment: { fileName: file.fileName, contentType: file.contentType, content: file.content },
  };
}
