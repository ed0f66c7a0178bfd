import { LIVE_CLOSE, type LiveServerFrame, type Notification } from '@skydesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../testing/fake-websocket';
import { LiveConnection, type LiveConnectionOptions, liveUrl } from './live-connection';

const URL = 'ws://localhost:3000/api/ws';

const notification: Notification = {
  id: '6b0f7a8e-2c1d-4e5f-9a0b-1c2d3e4f5a6b',
  kind: 'deposit_approved',
  title: 'Deposit TT-1 approved',
  body: '500.00 USD added to your credits',
  link: '/dashboard/transactions',
  read_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
};

describe('LiveConnection', () => {
  let token: string | null;
  let frames: LiveServerFrame[];
  let reconnected: number;
  let connection: LiveConnection;

  const connect = (options: Partial<LiveConnectionOptions> = {}) => {
    connection = new LiveConnection({
      url: URL,
      getToken: () => token,
      onFrame: (frame) => frames.push(frame),
      onReconnected: () => {
        reconnected++;
      },
      // The ceiling itself: delays are 1 s, 2 s, 4 s … 30 s.
      random: () => 1,
      ...options,
    });
    connection.start();
    return connection;
  };
  const sockets = () => FakeWebSocket.instances;
  /** The server accepts the newest socket and answers its auth frame. */
  const acceptAndReady = () => {
    const socket = FakeWebSocket.latest();
    socket.accept();
    socket.push({ type: 'ready' });
    return socket;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    token = 'token-1';
    frames = [];
    reconnected = 0;
  });
  afterEach(() => {
    connection?.stop();
    vi.useRealTimers();
  });

  it('opens one socket at the address and authenticates it with the current token in its first frame', () => {
    connect();
    expect(sockets()).toHaveLength(1);
    expect(sockets()[0]?.url).toBe(URL);
    token = 'token-2';
    const socket = acceptAndReady();
    expect(socket.frames()).toEqual([{ type: 'auth', token: 'token-2' }]);
    socket.push({ type: 'notification', notification });
    expect(frames).toEqual([{ type: 'ready' }, { type: 'notification', notification }]);
  });

  it('waits for a token before it connects', () => {
    token = null;
    connect();
    expect(sockets()).toHaveLength(0);
    token = 'token-1';
    connection.tokenChanged();
    expect(sockets()).toHaveLength(1);
  });

  it('comes back after a drop with a doubling pause, from the shortest again once it was ready', () => {
    connect();
    acceptAndReady();
    FakeWebSocket.latest().drop(1006);
    vi.advanceTimersByTime(999);
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);
    // Refused at the door twice more: 2 s, then 4 s.
    FakeWebSocket.latest().drop(1006);
    vi.advanceTimersByTime(1_999);
    expect(sockets()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(3);
    FakeWebSocket.latest().drop(1006);
    vi.advanceTimersByTime(4_000);
    expect(sockets()).toHaveLength(4);
    acceptAndReady();
    FakeWebSocket.latest().drop(1001);
    vi.advanceTimersByTime(1_000);
    expect(sockets()).toHaveLength(5);
  });

  it('never waits longer than the most, and spreads the pauses of tabs dropped together', () => {
    connect({ random: () => 0, maxDelayMs: 8_000 });
    // Pinned at half of each ceiling by the jitter: 0.5, 1, 2, 4, then 4 s for ever.
    for (const delay of [500, 1_000, 2_000, 4_000, 4_000, 4_000]) {
      const before = sockets().length;
      FakeWebSocket.latest().drop(1006);
      vi.advanceTimersByTime(delay - 1);
      expect(sockets()).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(sockets()).toHaveLength(before + 1);
    }
  });

  it('asks again for what pushes would have refreshed once it is back, not on its first connection', () => {
    connect();
    acceptAndReady();
    expect(reconnected).toBe(0);
    FakeWebSocket.latest().drop(1012);
    vi.advanceTimersByTime(1_000);
    acceptAndReady();
    expect(reconnected).toBe(1);
  });

  it('does not try a refused token again, and connects at once with a new one', () => {
    connect();
    const first = FakeWebSocket.latest();
    first.accept();
    first.drop(LIVE_CLOSE.unauthorized.code, LIVE_CLOSE.unauthorized.reason);
    vi.advanceTimersByTime(120_000);
    expect(sockets()).toHaveLength(1);
    connection.tokenChanged();
    expect(sockets()).toHaveLength(1);

    token = 'token-renewed';
    connection.tokenChanged();
    expect(sockets()).toHaveLength(2);
    expect(acceptAndReady().frames()).toEqual([{ type: 'auth', token: 'token-renewed' }]);
  });

  it('tries the session’s newer token at once when the one it sent was refused', () => {
    connect();
    const first = FakeWebSocket.latest();
    first.accept();
    token = 'token-renewed-meanwhile';
    first.drop(LIVE_CLOSE.forbidden.code);
    expect(sockets()).toHaveLength(2);
  });

  it('hands a renewed token to the open socket instead of opening another', () => {
    connect();
    const socket = acceptAndReady();
    token = 'token-renewed';
    connection.tokenChanged();
    expect(sockets()).toHaveLength(1);
    expect(socket.frames()).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'auth', token: 'token-renewed' },
    ]);
  });

  it('closes on stop and does not come back', () => {
    connect();
    const socket = acceptAndReady();
    connection.stop();
    expect(socket.closedByPage).toEqual({ code: 1000, reason: 'Signed out' });
    socket.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(1);
  });

  it('ignores frames it does not know', () => {
    connect();
    const socket = acceptAndReady();
    socket.push({ type: 'ticket_message', ticket_id: 'x', message: {} });
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    socket.push({ type: 'notification', notification: { id: 'no' } });
    expect(frames).toEqual([{ type: 'ready' }]);
  });

  it('uses wss on an https page', () => {
    expect(liveUrl({ protocol: 'https:', host: 'portal.example' }, '/api/ws')).toBe(
      'wss://portal.example/api/ws',
    );
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' }, '/api/ws')).toBe(
      'ws://localhost:5173/api/ws',
    );
  });
});
