import type { WebSocket } from 'ws';

/**
 * Pings every open socket each `intervalMs` (browsers answer pings by themselves): one that did
 * not answer the previous ping — a laptop closed, a network gone without a goodbye — is dropped,
 * so the hub never keeps pushing into a connection nobody reads.
 */
export function liveHeartbeat(sockets: Set<WebSocket>, intervalMs: number) {
  const answered = new WeakSet<WebSocket>();
  const watched = new WeakSet<WebSocket>();
  let timer: NodeJS.Timeout | undefined;

  function beat() {
    for (const socket of sockets) {
      if (!watched.has(socket)) {
        // First seen: it has the whole interval to answer.
        watched.add(socket);
        socket.on('pong', () => answered.add(socket));
      } else if (!answered.has(socket)) {
        socket.terminate();
        continue;
      }
      answered.delete(socket);
      socket.ping();
    }
  }

  return {
    start: async () => {
      timer ??= setInterval(beat, intervalMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
