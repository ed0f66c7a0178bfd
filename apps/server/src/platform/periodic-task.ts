import type { FastifyBaseLogger } from 'fastify';

/**
 * A task run every `intervalSeconds` while the server listens (`start` on listen, `stop` on
 * close; tests that only inject requests never run it). A slow run is not stacked under the next
 * tick, a failed one is logged and the next tick tries again, and the timer never keeps the
 * process alive. `intervalSeconds` 0 turns it off.
 */
export function periodicTask(options: {
  name: string;
  intervalSeconds: number;
  log: FastifyBaseLogger;
  run: () => Promise<void>;
}) {
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
          await options.run();
        } catch (error) {
          options.log.error({ err: error }, `${options.name} failed`);
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
