import { CATEGORIES, type Product, type SiteUrls } from '@repo/catalog-core';
import type { CatalogVersion } from '@repo/catalog-io';
import type { CatalogIndex } from '@repo/search';

/** The sitemaps protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** One `<url>` of a sitemap. */
export interface SitemapUrl {
  readonly loc: string;
  readonly lastmod?: string;
}

const PAGE = 100;

/** Every product of the catalog, newest first, read page by page through the index. */
async function allProducts(index: CatalogIndex): Promise<Product[]> {
  const out: Product[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { hits, total } = await index.search({ sort: 'newest', offset, limit: PAGE });
    out.push(...hits);
    if (hits.length < PAGE || out.length >= total) return out;
  }
}

/**
 * Every page of the site: home, catalog, API docs, the shipping calculator, the categories, the
 * spreadsheets and every product. Listing pages past the first are reachable by their links and
 * not listed. Each page's `lastmod` is when its catalog version was loaded: any page may change
 * with the catalog (a price, an offer, a related product).
 */
export async function sitemapUrls(
  urls: SiteUrls,
  catalog: Pick<CatalogVersion, 'index' | 'loadedAt'>,
  agentIds: readonly string[],
): Promise<SitemapUrl[]> {
  const products = await allProducts(catalog.index);
  const lastmod = catalog.loadedAt.toISOString();
  const locs = [
    `${urls.home()}`,
    `${urls.catalog()}`,
    `${urls.apiDocs()}`,
    `${urls.shipping()}`,
    ...CATEGORIES.map((c) => `${urls.category(c.id)}`),
    ...agentIds.map((id) => urls.spreadsheet(id)),
    ...products.map((p) => urls.product(p.slug)),
  ];
  return locs.map((loc) => ({ loc, lastmod }));
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A `<urlset>` document. */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** A `<sitemapindex>` pointing at `/sitemap-1.xml` … `/sitemap-{parts}.xml`. */
export function sitemapIndexXml(urls: SiteUrls, parts: number, lastmod: string): string {
  const body = Array.from(
    { length: parts },
    (_, i) =>
      `<sitemap><loc>${xmlEscape(`${urls.sitemapPart(i + 1)}`)}</loc><lastmod>${lastmod}</lastmod></sitemap>`,
  ).join('\n');
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
