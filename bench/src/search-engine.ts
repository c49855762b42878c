// Engine benchmark: `node bench/dist/search-engine.js --count 17917 [--no-cache] [--queries 2000]`.
// Builds the sample catalog and the embedded index, runs a deterministic query mix and prints ONE
// JSON line: build time, memory and per-kind latency percentiles.
import { parseArgs } from 'node:util';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { generateQueryMix, QUERY_KINDS, type QueryKind } from './search-queries.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '17917' },
    queries: { type: 'string', default: '2000' },
    'no-cache': { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const queries = Number(values.queries);
const cache = !values['no-cache'];

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const round = (ms: number) => Math.round(ms * 1000) / 1000;
function percentile(sorted: number[], p: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const products = generateSampleCatalog({ count });
globalThis.gc?.();
const before = process.memoryUsage();
const started = process.hrtime.bigint();
const index = createEmbeddedIndex(products, cache ? {} : { cacheSize: 0 });
const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
globalThis.gc?.();
const memory = process.memoryUsage();

for (const { query } of generateQueryMix(products, 300, { seed: 7 })) await index.search(query);
const mix = generateQueryMix(products, queries, { seed: 42, repeats: cache });
const byKind = new Map<QueryKind, number[]>(QUERY_KINDS.map((k) => [k, []]));
const all: number[] = [];
for (const { kind, query } of mix) {
  const t0 = process.hrtime.bigint();
  await index.search(query);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  all.push(ms);
  byKind.get(kind)!.push(ms);
}
all.sort((a, b) => a - b);
const kinds: Record<string, { p50: number; p99: number }> = {};
for (const [kind, times] of byKind) {
  times.sort((a, b) => a - b);
  kinds[kind] = { p50: round(percentile(times, 0.5)), p99: round(percentile(times, 0.99)) };
}
console.log(
  JSON.stringify({
    count: products.length,
    buildMs: Math.round(buildMs),
    heapMB: mb(memory.heapUsed),
    // Typed arrays live outside the JS heap: count them in the index's share.
    indexMB: mb(memory.heapUsed + memory.arrayBuffers - before.heapUsed - before.arrayBuffers),
    rssMB: mb(memory.rss),
    // The highest RSS of the whole run, building included (maxRSS is in kilobytes).
    peakRssMB: mb(process.resourceUsage().maxRSS * 1024),
    queries: all.length,
    p50Ms: round(percentile(all, 0.5)),
    p99Ms: round(percentile(all, 0.99)),
    maxMs: round(all.at(-1) ?? 0),
    byKind: kinds,
    cache,
  }),
);
await index.close();
