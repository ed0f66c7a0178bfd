import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  AppError,
  adminSupportEndpoints,
  type LiveServerFrame,
  SERVER,
  supportEndpoints,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inOrder, type Unlisten } from '../../platform/db/listener.js';
import type { Store } from '../../platform/db/store.js';
import type { LiveAudience, LiveClient, LiveHub } from '../live/index.js';
import { SupportEvent } from './events.js';
import { SUPPORT_CHANNEL } from './repo.js';
import type { MessageAuthor, SupportService } from './service.js';

/**
 * Support over the live socket (docs/api.md: WebSocket /api/ws). Out: every server listens on the
 * support channel and pushes what was announced — a stored message, a read mark, someone typing, a
 * ticket changed — to the ticket's agency (its users holding support.use) and to the operators
 * whose sockets are open here; typing only to the side that is not typing. In: a `ticket_message`
 * frame is stored exactly as `POST …/messages` would store it, with the socket's principal as the
 * caller; a refusal answers that socket with an `error` frame and leaves it open.
 */

/** A socket's typing frames on one ticket count at most this often (the rest are dropped). */
const TYPING_EVERY_MS = 1_000;

/** The agency's users who see its tickets live (the permission of every support call). */
const SUPPORT_PERMISSION = 'support.use';

/**
 * Who a socket's frame writes as, checked as the HTTP call doing the same would be — the guard of
 * `POST /api/ticket/{id}/messages` or `POST /api/admin/tickets/{id}/messages` on the socket's token
 * (session live, role holding support.use, agency approved) — so the rules cannot drift apart.
 */
async function authorOf(client: LiveClient): Promise<MessageAuthor> {
  const endpoint = client.operatorId ? adminSupportEndpoints.reply : supportEndpoints.sendMessage;
  const who = await client.authorize(endpoint);
  if (who.kind === 'operator') {
    // An operator's reply is audited like a request's; a socket's frame has no request id of its own.
    return {
      side: 'operator',
      actor: { operatorId: who.operatorId, requestId: `live-${randomUUID()}`, ip: client.ip },
    };
  }
  return { side: 'agency', companyId: who.companyId, userId: who.userId };
}

/** Drops a socket's typing frames on a ticket that come within TYPING_EVERY_MS of the last one let through. */
function typingThrottle() {
  const lastLetThrough = new WeakMap<LiveClient, Map<string, number>>();
  return (client: LiveClient, ticketId: string): boolean => {
    const now = performance.now();
    const tickets = lastLetThrough.get(client) ?? new Map<string, number>();
    lastLetThrough.set(client, tickets);
    const last = tickets.get(ticketId);
    if (last !== undefined && now - last < TYPING_EVERY_MS) return false;
    tickets.set(ticketId, now);
    return true;
  };
}

export function supportLive(deps: {
  store: Store;
  hub: LiveHub;
  support: SupportService;
  log: FastifyBaseLogger;
}) {
  const { store, hub, support, log } = deps;
  let unlisten: Unlisten | null = null;
  const agency = (companyId: string): LiveAudience => ({
    companyId,
    userId: null,
    permission: SUPPORT_PERMISSION,
  });
  const toBothSides = (companyId: string, frame: LiveServerFrame) =>
    Promise.all([hub.push(agency(companyId), frame), hub.pushToOperators(frame)]);

  async function deliver(payload: string) {
    const parsed = SupportEvent.safeParse(parseJson(payload));
    if (!parsed.success) {
      log.warn({ err: parsed.error }, 'ignored a malformed support announcement');
      return;
    }
    const event = parsed.data;
    switch (event.event) {
      case 'message': {
        const stored = await support.announcedMessage(event.id);
        // Gone since (its ticket deleted): nothing to show.
        if (!stored) return;
        const { companyId, ticketId: ticket_id } = stored;
        await Promise.all([
          hub.push(agency(companyId), { type: 'ticket_message', ticket_id, message: stored.forAgency }),
          hub.pushToOperators({ type: 'ticket_message', ticket_id, message: stored.forOperators }),
        ]);
        return;
      }
      case 'read':
        await toBothSides(event.company_id, {
          type: 'ticket_read',
          ticket_id: event.ticket_id,
          side: event.side,
          up_to_seq: event.up_to_seq,
          read_at: event.read_at,
        });
        return;
      case 'typing': {
        // Never back to the writer's own side: the agency's colleagues don't need it, nor do operators.
        const frame: LiveServerFrame = {
          type: 'ticket_typing',
          ticket_id: event.ticket_id,
          side: event.side,
          name: event.name,
        };
        if (event.side === 'agency') await hub.pushToOperators(frame);
        else await hub.push(agency(event.company_id), frame);
        return;
      }
      case 'changed':
        await toBothSides(event.company_id, { type: 'ticket_changed', ticket_id: event.ticket_id });
        return;
    }
  }

  const admitTyping = typingThrottle();

  hub.handle('ticket_message', async (client, frame) => {
    if (frame.type !== 'ticket_message') return;
    const clientId = frame.client_id ?? null;
    const refuse = (status: number, message: string) =>
      client.send({ type: 'error', client_id: clientId, status, message });
    try {
      const { message, created } = await support.send(await authorOf(client), frame.ticket_id, {
        body: frame.body,
        clientId,
      });
      // A stored message reaches every socket (this one too) through the channel; a retry of one
      // stored before is answered to this socket alone, as the HTTP call answers it.
      if (!created) client.send({ type: 'ticket_message', ticket_id: frame.ticket_id, message });
    } catch (error) {
      if (error instanceof AppError) return refuse(error.status, error.message);
      log.error({ err: error }, 'a live ticket message failed');
      refuse(500, SERVER.internal);
    }
  });

  hub.handle('typing', async (client, frame) => {
    if (frame.type !== 'typing') return;
    if (!admitTyping(client, frame.ticket_id)) return;
    try {
      const author = await authorOf(client);
      await support.typing(
        author.side === 'operator' ? { side: 'operator', operatorId: author.actor.operatorId } : author,
        frame.ticket_id,
      );
    } catch (error) {
      // Typing is a hint: one that may not be passed on (a role without support.use, a ticket of
      // another agency) is dropped without closing the socket.
      if (!(error instanceof AppError)) log.warn({ err: error }, 'a typing frame was not passed on');
    }
  });

  return {
    start: async () => {
      // Two messages committed in quick succession reach every socket in the order they were numbered.
      unlisten ??= await store.listen(
        SUPPORT_CHANNEL,
        inOrder(deliver, (error) => log.error({ err: error }, 'live support push failed')),
      );
    },
    stop: async () => {
      await unlisten?.();
      unlisten = null;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
