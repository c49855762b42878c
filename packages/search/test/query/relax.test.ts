import { describe, expect, it } from 'vitest';
import type { ReadWord } from '../../src/query/reading.js';
import { dropOrder } from '../../src/query/relax.js';

const word = (token: string, cls: ReadWord['class']): ReadWord => ({
  token,
  text: token,
  class: cls,
});

describe('dropOrder', () => {
  it('leaves out words that match nothing, then corrections, qualifiers, other words, brands', () => {
    const read = [
      word('nike', 'brand'),
      word('women', 'qualifier'),
      word('black', 'word'),
      word('xyz', 'word'),
      word('shoes', 'category'),
      word('shell', 'word'),
    ];
    const counts = [1200, 900, 3000, 0, 3400, 40];
    expect(dropOrder(read, counts, new Set([5]))).toEqual([3, 5, 1, 4, 2, 0]);
  });

  it('drops the most frequent first, and the rightmost of equals', () => {
    const read = [word('a1', 'word'), word('b2', 'word'), word('c3', 'word')];
    expect(dropOrder(read, [10, 30, 10])).toEqual([1, 2, 0]);
  });

  it('keeps brand and model words to the end, however frequent', () => {
    const read = [word('jordan', 'brand'), word('aj4', 'brand'), word('rare', 'word')];
    expect(dropOrder(read, [800, 300, 2])).toEqual([2, 0, 1]);
  });
});
