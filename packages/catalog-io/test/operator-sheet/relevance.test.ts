import { readFileSync } from 'node:fs';
import { isRelevant, type JudgedSet, QUERY_KINDS } from '@repo/search/testing';
import { describe, expect, it } from 'vitest';
import { readCatalogFile } from '../../src/read-catalog-file.js';
import { NOW } from '../helper.js';
import { itClearsTheRelevanceBar } from '../judged-sheet.js';
import { QUERIES, SHEET } from './expected.js';

// Search over the operator's sheet as imported: a judged set written with the sheet, before the
// importer or the lexicon learned either (six kinds, brands no list had, and the community's
// German, Italian, Polish and Dutch).
const judged = JSON.parse(readFileSync(QUERIES, 'utf8')) as JudgedSet;
const { products } = await readCatalogFile(SHEET, { now: NOW });

describe('the judged set over the operator’s sheet', () => {
  it('holds 150 queries or more, of every kind and language, each with relevant products', () => {
    expect(judged.queries.length).toBeGreaterThanOrEqual(150);
    for (const kind of QUERY_KINDS) {
      expect(judged.queries.filter((q) => q.kind === kind).length, kind).toBeGreaterThan(0);
    }
    for (const lang of ['de', 'it', 'pl', 'nl']) {
      expect(judged.queries.filter((q) => q.lang === lang).length, lang).toBeGreaterThanOrEqual(10);
    }
    for (const query of judged.queries) {
      expect(
        products.some((p) => isRelevant(p, query)),
        query.query,
      ).toBe(true);
    }
  });
});

describe('relevance over the operator’s sheet', () => {
  itClearsTheRelevanceBar(products, judged.queries);
});
