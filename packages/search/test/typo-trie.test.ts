import { typoCost } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxTypos, tokenize } from '../src/text.js';
import { TypoTrie } from '../src/typo-trie.js';

const words = [
  ...new Set(
    generateSampleCatalog({ count: 3000 }).flatMap((p) =>
      tokenize(`${p.title} ${p.brand} ${p.colorway ?? ''}`),
    ),
  ),
].sort();
const trie = new TypoTrie();
words.forEach((word, id) => {
  trie.add(word, id);
});

function fromTrie(word: string, prefix: boolean): Map<string, number> {
  const found = new Map<string, number>();
  trie.typos(word, maxTypos(word), prefix, (id, typos) => found.set(words[id]!, typos));
  return found;
}

function bruteForce(word: string, prefix: boolean): Map<string, number> {
  const found = new Map<string, number>();
  for (const term of words) {
    const cost = typoCost(word, term, maxTypos(word), prefix);
    if (cost !== undefined && cost > 0) found.set(term, cost);
  }
  return found;
}

describe('TypoTrie', () => {
  it('finds swapped neighbours at one typo and keeps the first letter of short words', () => {
    expect(fromTrie('adidsa', false).get('adidas')).toBe(1);
    expect(fromTrie('jordna', false).get('jordan')).toBe(1);
    expect(fromTrie('hordan', false).has('jordan')).toBe(false);
    expect(fromTrie('malenciaga', false).get('balenciaga')).toBe(2);
    expect(fromTrie('nkie', false).size).toBe(0);
  });

  it('matches prefixes of words with typos for the last word', () => {
    expect(fromTrie('jordn', true).get('jordan')).toBe(1);
    expect(fromTrie('balenci', true).has('balenciaga')).toBe(false); // an exact prefix: not a typo
    expect(fromTrie('balemci', true).get('balenciaga')).toBe(1);
  });

  it('agrees with the brute-force distance on catalog words with random typos', () => {
    const typoed = fc
      .tuple(fc.constantFrom(...words.filter((w) => w.length >= 5)), fc.nat(), fc.nat())
      .map(([word, at, kind]) => {
        const i = at % word.length;
        const chars = [...word];
        if (kind % 4 === 0 && i + 1 < chars.length)
          [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
        else if (kind % 4 === 1) chars.splice(i, 1);
        else if (kind % 4 === 2) chars.splice(i, 0, 'x');
        else chars[i] = 'q';
        return chars.join('');
      });
    fc.assert(
      fc.property(typoed, fc.boolean(), (word, prefix) => {
        expect(Object.fromEntries(fromTrie(word, prefix))).toEqual(
          Object.fromEntries(bruteForce(word, prefix)),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('TypoTrie.near', () => {
  it('finds every word within plain edits, the first letter included', () => {
    const found = new Map<string, number>();
    trie.near('hordan', 1, (id, d) => found.set(words[id]!, d));
    expect(found.get('jordan')).toBe(1);
    const exact = new Map<string, number>();
    trie.near('jordan', 1, (id, d) => exact.set(words[id]!, d));
    expect(exact.get('jordan')).toBe(0);
  });
});
