import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { BARE_PAGE_COUNT } from '../bare/html.js';
import type { ScenarioRequest } from '../load.js';
import type { ServiceScenario } from '../scenario.js';
import { generateQueryMix } from '../search-queries.js';

const bareJson = { name: 'bare GET /bare/json', requests: [{ path: '/bare/json' }] };

/** The bare 20 KB page twin of a route that sends `pages` different pages, in turn as it does. */
function bareHtml(pages: number) {
  const count = Math.min(pages, BARE_PAGE_COUNT);
  return {
    name: `bare GET /bare/html/{n} (20 KB, ${count} page${count === 1 ? '' : 's'})`,
    requests: Array.from({ length: count }, (_, n) => ({ path: `/bare/html/${n}` })),
  };
}

// The server runs the default sample catalog; the same generator gives the same slugs and words.
const products = generateSampleCatalog();
const slugs = products.filter((_, i) => i % 37 === 0).map((p) => p.slug);
const queries = [
  ...new Set(
    generateQueryMix(products, 600, { seed: 7 })
      .map((m) => m.query.q)
      .filter((q): q is string => Boolean(q)),
  ),
];

/** The catalog search page, one query after another from the search mix. */
export const CATALOG_SEARCH = {
  name: `GET /catalog?q= (${queries.length} queries)`,
  requests: queries.map((q) => ({ path: `/catalog?q=${encodeURIComponent(q)}` })),
};

// What search fields ask for as the mix's queries are typed into them: each query's every start of
// two characters or more (the script asks for none shorter), trimmed as it sends them, each once.
const typed = [
  ...new Set(
    queries.flatMap((q) =>
      Array.from({ length: q.length - 1 }, (_, i) => q.slice(0, i + 2).trim()).filter(
        (text) => text.length >= 2,
      ),
    ),
  ),
];

/**
 * The search suggestions, one typed text after another, beside a twin sending a fixed answer of
 * the same size to the same URLs. The first round asks for every text once; after that, answers
 * come from the route's cache, as prefixes many visitors type do.
 */
const SUGGEST: ServiceScenario = {
  scenario: {
    name: `GET /suggest?q= (${typed.length} typed texts)`,
    requests: typed.map((q) => ({ path: `/suggest?q=${encodeURIComponent(q)}&lang=en` })),
  },
  baseline: {
    name: 'bare GET /bare/suggest?q= (1 KB JSON)',
    requests: typed.map((q) => ({ path: `/bare/suggest?q=${encodeURIComponent(q)}&lang=en` })),
  },
};

// Parcels for the shipping calculator: a country each, one to three products with quantities,
// some with a box, so that both the estimate and the country list are rendered for every answer.
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'PL', 'AU', 'CA', 'BR', 'JP', 'SE', 'NL', 'MX'];
const parcels = slugs.map((slug, i) => {
  const items = [`${slug}:${1 + (i % 3)}`, ...(i % 2 ? [slugs[(i + 7) % slugs.length]] : [])];
  const box = i % 4 === 0 ? '&length=36&width=26&height=15' : '';
  return `/shipping?country=${COUNTRIES[i % COUNTRIES.length]}&items=${items.join(',')}${box}`;
});

/** The shipping calculator, one parcel after another. */
export const SHIPPING_CALCULATOR = {
  name: `GET /shipping?country=&items= (${parcels.length} parcels)`,
  requests: parcels.map((path) => ({ path })),
};

const SPREADSHEET_PAGES = 180;

/** The pages a visitor reads, in English as a client that sends no preference gets them. */
const PAGES: readonly ServiceScenario[] = [
  { scenario: { name: 'GET /', requests: [{ path: '/' }] }, baseline: bareHtml(1) },
  { scenario: CATALOG_SEARCH, baseline: bareHtml(queries.length) },
  {
    scenario: {
      name: `GET /producto/{slug} (${slugs.length} slugs)`,
      requests: slugs.map((slug) => ({ path: `/producto/${slug}` })),
    },
    baseline: bareHtml(slugs.length),
  },
  { scenario: SHIPPING_CALCULATOR, baseline: bareHtml(parcels.length) },
  {
    scenario: {
      name: `GET /spreadsheet/agent_a?page= (${SPREADSHEET_PAGES} pages)`,
      requests: Array.from({ length: SPREADSHEET_PAGES }, (_, i) => ({
        path: `/spreadsheet/agent_a?page=${i + 1}`,
      })),
    },
    baseline: bareHtml(SPREADSHEET_PAGES),
  },
];

// The same pages in another language and currency: each variant is its own rendering, kept in
// the same page cache, so its figures must stay those of the English pages.
const VARIANTS: readonly {
  readonly label: string;
  readonly request: (r: ScenarioRequest) => ScenarioRequest;
}[] = [
  {
    label: '[Accept-Language: es]',
    request: (r) => ({ ...r, headers: { ...r.headers, 'accept-language': 'es-ES,es;q=0.9' } }),
  },
  {
    label: '[?currency=BRL]',
    request: (r) => ({ ...r, path: `${r.path}${r.path.includes('?') ? '&' : '?'}currency=BRL` }),
  },
];

function variant(page: ServiceScenario, v: (typeof VARIANTS)[number]): ServiceScenario {
  const requests = page.scenario.requests;
  return {
    scenario: {
      ...page.scenario,
      name: `${page.scenario.name} ${v.label}`,
      requests: Array.from({ length: requests.length }, (_, i) =>
        v.request(
          Array.isArray(requests)
            ? (requests as readonly ScenarioRequest[])[i]!
            : (requests as { at(index: number): ScenarioRequest }).at(i),
        ),
      ),
    },
    baseline: page.baseline,
  };
}

// A browser's user agent: the load generator's own would be taken for a crawler and not counted.
const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};
const AGENTS = ['agent_a', 'agent_b', 'agent_c'];

/**
 * The buy links, each slug through each agent in turn: the first click of each product is
 * counted, the rest are the repeats one client makes within the hour (folded, not counted).
 */
const OUTBOUND: ServiceScenario = {
  scenario: {
    name: `GET /go/{agent}/{slug} (${slugs.length} slugs)`,
    requests: slugs.map((slug, i) => ({
      path: `/go/${AGENTS[i % AGENTS.length]}/${slug}`,
      headers: BROWSER,
    })),
  },
  baseline: {
    name: 'bare GET /bare/go/{agent}/{slug} (302)',
    requests: slugs.map((slug, i) => ({ path: `/bare/go/${AGENTS[i % AGENTS.length]}/${slug}` })),
  },
};

/**
 * The web app's routes under load: the pages, the suggestions, the same pages in each variant, then
 * the buy links.
 * The clicks come last: once counted, the home page grows a popular row, a bigger page than the
 * one the figures before this scenario describe.
 */
export const WEB_SCENARIOS: readonly ServiceScenario[] = [
  {
    scenario: { name: 'GET /health.json', requests: [{ path: '/health.json' }] },
    baseline: bareJson,
  },
  ...PAGES,
  SUGGEST,
  ...VARIANTS.flatMap((v) => PAGES.map((page) => variant(page, v))),
  OUTBOUND,
];
