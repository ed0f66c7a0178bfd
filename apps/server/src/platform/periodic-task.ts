import type { FastifyBaseLogger } from 'fastify';
import { isExpectedOutage } from './db/store-health.js';
import type { Exclusively } from './db/task-lock.js';

/**
 * A task run every `intervalSeconds` while the server listens (`start` on listen, `stop` on
 * close; tests that only inject requests never run it). A slow run is not stacked under the next
 * tick, a failed one is logged and the next tick tries again, and the timer never keeps the
 * process alive. `intervalSeconds` 0 turns it off.
 *
 * A task over the shared database (a sweep of holds, refunds, mail) passes the store's
 * `exclusively`: its runs then take turns across every server on that PostgreSQL, under an
 * advisory lock named after the task, and a tick that finds another server running it is skipped
 * — that server is doing the work. A task over the process's own state (its sockets) passes none.
 */
export function periodicTask(options: {
  name: string;
  intervalSeconds: number;
  log: FastifyBaseLogger;
  run: () => Promise<void>;
  exclusively?: Exclusively;
}) {
  const { exclusively } = options;
  /** Whether it ran: false when another server was running it. */
  const runOnce = async (): Promise<boolean> => {
    if (!exclusively) {
      await options.run();
      return true;
    }
    const ran = await exclusively(options.name, options.run);
    if (!ran) options.log.debug(`${options.name} skipped: another server is running it`);
    return ran;
  };
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** A kick during a run: what it asks for may have come after the run looked. */
  let again = false;
  let stopped = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      do {
        again = false;
        try {
          // Skipped: the server running it was told of the same change (a kick comes from a
          // notification every server hears) or sees it on its next tick.
          if (!(await runOnce())) break;
        } catch (error) {
          // Storage that can't write was logged once as it began (issue 28): not on every tick.
          if (isExpectedOutage(error))
            options.log.debug({ err: error }, `${options.name} skipped: storage unavailable`);
          else options.log.error({ err: error }, `${options.name} failed`);
        }
      } while (again && !stopped);
    } finally {
      running = false;
    }
  };
  return {
    start: async () => {
      stopped = false;
      if (timer || options.intervalSeconds <= 0) return;
      timer = setInterval(() => void tick(), options.intervalSeconds * 1000);
      timer.unref();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    /**
     * Runs it now, not waiting for the next tick (something it handles was just committed); during
     * a run, once more after it. Nothing once stopped.
     */
    kick: () => {
      if (stopped) return;
      if (running) again = true;
      else void tick();
    },
  };
}
