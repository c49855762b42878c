import { describe, expect, it } from 'vitest';
import { LocalCounter } from '../src/local-counter.js';

describe('LocalCounter', () => {
  it('counts within a fixed window and starts again after it', () => {
    let now = 1_000;
    const counter = new LocalCounter({ now: () => now });
    expect(counter.incr('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(counter.incr('a', 60_000)).toEqual({ current: 2, ttl: 50_000 });
    expect(counter.incr('b', 60_000).current).toBe(1);
    now += 50_000;
    expect(counter.incr('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps memory bounded under a flood of distinct keys, dropping the oldest first', () => {
    const counter = new LocalCounter({ maxKeys: 100 });
    for (let i = 0; i < 1_000; i++) counter.incr(`client-${i}`, 60_000);
    expect(counter.size).toBeLessThanOrEqual(100);
    expect(counter.incr('client-999', 60_000).current).toBe(2);
    expect(counter.incr('client-0', 60_000).current).toBe(1);
  });
});
