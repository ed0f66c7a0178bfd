import { LIVE_CLOSE, type LiveServerFrame } from '@skydesk/contract';
import type { LiveRefusal } from './authenticate.js';
import type { LiveClient } from './live-client.js';

/** Who a push is for: everyone of the agency, or one of its users. */
export type LiveAudience = { companyId: string; userId: string | null };

/**
 * This server's authenticated sockets, by agency. Other modules push through it (notices now,
 * support-ticket messages later); what reaches every server is their business (LISTEN/NOTIFY),
 * the hub only reaches the sockets open here.
 */
export function createLiveHub(options: { maxSocketsPerUser: number }) {
  const byCompany = new Map<string, Set<LiveClient>>();

  const socketsOf = (companyId: string) => byCompany.get(companyId) ?? new Set<LiveClient>();

  return {
    /** Admits an authenticated client; refused when its user has the most sockets allowed open. */
    join(client: LiveClient): LiveRefusal | null {
      const { companyId, userId } = client;
      if (!companyId || !userId) return LIVE_CLOSE.unauthorized;
      const clients = byCompany.get(companyId) ?? new Set<LiveClient>();
      const usersOwn = [...clients].filter((other) => other.userId === userId).length;
      if (usersOwn >= options.maxSocketsPerUser) return LIVE_CLOSE.tooManySockets;
      clients.add(client);
      byCompany.set(companyId, clients);
      return null;
    },

    leave(client: LiveClient): void {
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
      const targets = [...socketsOf(audience.companyId)].filter(
        (client) => audience.userId === null || client.userId === audience.userId,
      );
      await Promise.all(
        targets.map(async (client) => {
          if (await client.recheck()) client.send(frame);
        }),
      );
    },

    /** Every socket checked again, one after another (a periodic sweep closes ended sessions). */
    async recheckAll(): Promise<void> {
      const clients = [...byCompany.values()].flatMap((set) => [...set]);
      for (const client of clients) await client.recheck();
    },

    /** How many sockets are authenticated here (tests, logs). */
    size(): number {
      let total = 0;
      for (const clients of byCompany.values()) total += clients.size;
      return total;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
