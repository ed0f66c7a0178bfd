import { Writable } from 'node:stream';
import { styleText } from 'node:util';

/**
 * The log as a person at a terminal reads it (issue 17): pino writes its JSON lines into this
 * stream, which prints each request as one short line —
 *
 *   09:14:03  POST /api/search  200  182.4 ms  3f6c1a2e
 *
 * — and any other line as its time, level and message, with its fields compact after it and an
 * error's stack under it. It runs in the process (no worker thread, no dependency); JSON stays the
 * format whenever stdout is not a terminal (tests, containers, log shippers).
 */

type LogLine = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
};

const LEVELS: Record<number, { name: string; style: Parameters<typeof styleText>[0] }> = {
  10: { name: 'TRACE', style: 'gray' },
  20: { name: 'DEBUG', style: 'gray' },
  30: { name: 'INFO ', style: 'green' },
  40: { name: 'WARN ', style: 'yellow' },
  50: { name: 'ERROR', style: 'red' },
  60: { name: 'FATAL', style: ['bgRed', 'white'] },
};

/** pino's own fields, and the request line's: not repeated after the message. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'err']);

export function formatLogLine(raw: string, options: { colors: boolean }): string {
  let line: LogLine;
  try {
    line = JSON.parse(raw) as LogLine;
  } catch {
    return raw.trimEnd();
  }
  const paint = (style: Parameters<typeof styleText>[0], text: string) =>
    options.colors ? styleText(style, text) : text;
  const time = paint('gray', new Date(line.time ?? Date.now()).toTimeString().slice(0, 8));
  const id = line.reqId ? paint('gray', shortId(line.reqId)) : '';

  if (line.msg === 'request completed' && typeof line.status === 'number') {
    const status = line.status;
    const statusStyle = status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'green';
    const ms = typeof line.ms === 'number' ? `${line.ms.toFixed(1)} ms` : '';
    return [
      time,
      ` ${String(line.method ?? '').padEnd(6)}${line.url ?? ''}`,
      paint(statusStyle, String(status)),
      ms,
      id,
    ]
      .filter(Boolean)
      .join('  ');
  }

  const level = LEVELS[line.level ?? 30] ?? { name: String(line.level), style: 'white' as const };
  const extra = Object.entries(line).filter(([key]) => !SHOWN.has(key));
  const fields =
    extra.length > 0 ? paint('gray', extra.map(([key, value]) => `${key}=${compact(value)}`).join(' ')) : '';
  const head = [time, paint(level.style, level.name), line.msg ?? '', fields, id].filter(Boolean).join('  ');
  const stack = line.err?.stack ? `\n${paint('gray', indent(line.err.stack))}` : '';
  return head + stack;
}

/** A UUID's first group is enough to tell requests apart on a screen; the JSON log keeps it whole. */
const shortId = (id: string) => (/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(id) ? id.slice(0, 8) : id);

const compact = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** A stream for pino's `stream` option that writes the readable lines to `out` (stdout). */
export function consoleLogStream(out: NodeJS.WritableStream = process.stdout, options = { colors: true }) {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      let end = pending.indexOf('\n');
      while (end !== -1) {
        out.write(`${formatLogLine(pending.slice(0, end), options)}\n`);
        pending = pending.slice(end + 1);
        end = pending.indexOf('\n');
      }
      done();
    },
  });
}
