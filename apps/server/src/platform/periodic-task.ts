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
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await options.run();
    } catch (error) {
      options.log.error({ err: error }, `${options.name} failed`);
    } finally {
      running = false;
    }
  };
  return {
    start: async () => {
      if (timer || options.intervalSeconds <= 0) return;
      timer = setInterval(() => void tick(), options.intervalSeconds * 1000);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
