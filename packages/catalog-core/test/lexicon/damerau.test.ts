import { describe, expect, it } from 'vitest';
import { damerauDistance, typoCost } from '../../src/lexicon/damerau.js';

describe('damerauDistance', () => {
  it('counts two swapped neighbours as one edit', () => {
    expect(damerauDistance('adidsa', 'adidas', 2)).toBe(1);
    expect(damerauDistance('teh', 'the', 2)).toBe(1);
    expect(damerauDistance('zepyhrine', 'zephyrine', 2)).toBe(1);
  });

  it('counts insertions, deletions and substitutions as one each', () => {
    expect(damerauDistance('jordn', 'jordan', 2)).toBe(1);
    expect(damerauDistance('jordann', 'jordan', 2)).toBe(1);
    expect(damerauDistance('jordon', 'jordan', 2)).toBe(1);
    expect(damerauDistance('qukkaa', 'quokka', 2)).toBe(2);
    expect(damerauDistance('same', 'same', 0)).toBe(0);
  });

  it('stops at max + 1', () => {
    expect(damerauDistance('balenciaga', 'nike', 2)).toBe(3);
    expect(damerauDistance('abcdef', 'ghijkl', 1)).toBe(2);
  });

  it('measures to the closest prefix of the term in prefix mode', () => {
    expect(damerauDistance('jor', 'jordan', 1, true)).toBe(0);
    expect(damerauDistance('jrod', 'jordan', 1, true)).toBe(1);
    expect(damerauDistance('jordan', 'jo', 1, true)).toBe(2);
    expect(damerauDistance('xyz', 'jordan', 1, true)).toBe(2);
  });
});

describe('typoCost (Meilisearch: a different first letter costs two)', () => {
  it('keeps the first letter for words of one typo', () => {
    expect(typoCost('adidsa', 'adidas', 1)).toBe(1);
    expect(typoCost('hordan', 'jordan', 1)).toBeUndefined();
    expect(typoCost('jordna', 'jordan', 1)).toBe(1);
  });

  it('lets words of two typos change their first letter and nothing else', () => {
    expect(typoCost('malenciaga', 'balenciaga', 2)).toBe(2);
    expect(typoCost('malenciaha', 'balenciaga', 2)).toBeUndefined();
    expect(typoCost('balenciaag', 'balenciaga', 2)).toBe(1);
    expect(typoCost('balencaiag', 'balenciaga', 2)).toBe(2);
  });

  it('tolerates nothing when no typo is allowed', () => {
    expect(typoCost('nkie', 'nike', 0)).toBeUndefined();
  });
});
