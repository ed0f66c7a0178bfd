import type { FastifyServerOptions } from 'fastify';

/**
 * How long the HTTP server waits on a client, set on purpose (issue 10). Node's defaults held a
 * connection that trickles its headers for 60–90 s (a 60 s limit checked every 30 s), and Fastify
 * sets no limit on the whole request: a few hundred slow clients could hold every socket.
 */
export type ServerTimeouts = {
  /** The request line and headers must arrive within this (Node's `headersTimeout`). */
  headersMs: number;
  /**
   * The whole request, body included, must arrive within this (Node's `requestTimeout`). The
   * largest body is the vendor form: up to four 5 MB documents, ~20 MB, which takes ~110 s on a
   * 1.5 Mbit/s uplink; a JSON body is at most 1 MB.
   */
  requestMs: number;
  /**
   * An idle kept-alive connection is closed after this. Longer than the 60 s idle timeout of the
   * common load balancers (AWS ALB, nginx's upstream keep-alive), so the balancer always closes
   * first and never sends a request on a socket this server is closing (a 502); a browser talking
   * to the server directly holds an idle socket at most this long. (Node advertises it in
   * `Keep-Alive: timeout=65` and closes about a second later, so the client closes first.)
   */
  keepAliveMs: number;
  /**
   * A socket on which nothing moves for this long is destroyed (a client that stops reading its
   * answer). No handler runs anywhere near this long.
   */
  idleSocketMs: number;
  /**
   * How often Node looks for connections past `headersMs` or `requestMs`; a slow client is cut
   * off at most this much later (Node's default, 30 s, is what let slow headers stay 70 s).
   */
  checkIntervalMs: number;
};

export const SERVER_TIMEOUTS: ServerTimeouts = {
  // 8 s + a check every 2 s: a connection without its headers is closed within 10 s.
  headersMs: 8_000,
  requestMs: 120_000,
  keepAliveMs: 65_000,
  idleSocketMs: 120_000,
  checkIntervalMs: 2_000,
};

/**
 * The Fastify options that apply the timeouts. Fastify sets `requestTimeout` and
 * `keepAliveTimeout` on the server itself after creating it; `headersTimeout` and the checking
 * interval only exist as options of Node's `http.createServer`. `maxRequestsPerSocket` stays
 * unlimited: connections are cheap to keep, and spreading them over processes is the balancer's
 * job.
 */
export function serverTimeoutOptions(timeouts: ServerTimeouts): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    connectionTimeout: timeouts.idleSocketMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  };
}
