import {
  AppError,
  type Endpoint,
  LIVE_CLOSE,
  LiveClientFrame,
  type LiveServerFrame,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Clock } from '../../platform/clock.js';
import {
  type FrameAuthorizer,
  isRefusal,
  type LiveAuthenticator,
  type LivePrincipal,
  type LiveRefusal,
  samePerson,
} from './authenticate.js';

/** A reader this far behind (a stalled tab on a bad network) is dropped rather than buffered for. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout's longest delay; a token living longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type LiveClientDeps = {
  authenticate: LiveAuthenticator;
  authorize: FrameAuthorizer;
  /** The client's address as the upgrade request gave it (X-Forwarded-For's with TRUST_PROXY). */
  ip: string;
  authTimeoutMs: number;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Admits an authenticated client to its company's (or the operators') pushes; a refusal closes it. */
  join(client: LiveClient): LiveRefusal | null;
  leave(client: LiveClient): void;
  /** Acts on what an authenticated client sends besides `auth` (a ticket message, typing). */
  handleFrame(client: LiveClient, frame: Exclude<LiveClientFrame, { type: 'auth' }>): Promise<void>;
};

/**
 * One socket on /api/ws, from its opening to its close. It must authenticate with its first frame
 * within the time allowed; it then receives its company's (or, an operator's, the operators')
 * pushes until it closes, its token expires or a check finds its session ended. A later `auth`
 * frame (the token renewed) replaces the token for the same person; the other frames of the
 * contract go to the modules that handle them; anything else closes it.
 */
export class LiveClient {
  private principal: LivePrincipal | null = null;
  private token: string | null = null;
  private closed = false;
  /** Its session may have ended (a session-end announcement named it): checked before a push. */
  private stale = false;
  private authTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  /** Frames are handled one after another: an auth frame's check ends before the next begins. */
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: LiveClientDeps,
  ) {
    this.authTimer = setTimeout(() => this.close(LIVE_CLOSE.authTimeout), deps.authTimeoutMs);
    this.authTimer.unref();
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? null : data.toString();
      this.turn = this.turn
        .then(() => this.receive(text))
        .catch((error) => {
          deps.log.error({ err: error }, 'live socket frame failed');
          this.close({ code: 1011, reason: 'Server error' });
        });
    });
    socket.on('close', () => this.dispose());
  }

  /** Who is signed in on it, once authenticated. */
  get who(): LivePrincipal | null {
    return this.principal;
  }

  get companyId(): string | null {
    return this.principal?.kind === 'company' ? this.principal.companyId : null;
  }

  get userId(): string | null {
    return this.principal?.kind === 'company' ? this.principal.userId : null;
  }

  get operatorId(): string | null {
    return this.principal?.kind === 'operator' ? this.principal.operatorId : null;
  }

  /** The client's address (audit entries of what its frames do). */
  get ip(): string {
    return this.deps.ip;
  }

  /**
   * Checks what a frame is about to do as the HTTP call doing it would be checked (its endpoint's
   * guard: principal, permission, approved agency, session live) and answers the caller it acts as.
   * A session that ended closes the socket; the guard's 401/403 is thrown as the call would answer.
   */
  async authorize(endpoint: Endpoint): Promise<LivePrincipal> {
    if (this.closed || !this.token) throw new AppError('unauthorized', LIVE_CLOSE.unauthorized.reason);
    try {
      return await this.deps.authorize(this.token, endpoint);
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') this.close(LIVE_CLOSE.unauthorized);
      throw error;
    }
  }

  /** Sends a frame if the socket is open; a reader too far behind is closed instead. */
  send(frame: LiveServerFrame): void {
    this.sendEncoded(JSON.stringify(frame));
  }

  /** Sends already-encoded JSON (one encoding for a frame pushed to many sockets). */
  sendEncoded(json: string): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(json);
  }

  /**
   * Checks the token again as a request would be (session ended, agency suspended, token
   * expired); answers whether the client may still receive, and closes it if not.
   */
  async recheck(): Promise<boolean> {
    if (this.closed || !this.token) return false;
    const outcome = await this.deps.authenticate(this.token);
    if (isRefusal(outcome)) {
      this.close(outcome);
      return false;
    }
    this.stale = false;
    return !this.closed;
  }

  /**
   * Its session may have ended: until a check says otherwise, nothing more is pushed to it. Set at
   * once when the announcement arrives, so a push announced after it can't slip through while the
   * check is on its way.
   */
  markStale(): void {
    this.stale = true;
  }

  /** Whether a push must check the session first (answers true once the client may receive). */
  async mayReceive(): Promise<boolean> {
    if (this.closed) return false;
    return this.stale ? this.recheck() : true;
  }

  close(refusal: LiveRefusal): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(refusal.code, refusal.reason);
  }

  private async receive(text: string | null): Promise<void> {
    if (this.closed) return;
    const frame = text === null ? null : LiveClientFrame.safeParse(parseJson(text));
    if (!frame?.success) return this.close(LIVE_CLOSE.badFrame);
    if (frame.data.type === 'auth') return this.authenticate(frame.data.token);
    // Nothing but `auth` before the socket is authenticated.
    if (!this.principal) return this.close(LIVE_CLOSE.badFrame);
    return this.deps.handleFrame(this, frame.data);
  }

  private async authenticate(token: string): Promise<void> {
    const outcome = await this.deps.authenticate(token);
    if (this.closed) return;
    if (isRefusal(outcome)) return this.close(outcome);
    const { principal } = outcome;
    if (this.principal) {
      // A renewed token: the same person (of the same agency), never a switch to someone else.
      if (!samePerson(principal, this.principal)) return this.close(LIVE_CLOSE.forbidden);
    } else {
      clearTimeout(this.authTimer);
      this.principal = principal;
      const refusal = this.deps.join(this);
      if (refusal) return this.close(refusal);
    }
    this.principal = principal;
    this.token = token;
    this.closeAtExpiry(outcome.expiresAtMs);
    this.send({ type: 'ready' });
  }

  /** The token's end is the socket's, unless a renewed token comes first. */
  private closeAtExpiry(expiresAtMs: number): void {
    clearTimeout(this.expiryTimer);
    const delay = Math.max(0, expiresAtMs - this.deps.clock.now().getTime());
    this.expiryTimer = setTimeout(
      () => {
        if (delay > MAX_TIMER_MS) void this.recheck();
        else this.close(LIVE_CLOSE.unauthorized);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    this.expiryTimer.unref();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    if (this.principal) this.deps.leave(this);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
