import { createSiteUrls, DEFAULT_AGENTS, type Product } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { languageUrl } from '../../src/pages/page-chrome.js';
import { BASE, build, products } from '../helper.js';
import { adding, pageKinds } from '../page-kinds.js';
import { checkRichResults, issueLine } from '../rich-results.js';

// Every kind of page through Google's rich-results rules (see rich-results.ts), in English and
// Spanish: no errors, and the structured data each kind must carry, so that a page that loses its
// JSON-LD fails as well as one whose JSON-LD is wrong.

const urls = createSiteUrls({ baseUrl: BASE });

/** The root `@type`s of each kind of page of `pageKinds`, and of the listing kinds added here. */
const TYPES: Readonly<Record<string, readonly string[]>> = {
  home: ['WebSite'],
  'catalog with results': ['ItemList'],
  'catalog without results': [],
  'catalog, page 2 of a category': ['BreadcrumbList', 'ItemList'],
  'catalog with a pasted catalogued link': ['ItemList'],
  'catalog with a pasted link not catalogued': [],
  'catalog with a short link': [],
  category: ['BreadcrumbList', 'ItemList'],
  product: ['Product', 'BreadcrumbList'],
  'catalog in popular order': ['BreadcrumbList', 'ItemList'],
  'category in popular order, page 2': ['BreadcrumbList', 'ItemList'],
  spreadsheet: [],
  'api-docs': [],
  'shipping calculator, empty': [],
  'shipping calculator with items and a box': [],
  'shipping calculator by weight': [],
  'shipping calculator, 400 page': [],
  'shipping calculator with an unknown parameter': [],
  '400 page (unknown agent)': [],
  '400 page': [],
  '404 page (product)': [],
  '404 page (path)': [],
};

const KINDS = [
  ...pageKinds(products),
  { kind: 'catalog in popular order', url: '/catalog?sort=popular', status: 200 },
  {
    kind: 'category in popular order, page 2',
    url: '/category/bags?sort=popular&page=2',
    status: 200,
  },
];

// A product with checked https photos beside QC-cell junk, and one with no photo at all.
const PHOTOS = ['https://i.imgur.com/AbCdEf1.jpg', 'https://si.geilicdn.com/pcitem1_a.jpg'];
const [first, second] = products;
const withPhotos: Product = {
  ...first!,
  qc_photos: ['see yupoo', ...PHOTOS, '//evil.example/x.png'],
};
const withoutPhotos: Product = { ...second!, qc_photos: ['see yupoo'], qc_albums: [] };
const catalog = [withPhotos, withoutPhotos, ...products.slice(2)];

/** The page's one JSON-LD block. */
function jsonLdOf(body: string): Record<string, unknown> {
  const blocks = [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!);
}

/** The JSON-LD node of a type, in a block of one node or a `@graph`. */
function nodeOf(ld: Record<string, unknown>, type: string): Record<string, unknown> | undefined {
  const nodes = (ld['@graph'] as Record<string, unknown>[] | undefined) ?? [ld];
  return nodes.find((n) => n['@type'] === type);
}

/** A `ListItem` of a trail (`item`) or of a list of products (`url`). */
interface ListItem {
  readonly position: number;
  readonly name: string;
  readonly item?: string;
  readonly url?: string;
}

/** The items of the page's `BreadcrumbList` or `ItemList`. */
function itemsOf(ld: Record<string, unknown>, type: 'BreadcrumbList' | 'ItemList'): ListItem[] {
  return (nodeOf(ld, type)?.itemListElement as ListItem[] | undefined) ?? [];
}

const fromHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
  );

/** The visible breadcrumbs: each step's words, then the page's own. */
function crumbsShown(body: string): string[] {
  const nav = body.match(/<nav class="crumbs"[^>]*><ol>(.*?)<\/ol><\/nav>/)?.[1] ?? '';
  return [...nav.matchAll(/<li[^>]*>(?:<a [^>]*>)?(.*?)(?:<\/a>)?<\/li>/g)].map((m) =>
    fromHtml(m[1]!),
  );
}

/** The product cards of a listing, in order, as absolute URLs. */
function productsShown(body: string): string[] {
  return [...body.matchAll(/<h3><a href="(\/producto\/[^"]+)">/g)].map(
    (m) => `${BASE}${fromHtml(m[1]!)}`,
  );
}

