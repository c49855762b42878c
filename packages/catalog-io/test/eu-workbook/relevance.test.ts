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
  for (const engine of judgedEngines(products)) {
    let index: CatalogIndex;
    beforeAll(async () => {
      index = await engine.open();
    }, 120_000);
    afterAll(() => engine.close());

    it(`${engine.name}: success@10 ≥ 95%, and ≥ 90% for every kind and every language`, async () => {
      const report = await measureRelevance(index, judged.queries, products);
      const missed = report.measures
        .filter((m) => m.relevantShown === 0)
        .map((m) => `  ${m.judged.kind} ${m.judged.lang ?? '--'} "${m.judged.query}"`);
      const message = `${formatRelevanceReport('', report)}\nno relevant product in the first 10:\n${missed.join('\n')}`;
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
