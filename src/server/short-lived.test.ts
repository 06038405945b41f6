import { describe, expect, it } from 'vitest';
import { SHORT_LIVED_MS, shortLived } from './short-lived';

describe('shortLived', () => {
  it('reads once while fresh, again when stale or forgotten, and never keeps a failure', async () => {
    let time = 0;
    let reads = 0;
    let fail = false;
    const value = shortLived(
      async () => {
        reads++;
        if (fail) throw new Error('database away');
        return reads;
      },
      () => time,
    );
    expect(await Promise.all([value.get(), value.get()])).toEqual([1, 1]);
    time += SHORT_LIVED_MS - 1;
    expect(await value.get()).toBe(1);
    time += 1;
    expect(await value.get()).toBe(2);
    value.forget();
    expect(await value.get()).toBe(3);
    value.forget();
    fail = true;
    await expect(value.get()).rejects.toThrow('database away');
    fail = false;
    expect(await value.get()).toBe(5);
  });
});
