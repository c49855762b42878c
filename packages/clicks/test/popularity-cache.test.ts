import { describe, expect, it } from 'vitest';
import { PopularityCache } from '../src/popularity-cache.js';
import { clock, DAY, T0 } from './helpers.js';

function source(initial: Record<string, number> = {}) {
  const s = {
    counts: new Map(Object.entries(initial)),
    loads: [] as (readonly string[])[],
    fail: false,
    gate: undefined as Promise<void> | undefined,
    async load(window: readonly string[]) {
      s.loads.push(window);
      await s.gate;
      if (s.fail) throw new Error('down');
      return new Map(s.counts);
    },
  };
  return s;
}

function cacheOf(s: ReturnType<typeof source>, now: () => number, refreshMs = 2_000) {
  return new PopularityCache({
    load: (window) => s.load(window),
    fallback: () => new Map([['fallback', 1]]),
    refreshMs,
    now,
  });
}

describe('PopularityCache', () => {
  it('loads a window once and again only after refreshMs', async () => {
    const c = clock(T0);
    const s = source({ a: 2 });
    const cache = cacheOf(s, c.now);
    const first = await cache.get(30);
    expect(first.counts).toEqual(new Map([['a', 2]]));
    expect(s.loads).toHaveLength(1);
    expect(s.loads[0]).toHaveLength(30);
    expect(s.loads[0]?.at(-1)).toBe('2026-11-26');
    c.advance(1_999);
    expect(await cache.get(30)).toBe(first);
    expect(s.loads).toHaveLength(1);
    c.advance(1);
    s.counts.set('a', 3);
    const second = await cache.get(30);
    expect(s.loads).toHaveLength(2);
    expect(second.counts.get('a')).toBe(3);
    expect(second.version).not.toBe(first.version);
    expect(first.counts.get('a')).toBe(2);
  });

  it('keeps the version when a load finds the same counts', async () => {
    const c = clock(T0);
    const s = source({ a: 2 });
    const cache = cacheOf(s, c.now);
    const first = await cache.get(7);
    c.advance(5_000);
    expect((await cache.get(7)).version).toBe(first.version);
    expect(s.loads).toHaveLength(2);
  });

  it('shares one load between concurrent callers', async () => {
    const c = clock(T0);
    const s = source({ a: 1 });
    let open = () => {};
    s.gate = new Promise((resolve) => {
      open = resolve;
    });
    const cache = cacheOf(s, c.now);
    const both = Promise.all([cache.get(30), cache.get(30)]);
    open();
    const [x, y] = await both;
    expect(x).toBe(y);
    expect(s.loads).toHaveLength(1);
  });

  it('keeps the old snapshot when a load fails, and tries again refreshMs later', async () => {
    const c = clock(T0);
    const s = source({ a: 1 });
    const cache = cacheOf(s, c.now);
    const first = await cache.get(30);
    s.fail = true;
    c.advance(2_000);
    expect(await cache.get(30)).toBe(first);
    c.advance(1_000);
    expect(await cache.get(30)).toBe(first);
    expect(s.loads).toHaveLength(2);
    s.fail = false;
    s.counts.set('a', 5);
    c.advance(1_000);
    expect((await cache.get(30)).counts.get('a')).toBe(5);
  });

  it('starts from the fallback when the first load fails', async () => {
    const s = source();
    s.fail = true;
    const cache = cacheOf(s, () => T0);
    expect((await cache.get(30)).counts).toEqual(new Map([['fallback', 1]]));
  });

  it("adds this process's clicks at once, as a new snapshot with a new version", async () => {
    const c = clock(T0);
    const s = source({ a: 1 });
    const cache = cacheOf(s, c.now);
    const first = await cache.get(30);
    cache.counted('a', '2026-11-26');
    cache.counted('b', '2026-11-26');
    cache.counted('old', '2026-10-01');
    const second = await cache.get(30);
    expect(second.version).not.toBe(first.version);
    expect(second.counts).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
    expect(first.counts).toEqual(new Map([['a', 1]]));
    expect(await cache.get(30)).toBe(second);
    expect(s.loads).toHaveLength(1);
  });

  it('keeps the clicks counted while a load runs, and those of a failed load', async () => {
    const c = clock(T0);
    const s = source({ a: 1 });
    const cache = cacheOf(s, c.now);
    await cache.get(30);
    cache.counted('a', '2026-11-26');
    // A failed load: the click stays on the old snapshot.
    s.fail = true;
    c.advance(2_000);
    expect((await cache.get(30)).counts.get('a')).toBe(2);
    // A load that runs while another click is counted: the load knows the first (the source
    // has it), not the second.
    s.fail = false;
    s.counts.set('a', 2);
    let open = () => {};
    s.gate = new Promise((resolve) => {
      open = resolve;
    });
    c.advance(2_000);
    const loading = cache.get(30);
    cache.counted('a', '2026-11-26');
    open();
    expect((await loading).counts.get('a')).toBe(3);
  });

  it('loads again when the day changes', async () => {
    const c = clock(T0);
    const s = source({ a: 1 });
    const cache = new PopularityCache({
      load: (window) => s.load(window),
      fallback: () => new Map(),
      refreshMs: Number.POSITIVE_INFINITY,
      now: c.now,
    });
    await cache.get(1);
    c.advance(DAY);
    await cache.get(1);
    expect(s.loads).toEqual([['2026-11-26'], ['2026-11-27']]);
  });
});
