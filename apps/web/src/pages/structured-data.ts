import type { Product, SiteUrls } from '@repo/catalog-core';
import { languageUrl } from './page-chrome.js';
import type { PageContext } from './page-context.js';

// The schema.org nodes the pages carry as JSON-LD, shaped for Google's rich results: `Product`
// (product-meta.ts), `BreadcrumbList` and `ItemList` (here), and the home page's `WebSite`.
// Every URL in them is a canonical page URL in the page's language, never a visitor's preference,
// never a `/go/` buy link (disallowed in robots.txt, and JSON-LD cannot mark a link sponsored).

/** One schema.org node: an object with its `@type`. */
export type JsonLdNode = Readonly<Record<string, unknown>> & { readonly '@type': string };

/** A page's JSON-LD: one node as it is, several in one `@graph` under one `@context`. */
export function jsonLd(nodes: readonly JsonLdNode[]): Record<string, unknown> | undefined {
  const [only, ...more] = nodes;
  if (!only) return undefined;
  return more.length === 0
    ? { '@context': 'https://schema.org', ...only }
    : { '@context': 'https://schema.org', '@graph': nodes };
}

/** The canonical URL of a page in the language of `ctx`, made by `at` from canonical URLs. */
export function ldUrl(ctx: Pick<PageContext, 'urls' | 'locale'>, at: (u: SiteUrls) => string) {
  return languageUrl(at(ctx.urls.canonical()), ctx.locale.lang);
}

/** The page's trail as a `BreadcrumbList`: the names shown, each with its page. */
export function breadcrumbList(
  items: readonly { readonly name: string; readonly url: string }[],
): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: it.name,
      item: it.url,
    })),
  };
}

/**
 * The products a listing shows, in order, as an `ItemList` of their pages (Google's "summary
 * page" list). Positions count from 1 on every page of a listing, as the list shown does; the
 * name is there for readers that show a list item by its name.
 */
export function itemList(
  ctx: Pick<PageContext, 'urls' | 'locale'>,
  products: readonly Pick<Product, 'slug' | 'title'>[],
): JsonLdNode {
  return {
    '@type': 'ItemList',
    itemListElement: products.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: ldUrl(ctx, (u) => u.product(p.slug)),
      name: p.title,
    })),
  };
}
