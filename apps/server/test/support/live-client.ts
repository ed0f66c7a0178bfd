import type { LiveServerFrame } from '@skydesk/contract';
import WebSocket from 'ws';

/**
 * A client of the live channel for tests (docs/api.md: WebSocket /api/ws): one socket and every frame
 * it received, with ways to wait for the frames a test expects. The live, support and notices
 * tests and the two-servers test all talk to the server through it.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Closed = { code: number; reason: string };

export class LiveTestClient {
  readonly frames: LiveServerFrame[] = [];
  readonly closed: Promise<Closed>;
  private readonly opened: Promise<void>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.frames.push(JSON.parse(data.toString())));
    this.opened = new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /** A socket to `url` (ws://…/api/ws) sent from a page of `origin`, once it is open. */
  static async connect(url: string, origin: string | null, options: WebSocket.ClientOptions = {}) {
    const client = new LiveTestClient(
      new WebSocket(url, { ...options, ...(origin === null ? {} : { origin }) }),
    );
    await client.opened;
    return client;
  }

  /** Sends its auth frame and waits for `ready`. */
  async signIn(token: string) {
    await this.opened;
    this.send({ type: 'auth', token });
    await this.frame('ready');
    return this;
  }

  send(frame: unknown) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  get isOpen() {
    return this.socket.readyState === WebSocket.OPEN;
  }

  of<T extends LiveServerFrame['type']>(type: T) {
    return this.frames.filter((frame) => frame.type === type) as Extract<LiveServerFrame, { type: T }>[];
  }

  notifications() {
    return this.of('notification').map((frame) => frame.notification);
  }

  /** The ticket messages pushed to it, in order (of one ticket when named). */
  messages(ticketId?: string) {
    return this.of('ticket_message')
      .filter((frame) => ticketId === undefined || frame.ticket_id === ticketId)
      .map((frame) => frame.message);
  }

  /** Waits for the `count`th frame of a type (1: the first). */
  async frame<T extends LiveServerFrame['type']>(type: T, count = 1, timeoutMs = 3_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = this.of(type);
      if (matching.length >= count) return matching[count - 1]!;
      if (Date.now() > deadline) throw new Error(`no ${type} frame #${count} in ${timeoutMs} ms`);
      await pause(5);
    }
  }

  /** Waits for the first frame that matches. */
  async next(match: (frame: LiveServerFrame) => boolean, timeoutMs = 5_000): Promise<LiveServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`no matching frame in ${timeoutMs} ms: ${JSON.stringify(this.frames)}`);
      }
      await pause(10);
    }
  }
}
