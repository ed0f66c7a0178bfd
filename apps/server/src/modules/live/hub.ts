import { LIVE_CLOSE, type LiveClientFrame, type LiveServerFrame, type Permission } from '@skydesk/contract';
import type { LiveRefusal } from './authenticate.js';
import type { LiveClient } from './live-client.js';

/**
 * Who an agency push is for: everyone of the agency, or one of its users — and of those, only the
 * ones whose role holds `permission` when it is given (a support chat only to `support.use`).
 */
export type LiveAudience = {
  companyId: string;
  userId: string | null;
  permission?: Permission;
  /** About a booking this user made: a role limited to its own bookings sees it only if theirs. */
  bookingMadeBy?: string;
};

/** What a session-end announcement names: one session, one user or operator, or an agency. */
export type LiveSessionEnd = { session_id?: string; subject_id?: string; company_id?: string };

function endedFor(client: LiveClient, ended: LiveSessionEnd): boolean {
  const who = client.who;
  if (!who) return false;
  if (ended.session_id && who.sessionId === ended.session_id) return true;
  if (ended.subject_id && (client.userId ?? client.operatorId) === ended.subject_id) return true;
  return Boolean(ended.company_id && client.companyId === ended.company_id);
}

/** What a client sends besides `auth`, routed to the module that handles it. */
export type LiveActionFrame = Exclude<LiveClientFrame, { type: 'auth' }>;
export type LiveFrameHandler = (client: LiveClient, frame: LiveActionFrame) => Promise<void>;

/**
 * This server's authenticated sockets, by agency, and the operators' sockets. Other modules push
 * through it (notices, support); what reaches every server is their business (LISTEN/NOTIFY), the
 * hub only reaches the sockets open here.
 */
export function createLiveHub(options: { maxSocketsPerUser: number }) {
  const byCompany = new Map<string, Set<LiveClient>>();
  const operators = new Set<LiveClient>();
  const frameHandlers = new Map<string, LiveFrameHandler>();

  const socketsOf = (companyId: string) => byCompany.get(companyId) ?? new Set<LiveClient>();
  const everyClient = () => [...operators, ...[...byCompany.values()].flatMap((set) => [...set])];

  /**
   * Sends one encoding of the frame to each target. A session that ended is announced to every
   * server (migration 0011's triggers) and its sockets are marked and checked at once, so a push
   * needs no check of its own but for those: pushing to a thousand sockets is a thousand sends,
   * not a thousand queries.
   */
  async function deliver(targets: LiveClient[], frame: LiveServerFrame) {
    const json = JSON.stringify(frame);
    await Promise.all(
      targets.map(async (client) => {
        if (await client.mayReceive()) client.sendEncoded(json);
      }),
    );
  }

  return {
    /** Admits an authenticated client; refused when its user has the most sockets allowed open. */
    join(client: LiveClient): LiveRefusal | null {
      const { companyId, userId, operatorId } = client;
      if (operatorId) {
        const own = [...operators].filter((other) => other.operatorId === operatorId).length;
        if (own >= options.maxSocketsPerUser) return LIVE_CLOSE.tooManySockets;
        operators.add(client);
        return null;
      }
      if (!companyId || !userId) return LIVE_CLOSE.unauthorized;
      const clients = byCompany.get(companyId) ?? new Set<LiveClient>();
      const usersOwn = [...clients].filter((other) => other.userId === userId).length;
      if (usersOwn >= options.maxSocketsPerUser) return LIVE_CLOSE.tooManySockets;
      clients.add(client);
      byCompany.set(companyId, clients);
      return null;
    },

    leave(client: LiveClient): void {
      if (operators.delete(client)) return;
      const { companyId } = client;
      if (!companyId) return;
      const clients = byCompany.get(companyId);
      if (!clients?.delete(client)) return;
      if (clients.size === 0) byCompany.delete(companyId);
    },

    /**
     * Sends a frame to the audience's sockets. Each socket's session is checked first, as a
     * request would be: a user signed out or an agency suspended since receives nothing more.
     */
    async push(audience: LiveAudience, frame: LiveServerFrame): Promise<void> {
      const targets = [...socketsOf(audience.companyId)].filter((client) => {
        if (audience.userId !== null && client.userId !== audience.userId) return false;
        if (!audience.permission && !audience.bookingMadeBy) return true;
        const who = client.who;
        if (who?.kind !== 'company') return false;
        if (who.isOwner) return true;
        if (audience.permission && !who.permissions.includes(audience.permission)) return false;
        return (
          !audience.bookingMadeBy || who.bookingsScope === 'all' || who.userId === audience.bookingMadeBy
        );
      });
      await deliver(targets, frame);
    },

    /** Sends a frame to every operator's socket open here (the support queue). */
    async pushToOperators(frame: LiveServerFrame): Promise<void> {
      await deliver([...operators], frame);
    },

    /** Routes a client frame type (besides `auth`) to the module that handles it. */
    handle(type: LiveActionFrame['type'], handler: LiveFrameHandler) {
      frameHandlers.set(type, handler);
    },

    /** What the live client calls for a frame it received; a type nobody handles is refused. */
    async dispatch(client: LiveClient, frame: LiveActionFrame): Promise<void> {
      const handler = frameHandlers.get(frame.type);
      if (!handler) {
        client.close(LIVE_CLOSE.badFrame);
        return;
      }
      await handler(client, frame);
    },

    /**
     * A session, a person or an agency whose sessions may have ended (a session-end announcement):
     * their sockets stop receiving at once and are checked, which closes those that did end.
     */
    async sessionsEnded(ended: LiveSessionEnd): Promise<void> {
      const matching = everyClient().filter((client) => endedFor(client, ended));
      for (const client of matching) client.markStale();
      await Promise.all(matching.map((client) => client.recheck()));
    },

    /** Closes every socket (the server is shutting down): clients come back to another server. */
    closeAll(refusal: LiveRefusal): void {
      for (const client of everyClient()) client.close(refusal);
    },

    /** Every socket checked again, one after another (a periodic sweep closes ended sessions). */
    async recheckAll(): Promise<void> {
      for (const client of everyClient()) await client.recheck();
    },

    /** How many sockets are authenticated here (tests, logs). */
    size(): number {
      return everyClient().length;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
