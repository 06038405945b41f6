import { describe, expect, it } from 'vitest';
import { SHORT_LIVED_MS, shortLived, shortLivedByKey } from './short-lived';

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

describe('shortLivedByKey', () => {
  it('keeps each key apart, drops the oldest beyond its bound, forgets all at once and never keeps a failure', async () => {
    let time = 0;
    const reads: string[] = [];
    const pages = shortLivedByKey<string>(2, () => time);
    const load = (key: string) => async () => {
      reads.push(key);
      if (key === 'broken') throw new Error('renderer failed');
      return `${key}#${reads.length}`;
    };
    expect(await Promise.all([pages.get('/a', load('/a')), pages.get('/a', load('/a')), pages.get('/b', load('/b'))])).toEqual([
      '/a#1',
      '/a#1',
      '/b#2',
    ]);
    time += SHORT_LIVED_MS - 1;
    expect(await pages.get('/a', load('/a'))).toBe('/a#1');
    // A third key pushes out the oldest read (/a), not the one read last.
    expect(await pages.get('/c', load('/c'))).toBe('/c#3');
    expect(await pages.get('/b', load('/b'))).toBe('/b#2');
    expect(await pages.get('/a', load('/a'))).toBe('/a#4');
    time += 1;
    expect(await pages.get('/b', load('/b'))).toBe('/b#5');
    pages.forget();
    expect(await pages.get('/b', load('/b'))).toBe('/b#6');
    await expect(pages.get('broken', load('broken'))).rejects.toThrow('renderer failed');
    expect(reads.filter((key) => key === 'broken')).toHaveLength(1);
    await expect(pages.get('broken', load('broken'))).rejects.toThrow('renderer failed');
    expect(reads.filter((key) => key === 'broken')).toHaveLength(2);
  });
});
