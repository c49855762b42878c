import { DEFAULT_LEXICON } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { compileLexicon } from '../../src/query/query-lexicon.js';

const ql = compileLexicon(DEFAULT_LEXICON);

describe('compileLexicon: words searched without typos', () => {
  it('are the category and product-type words, as the engines receive them', () => {
    expect(ql.exactWords.has('pasek')).toBe(true);
    expect(ql.exactWords.has('sneakers')).toBe(true);
    expect(ql.exactWords.has('sacados')).toBe(true);
    expect(ql.exactWords.has('nike')).toBe(false);
    expect(ql.exactWords.has('aj1')).toBe(false);
  });
});

describe('compileLexicon: kinds of product', () => {
  it('makes every word of a kind, in any language, a synonym of its token', () => {
    for (const word of ['belt', 'gurtel', 'ceinture', 'pasek', 'riem', 'cintura', 'cinturon']) {
      const own = word === 'belt' ? [] : ['belt'];
      expect(ql.synonyms.get(word) ?? [], word).toEqual(expect.arrayContaining(own));
    }
    expect(ql.synonyms.get('sacados')).toContain('backpack');
    expect(ql.synonyms.get('piumino')).toContain('puffer');
    // Two kinds' word: neither kind's token.
    expect(ql.synonyms.get('slippers')).not.toContain('slides');
  });

  it('leaves out an own phrase that its stop words would widen', () => {
    expect(ql.synonyms.get('sacados')).not.toContain('sac a dos');
    expect(ql.synonyms.get('dadhat')).not.toContain('dad hat');
    expect(ql.synonyms.get('boxerbriefs')).toContain('boxer briefs');
  });
});
