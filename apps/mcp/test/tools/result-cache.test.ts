import { describe, expect, it } from 'vitest';
import { ResultCache } from '../../src/tools/result-cache.js';

describe('ResultCache', () => {
  it('evicts the least recently used entry', () => {
    const cache = new ResultCache(2, 1000, () => 0);
    cache.set('a', '1');
    cache.set('b', '2');
    expect(cache.get('a')).toBe('1');
    cache.set('c', '3');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1');
    expect(cache.size).toBe(2);
  });

  it('forgets entries after their time', () => {
    let now = 0;
    const cache = new ResultCache(10, 1000, () => now);
    cache.set('a', '1');
    now = 999;
    expect(cache.get('a')).toBe('1');
    now = 1999;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing with size 0', () => {
    const cache = new ResultCache(0, 1000);
    cache.set('a', '1');
    expect(cache.get('a')).toBeUndefined();
  });
});
