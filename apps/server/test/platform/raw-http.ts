import { connect } from 'node:net';

/**
 * A request written byte for byte on its own connection, and the answer read back as it came:
 * for what `inject()` can't send — headers past Node's limit, broken request lines and framing,
 * CONNECT, slow clients — which Node or Fastify answer before any handler of ours runs.
 */

export type RawAnswer = {
  /** 0 when the server closed the connection without answering. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
};

/** Parses one HTTP/1.1 answer out of `bytes`; undefined while it is incomplete. */
function parseAnswer(bytes: Buffer, closed: boolean): RawAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1)
    return closed ? { status: 0, headers: {}, body: bytes.toString('latin1'), closed } : undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  // An interim answer (100 Continue) is skipped: the final one follows it.
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  if (status === 100) return parseAnswer(bytes.subarray(end + 4), closed);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = bytes.subarray(end + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd === -1)
        return closed ? { status, headers, body: Buffer.concat(chunks).toString(), closed } : undefined;
      const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (size === 0) return { status, headers, body: Buffer.concat(chunks).toString(), closed };
      if (rest.length < lineEnd + 2 + size + 2)
        return closed ? { status, headers, body: '', closed } : undefined;
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
  }
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  if (length === undefined) return closed ? { status, headers, body: rest.toString(), closed } : undefined;
  if (rest.length < length) return closed ? { status, headers, body: rest.toString(), closed } : undefined;
  return { status, headers, body: rest.subarray(0, length).toString(), closed };
}

/**
 * Sends `parts` in order (a part that is a number waits that many ms first) and resolves with the
 * answer once it is whole, or when the server closes the connection, or after `timeoutMs`.
 */
export function rawRequest(
  port: number,
  parts: (string | Buffer | number)[],
  options: { timeoutMs?: number; host?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, options.host ?? '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      socket.destroy();
    };
    const timer = setTimeout(
      () => settle(parseAnswer(received, true) ?? { status: 0, headers: {}, body: '', closed: false }),
      options.timeoutMs ?? 5_000,
    );
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseAnswer(received, false);
      // Wait a moment for the close that may follow a whole answer.
      if (answer)
        setTimeout(() => settle({ ...answer, closed: socket.destroyed || socket.readableEnded }), 50);
    });
    socket.on('error', () => {});
    socket.on('close', () =>
      settle(parseAnswer(received, true) ?? { status: 0, headers: {}, body: '', closed: true }),
    );
    socket.on('connect', async () => {
      for (const part of parts) {
        if (typeof part === 'number') await new Promise((wait) => setTimeout(wait, part));
        else if (!socket.destroyed) socket.write(part);
      }
    });
  });
}
