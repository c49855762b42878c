import { generateSampleCatalog } from '@repo/catalog-core/sample';

/** One request of the soak mix. */
export interface SoakRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

// A small deterministic PRNG (mulberry32) so every soak replays the same mix.
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WORDS = [
  'nike',
  'jordan',
  'hoodie',
  'dunk',
  'bag',
  'cap',
  'jacket',
  'yeezy',
  'black',
  'white',
];
const COUNTRIES = ['US', 'DE', 'GB', 'FR', 'CA', 'AU', 'NL', 'ES', 'IT', 'BR'];

function rpc(method: string, params: unknown, token?: string): SoakRequest {
  return {
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  };
}

/**
 * The mixed traffic of a day, in proportions like real use: shoppers on pages (HTML and
 * Markdown), agents on the MCP tools (some with a token), discovery documents and tokens.
 */
export function soakTraffic(options: {
  count: number;
  token: string;
  seed?: number;
}): SoakRequest[] {
  const next = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const products = generateSampleCatalog();
  const slugs = products.filter((_, i) => i % 53 === 0).map((p) => p.slug);
  const categories = [...new Set(products.map((p) => p.category))];
  const query = () => (next() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${pick(WORDS)}`);

  const kinds: [number, () => SoakRequest][] = [
    [0.12, () => ({ method: 'GET', path: `/producto/${pick(slugs)}` })],
    [0.05, () => ({ method: 'GET', path: `/producto/${pick(slugs)}.md` })],
    [0.1, () => ({ method: 'GET', path: `/catalog?q=${encodeURIComponent(query())}` })],
    [0.04, () => ({ method: 'GET', path: `/catalog.md?q=${encodeURIComponent(query())}` })],
    [
      0.05,
      () => ({
        method: 'GET',
        path: `/category/${pick(categories)}?page=${1 + Math.floor(next() * 5)}`,
      }),
    ],
    [0.04, () => ({ method: 'GET', path: '/' })],
    [
      0.02,
      () => ({
        method: 'GET',
        path: `/spreadsheet/agent_${pick(['a', 'b', 'c'])}?page=${1 + Math.floor(next() * 80)}`,
      }),
    ],
    [
      0.2,
      () =>
        rpc(
          'tools/call',
          { name: 'search_products', arguments: { query: query(), limit: 10 } },
          next() < 0.3 ? options.token : undefined,
        ),
    ],
    [
      0.07,
      () =>
        rpc('tools/call', {
          name: 'estimate_shipping',
          arguments: { country: pick(COUNTRIES), weight_grams: 200 + Math.floor(next() * 4000) },
        }),
    ],
    [0.04, () => rpc('tools/call', { name: 'get_agent_offers', arguments: {} })],
    [0.03, () => rpc('tools/call', { name: 'list_categories', arguments: {} })],
    [0.04, () => rpc('tools/list', {})],
    [
      0.06,
      () => ({
        method: 'GET',
        path: pick([
          '/.well-known/api-catalog',
          '/openapi.json',
          '/llms.txt',
          '/robots.txt',
          '/.well-known/mcp/server-card.json',
          '/.well-known/oauth-protected-resource',
          '/.well-known/jwks.json',
          '/auth.md',
        ]),
      }),
    ],
    [
      0.02,
      () => ({
        method: 'POST',
        path: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&client_id=soak-${Math.floor(next() * 50)}&scope=public`,
      }),
    ],
    [0.12, () => ({ method: 'GET', path: '/health.json' })],
  ];
  const total = kinds.reduce((sum, [weight]) => sum + weight, 0);
  return Array.from({ length: options.count }, () => {
    let roll = next() * total;
    for (const [weight, make] of kinds) {
      roll -= weight;
      if (roll <= 0) return make();
    }
    return kinds[0]![1]();
  });
}
