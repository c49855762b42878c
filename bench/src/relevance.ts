// Relevance benchmark: `pnpm bench:relevance [--set judged|held-out|both] [--details]`.
// Runs the judged query sets through the embedded engine and through the Meilisearch engine
// against the in-process model of Meilisearch (no server runs here), on the sample catalog, and
// prints zero-result rate, success@10, precision@10 and nDCG@10 per kind of query.
import { parseArgs } from 'node:util';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import type { CatalogIndex } from '@repo/search';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { createMeilisearchIndex, indexCatalogInMeilisearch } from '@repo/search/meilisearch';
import {
  formatRelevanceReport,
  HELD_OUT_QUERIES,
  JUDGED_QUERIES,
  type JudgedSet,
  measureRelevance,
  startMeilisearchModel,
} from '@repo/search/testing';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: 'judged' },
    details: { type: 'boolean', default: false },
  },
});
const sets: JudgedSet[] =
  values.set === 'held-out'
    ? [HELD_OUT_QUERIES]
    : values.set === 'both'
      ? [JUDGED_QUERIES, HELD_OUT_QUERIES]
      : [JUDGED_QUERIES];

const products = generateSampleCatalog();
const model = await startMeilisearchModel();
try {
  await indexCatalogInMeilisearch(products, { host: model.url, indexUid: 'products' });
  const engines: [string, CatalogIndex][] = [
    ['embedded', createEmbeddedIndex(products)],
    [
      'meilisearch (model)',
      createMeilisearchIndex({ host: model.url, indexUid: 'products', timeoutMs: 60_000 }),
    ],
  ];
  console.log(`Sample catalog: ${products.length} products. First page of 10, text only.\n`);
  for (const set of sets) {
    for (const [name, index] of engines) {
      const report = await measureRelevance(index, set.queries, products);
      console.log(
        formatRelevanceReport(`${set.name} set (${set.queries.length}), ${name}`, report),
      );
      if (values.details) {
        for (const m of report.measures) {
          const precision = m.shown === 0 ? 0 : m.relevantShown / m.shown;
          if (precision < 1) {
            console.log(
              `  [${m.judged.kind}] "${m.judged.query}": ${m.total} results, ${m.relevantShown}/${m.shown} relevant`,
            );
          }
        }
      }
      console.log('');
    }
  }
} finally {
  await model.close();
}
