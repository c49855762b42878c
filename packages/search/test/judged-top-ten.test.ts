import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../src/catalog-index.js';
import { HELD_OUT_QUERIES, JUDGED_QUERIES, judgedEngines } from '../src/testing/index.js';
import { readBack as readBackIndex } from './embedded/read-back.js';

// What each judged query answers, pinned: the first ten products, the exact total and how the
// words were read. Relevance thresholds let a result move within them; this file does not, so a
// change to how the catalog is held (not to what it finds) shows as no difference at all.
const products = generateSampleCatalog();
const queries = [...JUDGED_QUERIES.queries, ...HELD_OUT_QUERIES.queries].map((j) => j.query);
// Each query as typed, and in the three orders and the filters that walk other code.
const variants = (q: string): SearchQuery[] => [
  { q, limit: 10 },
  { q, limit: 10, offset: 10, sort: 'price_asc' },
  { q, limit: 10, sort: 'title_asc', maxPrice: 400 },
];
const browses: SearchQuery[] = [
  { limit: 10 },
  { limit: 10, sort: 'price_desc', category: 'sneakers' },
  { limit: 10, sort: 'title_asc', minPrice: 100, maxPrice: 300, offset: 30 },
  { limit: 10, sort: 'newest', category: 'bags', minPrice: 500 },
];

// The embedded index as a process reads it from a prepared file (see `readBack`).
const readBack = {
  name: 'embedded (read back from its bytes)',
  open: async () => readBackIndex(products),
  close: async () => {},
};

describe.each([...judgedEngines(products), readBack])(
  'the judged queries on the $name engine',
  (engine) => {
    it('answer the pinned first ten, total and reading', async () => {
      const index = await engine.open();
      try {
        // One line per query, so that a difference reads as the query it is about.
        const lines: string[] = [];
        for (const query of [...queries.flatMap(variants), ...browses]) {
          const result = await index.search(query);
          const top = result.hits.map((p) => p.slug).join(' ');
          const reading = JSON.stringify(result.interpretation ?? null);
          lines.push(`${JSON.stringify(query)} → ${result.total}: ${top} | ${reading}`);
        }
        const name = engine.name.startsWith('embedded') ? 'embedded' : 'meilisearch';
        await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot(
          `fixtures/judged-top-ten.${name}.txt`,
        );
      } finally {
        await index.close();
        await engine.close();
      }
    }, 300_000);
  },
);
