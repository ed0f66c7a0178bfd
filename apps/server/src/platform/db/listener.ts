import pg from 'pg';

/** Receives a channel's NOTIFY payloads; PostgreSQL sends them only once the notifying transaction commits. */
export type NotificationHandler = (payload: string) => void;

/** Stops one handler listening (the channel is unlistened when its last handler goes). */
export type Unlisten = () => Promise<void>;

/**
 * LISTEN takes an identifier, not a bind parameter: channel names are ours, checked to be plain
 * lower-case identifiers so they can be written into the statement as they are.
 */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

/** The handlers of each channel, told in turn; a handler that throws does not stop the others. */
export class ChannelHandlers {
  private readonly byChannel = new Map<string, Set<NotificationHandler>>();

  /** Adds a handler; answers whether it is the channel's first (the channel must be listened to). */
  add(channel: string, handler: NotificationHandler): boolean {
    const handlers = this.byChannel.get(channel);
    if (handlers) {
      handlers.add(handler);
      return false;
    }
    this.byChannel.set(channel, new Set([handler]));
    return true;
  }

  /** Removes a handler; answers whether it was the channel's last. */
  remove(channel: string, handler: NotificationHandler): boolean {
    const handlers = this.byChannel.get(channel);
    if (!handlers?.delete(handler) || handlers.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  /** Tells the handlers on a later turn of the event loop, never inside the driver's callback. */
  dispatch(channel: string, payload: string): void {
    for (const handler of this.byChannel.get(channel) ?? []) {
      setImmediate(() => {
        try {
          handler(payload);
        } catch {
          // A handler reports its own failures; the next notification must still arrive.
        }
      });
    }
  }
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN on a PostgreSQL server: one dedicated connection outside the pool (a pooled connection
 * goes back to others between queries, and its LISTENs with it), opened on the first listen.
 * When the connection drops it is opened again with a growing pause and listens to every channel
 * again; notifications sent meanwhile are lost, as PostgreSQL does not keep them for anyone.
 */
export function createPostgresListener(url: string) {
  const handlers = new ChannelHandlers();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => handlers.dispatch(message.channel, message.payload ?? ''));
    // A dropped connection reports an error and then ends: open a new one once.
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) client = null;
      scheduleReconnect();
    });
    await next.connect();
    for (const channel of handlers.channels()) await next.query(`LISTEN ${channel}`);
    if (closed) {
      await next.end().catch(() => {});
      throw new Error('The store is closed');
    }
    failures = 0;
    client = next;
    return next;
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer || handlers.channels().length === 0) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
    failures++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connection().catch(() => scheduleReconnect());
    }, delay);
    reconnectTimer.unref();
  }

  return {
    async listen(channel: string, handler: NotificationHandler): Promise<Unlisten> {
      assertChannelName(channel);
      if (closed) throw new Error('The store is closed');
      const first = handlers.add(channel, handler);
      try {
        if (first) await (await connection()).query(`LISTEN ${channel}`);
        else await connection();
      } catch (error) {
        handlers.remove(channel, handler);
        throw error;
      }
      return async () => {
        if (handlers.remove(channel, handler) && client) {
          await client.query(`UNLISTEN ${channel}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}

/**
 * A handler that acts on each payload only after the previous one is done, in the order the store
 * announced them (commit order): an action that reads its rows back first could otherwise finish
 * the other way round — a tab would see two messages, or two notifications, swapped. A failed one
 * is reported and does not hold up the next.
 */
export function inOrder(
  act: (payload: string) => Promise<void>,
  onError: (error: unknown) => void,
): NotificationHandler {
  let previous: Promise<void> = Promise.resolve();
  return (payload) => {
    previous = previous.then(() => act(payload)).catch(onError);
  };
}
