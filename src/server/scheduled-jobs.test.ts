import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';
import { scheduleJob } from './scheduled-jobs';

describe('scheduled jobs', () => {
  afterEach(() => vi.useRealTimers());
  const log = createLogger('silent');

  it('never runs a job twice at once, and stop() waits for the run under way', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    let runs = 0;
    const job = scheduleJob({ everyMs: 1000, firstAfterMs: 10, log, name: 'test job' }, () => {
      runs++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await vi.advanceTimersByTimeAsync(3500);
    expect(runs).toBe(1); // still under way: later ticks skip

    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1); // nothing after stop
  });

  it('logs a failed run and runs again at the next tick', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = scheduleJob({ everyMs: 1000, firstAfterMs: 10, log, name: 'test job' }, async () => {
      runs++;
      throw new Error('database away');
    });
    await vi.advanceTimersByTimeAsync(2100);
    expect(runs).toBe(3);
    await job.stop();
  });
});
