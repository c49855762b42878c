import { readFileSync } from 'node:fs';
import { isRelevant, type JudgedSet, QUERY_KINDS } from '@repo/search/testing';
import { describe, expect, it } from 'vitest';
import { readCatalogFile } from '../../src/read-catalog-file.js';
import { NOW } from '../helper.js';
import { itClearsTheRelevanceBar } from '../judged-sheet.js';
import { QUERIES, WORKBOOK } from './expected.js';

// Search over the EU workbook as imported, every tab: a judged set written with the workbook,
// from what shoppers type (the community's German, French, Italian, Polish, Dutch, Spanish and
// English, nicknames, typos, budgets, labels no list has), before the reader or the lexicon
// learned any of it.
const judged = JSON.parse(readFileSync(QUERIES, 'utf8')) as JudgedSet;
const { products } = await readCatalogFile(WORKBOOK, { now: NOW });

describe('the judged set over the EU workbook', () => {
  it('holds 150 queries or more, of every kind and language, each with relevant products', () => {
    expect(judged.queries.length).toBeGreaterThanOrEqual(150);
    for (const kind of QUERY_KINDS) {
      expect(judged.queries.filter((q) => q.kind === kind).length, kind).toBeGreaterThan(0);
    }
    for (const lang of ['de', 'fr', 'it', 'pl', 'nl']) {
      expect(judged.queries.filter((q) => q.lang === lang).length, lang).toBeGreaterThanOrEqual(15);
    }
    for (const lang of ['en', 'es']) {
      expect(judged.queries.filter((q) => q.lang === lang).length, lang).toBeGreaterThan(0);
    }
    const without = judged.queries.filter((query) => !products.some((p) => isRelevant(p, query)));
    expect(without.map((query) => query.query).join('\n')).toBe('');
  });
});

describe('relevance over the EU workbook', () => {
  itClearsTheRelevanceBar(products, judged.queries);
});
