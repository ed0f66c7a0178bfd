import type { IncomingMessage } from 'node:http';
import { AppError } from '@skydesk/contract';
import { MULTIPART_MESSAGES } from './errors.js';

/**
 * busboy (under @fastify/multipart) skips a part it will not deliver — a name or file name that
 * decodes to a line break, a disposition other than form-data — and when such a part arrives
 * whole with the rest of the body, its parser waits for a reader that never comes: the form
 * never ends and the request never gets an answer (the fuzzed upload of issue 27's suites hung
 * for ten minutes on one). Nothing the client sends after that can move it on.
 *
 * The parser's work is driven by the bytes it was given, in the same turn of the event loop or
 * the next: once the body has all arrived, or the parser has stopped taking it (the request
 * paused under its back-pressure), a parser that moves nothing for this long never will.
 */
export const FORM_STALL_MS = 1_000;

export type FormStallWatch = {
  /** A part was read: the parser is alive. */
  progress(): void;
  /** Rejects with a 400 once the parser is stuck; never resolves. */
  stalled: Promise<never>;
  stop(): void;
};

export function watchFormStall(raw: IncomingMessage, stallMs = FORM_STALL_MS): FormStallWatch {
  let lastProgress = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const progress = () => {
    lastProgress = Date.now();
  };
  // A slow client still sending is the server timeouts' business, not a stuck parser.
  const waitingForClient = () => !raw.readableEnded && raw.readableFlowing !== false;
  raw.on('data', progress);

  const stalled = new Promise<never>((_, reject) => {
    const check = () => {
      const idle = Date.now() - lastProgress;
      if (idle >= stallMs && !waitingForClient()) {
        reject(new AppError('bad_request', MULTIPART_MESSAGES.unreadablePart));
        return;
      }
      timer = setTimeout(check, Math.max(stallMs - idle, 50));
      timer.unref();
    };
    timer = setTimeout(check, stallMs);
    timer.unref();
  });
  // The race's loser: a form read to its end leaves this promise unsettled, never unhandled.
  stalled.catch(() => {});

  return {
    progress,
    stalled,
    stop() {
      clearTimeout(timer);
      raw.off('data', progress);
    },
  };
}
