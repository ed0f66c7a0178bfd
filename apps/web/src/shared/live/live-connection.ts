import { LIVE_TOKEN_REFUSED, type LiveClientFrame, LiveServerFrame } from '@skydesk/contract';

/** The part of the browser's WebSocket the connection uses (tests hand in a fake). */
export type LiveSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type LiveConnectionOptions = {
  url: string;
  /** The session's access token now, or null when signed out. */
  getToken: () => string | null;
  onFrame: (frame: LiveServerFrame) => void;
  /** Pushes were missed while the socket was down: whatever they would have refreshed is stale. */
  onReconnected?: () => void;
  createSocket?: (url: string) => LiveSocket;
  /** Waits between attempts: the first after a drop, doubling up to the most. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** 0–1, for the jitter (tests pin it). */
  random?: () => number;
};

const OPEN = 1;
/** Ours: the page closed it (sign-out, the dashboard left). */
const NORMAL_CLOSURE = 1000;

/**
 * The portal's one live socket (docs/api.md: WebSocket /api/ws; decision 012). It authenticates with
 * the session's access token in its first frame, hands on what the server pushes, and comes back
 * after a drop with a growing, jittered pause. A token the server refused (expired, revoked) is not
 * tried again: the connection waits for a new one (`tokenChanged`), which also renews the token
 * of an open socket so the server does not close it when the old one expires.
 */
export class LiveConnection {
  private socket: LiveSocket | null = null;
  private stopped = true;
  private attempts = 0;
  /** A socket closed since the last `ready`: pushes may have been missed meanwhile. */
  private missedPushes = false;
  /** The token of the last auth frame sent, and the one the server refused, if it did. */
  private sentToken: string | null = null;
  private refusedToken: string | null = null;
  private ready = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (socket) {
      detach(socket);
      socket.close(NORMAL_CLOSURE, 'Signed out');
    }
  }

  /** Sends a frame once the socket is authenticated; false when it is not (down, or not ready yet). */
  send(frame: LiveClientFrame): boolean {
    const socket = this.socket;
    if (!socket || !this.ready || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** The session's token changed (renewed, or a new sign-in). */
  tokenChanged(): void {
    if (this.stopped) return;
    const token = this.options.getToken();
    if (!token) return;
    if (this.socket && this.ready && this.socket.readyState === OPEN) {
      this.authenticate(this.socket, token);
    } else if (!this.socket && token !== this.refusedToken) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      this.connect();
    }
  }

  private connect(): void {
    const token = this.options.getToken();
    // No token, or only the one the server refused: wait for tokenChanged.
    if (this.stopped || !token || token === this.refusedToken) return;
    let socket: LiveSocket;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    } catch {
      this.retryLater();
      return;
    }
    this.socket = socket;
    this.ready = false;
    socket.onopen = () => {
      const current = this.options.getToken();
      if (!current) {
        socket.close(NORMAL_CLOSURE, 'Signed out');
        return;
      }
      this.authenticate(socket, current);
    };
    socket.onmessage = (event) => this.receive(event);
    socket.onclose = (event) => this.closed(socket, event.code);
    // A failed connection is followed by its close event, which decides what happens next.
    socket.onerror = () => {};
  }

  private receive(event: MessageEvent): void {
    let frame: LiveServerFrame;
    try {
      frame = LiveServerFrame.parse(JSON.parse(String(event.data)));
    } catch {
      // A frame from a newer server this page does not know yet: nothing to do with it.
      return;
    }
    if (frame.type === 'ready') {
      this.ready = true;
      this.attempts = 0;
      this.refusedToken = null;
      if (this.missedPushes) this.options.onReconnected?.();
      this.missedPushes = false;
    }
    this.options.onFrame(frame);
  }

  private closed(socket: LiveSocket, code: number): void {
    if (socket !== this.socket) return;
    detach(socket);
    this.socket = null;
    this.ready = false;
    if (this.stopped) return;
    this.missedPushes = true;
    if (LIVE_TOKEN_REFUSED.includes(code)) {
      this.refusedToken = this.sentToken;
      // If the session has a newer token already, it may be good: try it at once.
      this.connect();
      return;
    }
    this.retryLater();
  }

  private authenticate(socket: LiveSocket, token: string): void {
    this.sentToken = token;
    socket.send(JSON.stringify({ type: 'auth', token }));
  }

  private retryLater(): void {
    if (this.stopped || this.retryTimer) return;
    const { minDelayMs = 1_000, maxDelayMs = 30_000, random = Math.random } = this.options;
    const ceiling = Math.min(maxDelayMs, minDelayMs * 2 ** this.attempts);
    this.attempts++;
    // Half to all of the ceiling: tabs dropped together by a restart do not return together.
    const delay = ceiling / 2 + (random() * ceiling) / 2;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, delay);
  }
}

function detach(socket: LiveSocket): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}

/** The live socket's address on the page's own origin (the server and the dev proxy serve both). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
