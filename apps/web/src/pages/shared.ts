import {
  CATEGORIES,
  convertPrice,
  formatPrice,
  getCategory,
  type Product,
  type SiteUrls,
} from '@repo/catalog-core';
import type { CategoryCount } from '@repo/search';
import type { Block, Link, ProductCard } from '../render/page-model.js';

/** `¥328.00` and `≈ $46.07 · €40.00`: CNY is what the agent charges; the rest is indicative. */
export function prices(priceCny: number): { price: string; converted: string } {
  return {
    price: formatPrice(priceCny, 'CNY'),
    converted: `≈ ${formatPrice(convertPrice(priceCny, 'USD'), 'USD')} · ${formatPrice(convertPrice(priceCny, 'EUR'), 'EUR')}`,
  };
}

/** A product as cards and lists show it. */
export function productCard(urls: SiteUrls, p: Product): ProductCard {
  const photo = p.qc_photos[0];
  return {
    title: p.title,
    href: urls.product(p.slug),
    mdHref: urls.product(p.slug, 'md'),
    brand: p.brand,
    category: getCategory(p.category)?.name ?? p.category,
    ...(photo === undefined
      ? {}
      : { image: { src: urls.absolute(photo), alt: `QC photo of ${p.title}` } }),
    ...prices(p.price),
    ...(p.batch === undefined ? {} : { batch: `${p.batch} batch` }),
  };
}

/** The 14 categories as links with their product counts. */
export function categoryLinks(
  urls: SiteUrls,
  counts: readonly CategoryCount[],
  current?: string,
): Link[] {
  const byId = new Map(counts.map((c) => [c.id, c.count]));
  return CATEGORIES.map((c) => ({
    href: urls.category(c.id),
    mdHref: urls.category(c.id, {}, 'md'),
    text: c.name,
    note: count(byId.get(c.id) ?? 0),
    current: c.id === current,
  }));
}

/** The link to the home page, first of every page's breadcrumbs. */
export function homeCrumb(urls: SiteUrls): Link {
  return { href: urls.home(), mdHref: urls.home('md'), text: 'Home' };
}

/** A section block. */
export function section(id: string, title: string, blocks: readonly Block[]): Block {
  return { kind: 'section', id, title, blocks };
}

/** Thousands separators, independent of the runtime's locale data. */
export function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
