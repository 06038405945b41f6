import type { Logger } from './logger';

/**
 * Runs a job every `everyMs` (the first run after `firstAfterMs`), never two at once, logging a
 * failure and going on. `stop()` cancels the next runs and waits for the one under way, so a
 * stopping server never cuts a job in half.
 */
export function scheduleJob(options: { everyMs: number; firstAfterMs: number; log: Logger; name: string }, run: () => Promise<unknown>) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = run()
      .then(() => undefined)
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
      .finally(() => (running = undefined));
  };
  const repeat = setInterval(tick, options.everyMs);
  const first = setTimeout(tick, options.firstAfterMs);
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(repeat);
      clearTimeout(first);
      await running;
    },
  };
}
