import { readFileSync } from 'node:fs';
import type { CatalogIndex } from '@repo/search';
import {
  formatRelevanceReport,
  isRelevant,
  type JudgedSet,
  judgedEngines,
  measureRelevance,
  QUERY_KINDS,
} from '@repo/search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogFile } from '../../src/read-catalog-file.js';
import { NOW } from '../helper.js';
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
  for (const engine of judgedEngines(products)) {
    let index: CatalogIndex;
    beforeAll(async () => {
      index = await engine.open();
    }, 120_000);
    afterAll(() => engine.close());

    it(`${engine.name}: success@10 ≥ 95%, and ≥ 90% for every kind and every language`, async () => {
      const report = await measureRelevance(index, judged.queries, products);
      const message = formatRelevanceReport('', report);
      expect(report.all.success, message).toBeGreaterThanOrEqual(0.95);
      for (const [kind, figures] of Object.entries(report.byKind)) {
        expect(figures.success, `${kind}\n${message}`).toBeGreaterThanOrEqual(0.9);
      }
      for (const [lang, figures] of Object.entries(report.byLanguage)) {
        expect(figures.success, `${lang}\n${message}`).toBeGreaterThanOrEqual(0.9);
      }
    }, 120_000);
  }
});
