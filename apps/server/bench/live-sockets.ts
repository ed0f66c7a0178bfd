/**
 * The sockets of bench/live-fanout.bench.ts, in a process of their own so that receiving and
 * parsing a thousand frames does not compete with the server it measures for one event loop. It
 * opens one socket per token (batches of 50), authenticates each, then tells on IPC, for each
 * notification or support message received, when it arrived (epoch milliseconds with
 * sub-millisecond precision, comparable across the two processes) and on which socket.
 */
import WebSocket from 'ws';

export type SocketsJob = { url: string; origin: string; tokens: string[] };
export type SocketsMessage =
  | { type: 'ready'; sockets: number }
  | { type: 'received'; socket: number; title: string; at: number };

const now = () => performance.timeOrigin + performance.now();
const send = (message: SocketsMessage) => process.send?.(message);

async function open(job: SocketsJob) {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < job.tokens.length; start += 50) {
    const batch = job.tokens.slice(start, start + 50).map(
      (token, offset) =>
        new Promise<WebSocket>((resolve, reject) => {
          const index = start + offset;
          const socket = new WebSocket(job.url, { origin: job.origin });
          socket.once('error', reject);
          socket.on('message', (data) => {
            const frame = JSON.parse(data.toString()) as {
              type: string;
              notification?: { title: string };
              message?: { body: string };
            };
            if (frame.type === 'ready') resolve(socket);
            // A notification is known by its title, a support message by its text.
            const title = frame.notification?.title ?? frame.message?.body;
            if (title !== undefined && (frame.type === 'notification' || frame.type === 'ticket_message')) {
              send({ type: 'received', socket: index, title, at: now() });
            }
          });
          socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  send({ type: 'ready', sockets: sockets.length });
  process.on('disconnect', () => {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  });
}

process.once('message', (job: SocketsJob) => {
  open(job).catch((error) => {
    console.error(error);
    process.exit(1);
  });
});
