import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ResultCache } from '../src/result-cache.js';

// A result is kept from its key's second offer.
function keep<V extends NonNullable<unknown>>(cache: ResultCache<V>, key: string, value: V) {
  cache.offer(key, value);
  return cache.offer(key, value);
}

describe('ResultCache', () => {
  it('keeps a result from the second time its key is offered', () => {
    const cache = new ResultCache(10, 1000, () => 0);
    expect(cache.offer('a', '1')).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.offer('a', '1')).toBe(true);
    expect(cache.get('a')).toBe('1');
  });

  it('keeps none of many keys offered once, and what was kept stays', () => {
    const cache = new ResultCache(100, 1000, () => 0);
    keep(cache, 'popular', 'p');
    let admitted = 0;
    for (let i = 0; i < 10_000; i++) if (cache.offer(`distinct ${i}`, 'x')) admitted++;
    // The filter errs one way only, and rarely: a key taken for one seen before.
    expect(admitted).toBeLessThan(200);
    expect(cache.size).toBe(1 + admitted);
    expect(cache.get('popular')).toBe('p');
  });

  it('evicts the least recently used entry', () => {
    const cache = new ResultCache(2, 1000, () => 0);
    keep(cache, 'a', '1');
    keep(cache, 'b', '2');
    expect(cache.get('a')).toBe('1');
    keep(cache, 'c', '3');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1');
    expect(cache.size).toBe(2);
  });

  it('forgets entries after their time', () => {
    let now = 0;
    const cache = new ResultCache(10, 1000, () => now);
    keep(cache, 'a', '1');
    now = 999;
    expect(cache.get('a')).toBe('1');
    now = 1999;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing with size 0', () => {
    const cache = new ResultCache(0, 1000);
    expect(keep(cache, 'a', '1')).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps from its first offer a key the cache it follows keeps, and no other', () => {
    const earlier = new ResultCache(10, 0);
    keep(earlier, 'popular', 'old');
    earlier.offer('once', 'old');
    const cache = new ResultCache(10, 0);
    cache.follow(earlier);
    expect(cache.offer('popular', 'new')).toBe(true);
    expect(cache.get('popular')).toBe('new');
    expect(cache.offer('once', 'new')).toBe(false);
    expect(cache.offer('never', 'new')).toBe(false);
    // Looking does not make the earlier entry any more recent, nor change it.
    expect(earlier.recent(10)).toEqual(['popular']);
    expect(earlier.get('popular')).toBe('old');
  });

  it('does not keep the cache it follows alive', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let earlier: ResultCache<string> | undefined = new ResultCache(10, 0);
    keep(earlier, 'popular', 'old');
    const cache = new ResultCache<string>(10, 0);
    cache.follow(earlier);
    const gone = new WeakRef(earlier);
    earlier = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(gone.deref()).toBeUndefined();
    expect(cache.offer('popular', 'new')).toBe(false);
  });
});
