import { generateSampleCatalog } from '@repo/catalog-core/sample';
import type { LoadScenario } from '../load.js';
import type { ServiceScenario } from '../scenario.js';
import { generateQueryMix } from '../search-queries.js';

// What the official SDK clients send: their fetch (undici) asks for gzip on every request.
const headers = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'accept-encoding': 'gzip, deflate',
};
const post = (body: unknown, with_: Record<string, string> = headers) => ({
  method: 'POST' as const,
  path: '/mcp',
  body: JSON.stringify(body),
  headers: with_,
});
// A client that asks for no encoding (curl without --compressed): the bytes uncompressed.
const { 'accept-encoding': _, ...plainHeaders } = headers;
const callSearch = (id: number, args: Record<string, unknown>) =>
  post({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'search_products', arguments: args },
  });

const bareJsonRpc: LoadScenario = {
  name: 'bare POST /bare/jsonrpc',
  requests: [
    {
      method: 'POST',
      path: '/bare/jsonrpc',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      headers,
    },
  ],
};

/**
 * Distinct `search_products` argument sets drawn from the sample catalog's own vocabulary (the
 * search benchmark's mix: words, prefixes, typos, filters, browsing), as an agent would send them.
 */
function distinctSearches(count: number): Record<string, unknown>[] {
  const products = generateSampleCatalog();
  const seen = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const { query: q } of generateQueryMix(products, count * 3, { seed: 7 })) {
    const args = {
      ...(q.q !== undefined && { query: q.q }),
      ...(q.category !== undefined && { category: q.category }),
      ...(q.minPrice !== undefined && { min_price: q.minPrice, currency: 'CNY' }),
      ...(q.maxPrice !== undefined && { max_price: q.maxPrice, currency: 'CNY' }),
      ...(q.sort !== undefined && q.sort !== 'title_asc' && { sort: q.sort }),
      ...(q.offset ? { offset: q.offset } : {}),
    };
    const key = JSON.stringify(args);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(args);
    if (out.length === count) break;
  }
  return out;
}

/** Ranks drawn with P(k) ∝ 1/k (Zipf, s = 1), as query logs are: a few queries most of the time. */
function zipfRanks(ranks: number, draws: number, seed = 11): number[] {
  const weights = Array.from({ length: ranks }, (_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w / total;
    cumulative.push(sum);
  }
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  return Array.from({ length: draws }, () => {
    const r = next();
    let lo = 0;
    let hi = ranks - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 1) < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
}

const searches = distinctSearches(2_000);
const zipf = zipfRanks(1_000, 60_000);

// Enough different argument sets that a whole bench never sends one twice: about 530,000, against
// two log levels of a warm-up and three 5 s rounds (about 290,000 calls at 9,000 a second) and
// the scale section's runs. The query mix, each with its own offset and a page size around the
// default of 10, so answers are no larger than an ordinary search's. Built on demand: the strings
// of half a million requests are not worth keeping (wrk's script reads them from a file as sent).
// The searches without their own offset (two that differed only there would collide).
const bases = [
  ...new Map(
    searches.map(({ offset: _, ...base }) => [JSON.stringify(base), base] as const),
  ).values(),
];
const OFFSETS = 60;
const NEVER_REPEATED = bases.length * OFFSETS * 5;
const neverRepeated = (i: number) => ({
  ...bases[i % bases.length],
  offset: Math.floor(i / bases.length) % OFFSETS,
  limit: 8 + (Math.floor(i / (bases.length * OFFSETS)) % 5),
});

/** `search_products` as real traffic sends it: a few queries most of the time. */
export const ZIPF_SEARCH: LoadScenario = {
  name: 'POST /mcp search_products, Zipf mix over 1,000 queries',
  shared: true,
  requests: zipf.map((rank, i) => callSearch(i, searches[rank] ?? {})),
};

/** `search_products` never asked the same thing twice in a whole bench: no cache can help. */
export const DISTINCT_SEARCH: LoadScenario = {
  name: 'POST /mcp search_products, every query distinct',
  shared: true,
  unique: true,
  requests: { length: NEVER_REPEATED, at: (i) => callSearch(i, neverRepeated(i)) },
};

/** The MCP app's routes under load: the precomputed tool list and real searches. */
export const MCP_SCENARIOS: readonly ServiceScenario[] = [
  {
    scenario: {
      name: 'POST /mcp tools/list',
      requests: [post({ jsonrpc: '2.0', id: 1, method: 'tools/list' })],
    },
    baseline: bareJsonRpc,
  },
  {
    scenario: {
      name: 'POST /mcp tools/list, no Accept-Encoding',
      requests: [post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, plainHeaders)],
    },
    baseline: bareJsonRpc,
  },
  { scenario: DISTINCT_SEARCH, baseline: bareJsonRpc },
  { scenario: ZIPF_SEARCH, baseline: bareJsonRpc },
];