describe.each(['en', 'es'] as const)('rich results in %s', (lang) => {
  const at = (url: string) => (lang === 'en' ? url : adding(url, 'lang', lang));

  it.each(KINDS)('finds no errors on the $kind', async ({ kind, url, status }) => {
    const app = await build();
    const response = await app.inject({ url: at(url), headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(status);
    const { data, issues } = await checkRichResults(response.body);
    expect(issues.filter((i) => i.severity === 'ERROR').map(issueLine)).toEqual([]);
    expect(Object.keys(data.jsonld).sort()).toEqual([...(TYPES[kind] ?? ['(no entry)'])].sort());
  });

  it('gives a product its photos, its brand, an offer per agent and its trail', async () => {
    const app = await build({}, { catalog });
    const body = (await app.inject(at(`/producto/${withPhotos.slug}`))).body;
    const { issues } = await checkRichResults(body);
    expect(issues.filter((i) => i.severity === 'ERROR').map(issueLine)).toEqual([]);
    const ld = jsonLdOf(body);
    const page = languageUrl(urls.product(withPhotos.slug), lang);
    expect(nodeOf(ld, 'Product')).toEqual({
      '@type': 'Product',
      name: withPhotos.title,
      url: page,
      sku: withPhotos.item_id,
      brand: { '@type': 'Brand', name: withPhotos.brand },
      category: expect.any(String),
      // Only the photos the catalog checked, as they are: the junk beside them is no image.
      image: PHOTOS,
      offers: DEFAULT_AGENTS.map((a) => ({
        '@type': 'Offer',
        price: withPhotos.price.toFixed(2),
        priceCurrency: 'CNY',
        availability: 'https://schema.org/InStock',
        url: page,
        seller: { '@type': 'Organization', name: a.name },
      })),
    });
    const trail = itemsOf(ld, 'BreadcrumbList');
    expect(trail.map((it) => it.item)).toEqual([
      languageUrl(urls.home(), lang),
      languageUrl(urls.category(withPhotos.category), lang),
      page,
    ]);
    expect(trail.map((it) => it.name)).toEqual(crumbsShown(body));
    expect(trail.map((it) => it.position)).toEqual([1, 2, 3]);
  });

  it('leaves out the image of a product without photos, and nothing else', async () => {
    const app = await build({}, { catalog });
    const body = (await app.inject(at(`/producto/${withoutPhotos.slug}`))).body;
    const product = nodeOf(jsonLdOf(body), 'Product');
    expect(product).toBeDefined();
    expect(product).not.toHaveProperty('image');
    expect(product?.offers).toHaveLength(DEFAULT_AGENTS.length);
    // A product snippet needs no image; a merchant listing does, and no photo is no image: a
    // stand-in picture would not be this product. That one rule is the only one it misses.
    const { issues } = await checkRichResults(body);
    expect(issues.filter((i) => i.severity === 'ERROR').map(issueLine)).toEqual([
      'ERROR Product Product: Required attribute "image" is missing',
    ]);
  });

  it('leaves out the Product when no agent sells it, keeping the trail', async () => {
    const agents = DEFAULT_AGENTS.map((a) => ({ ...a, status: 'closed' as const }));
    const app = await build({}, { agents });
    const body = (await app.inject(at(`/producto/${products[7]!.slug}`))).body;
    const { data, issues } = await checkRichResults(body);
    expect(Object.keys(data.jsonld)).toEqual(['BreadcrumbList']);
    expect(issues.filter((i) => i.severity === 'ERROR').map(issueLine)).toEqual([]);
  });

  it.each([
    ['/catalog'],
    ['/catalog?q=nike'],
    ['/catalog?sort=popular'],
    ['/category/bags?page=2'],
  ])('lists the products %s shows, in order', async (url) => {
    const app = await build();
    const body = (await app.inject(at(url))).body;
    const shown = productsShown(body);
    expect(shown.length).toBeGreaterThan(1);
    const list = itemsOf(jsonLdOf(body), 'ItemList');
    expect(list.map((it) => it.url)).toEqual(shown);
    expect(list.map((it) => it.position)).toEqual(shown.map((_, i) => i + 1));
  });

  it('gives a category the trail it shows, with canonical URLs', async () => {
    const app = await build();
    // A visitor's preferences stay on the links shown, never on the trail's URLs.
    const body = (await app.inject(adding(at('/category/bags'), 'agent', 'agent_b'))).body;
    const trail = itemsOf(jsonLdOf(body), 'BreadcrumbList');
    expect(trail.map((it) => it.item)).toEqual([
      languageUrl(urls.home(), lang),
      languageUrl(urls.catalog(), lang),
      languageUrl(urls.category('bags'), lang),
    ]);
    expect(trail.map((it) => it.name)).toEqual(crumbsShown(body));
  });
});

describe('the rich-results check', () => {
  // It must be able to fail: the rules and the vocabulary are both loaded and applied.
  const page = (ld: unknown) =>
    `<!DOCTYPE html><html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`;

  it('finds a Product without offers and a type schema.org does not have', async () => {
    const { issues } = await checkRichResults(
      page({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Product', name: 'x' },
          { '@type': 'Prodct', name: 'x' },
        ],
      }),
    );
    const errors = issues.filter((i) => i.severity === 'ERROR').map(issueLine);
    expect(errors).toContain(
      'ERROR Product Product: One of the following attributes is required: "aggregateRating", "offers" or "review"',
    );
    expect(errors).toContain('ERROR Prodct Prodct: Type "Prodct" is not a valid schema.org type');
  });

  it('warns of a property schema.org does not give the type', async () => {
    const { issues } = await checkRichResults(
      page({ '@context': 'https://schema.org', '@type': 'Brand', name: 'x', price: '1.00' }),
    );
    expect(issues.map(issueLine)).toContain(
      'WARNING Brand Brand: Property "price" for type "Brand" is not supported by the schema.org specification',
    );
  });
});
