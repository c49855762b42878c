import {
  absoluteUrl,
  CATEGORIES,
  convertPrice,
  formatPrice,
  getCategory,
  type Product,
  productUrl,
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
export function productCard(base: string, p: Product): ProductCard {
  const photo = p.qc_photos[0];
  return {
    title: p.title,
    href: productUrl(base, p.slug),
    mdHref: productUrl(base, p.slug, 'md'),
    brand: p.brand,
    category: getCategory(p.category)?.name ?? p.category,
    ...(photo === undefined
      ? {}
      : { image: { src: absoluteUrl(base, photo), alt: `QC photo of ${p.title}` } }),
    ...prices(p.price),
    ...(p.batch === undefined ? {} : { batch: `${p.batch} batch` }),
  };
}

/**
 * A URL with a query string of the given parameters, leaving out empty ones, so links stay short
 * and equal pages share one URL.
 */
export function withQuery(
  url: string,
  params: Record<string, string | number | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

/** The 14 categories as links with their product counts. */
export function categoryLinks(
  base: string,
  counts: readonly CategoryCount[],
  current?: string,
): Link[] {
  const byId = new Map(counts.map((c) => [c.id, c.count]));
  return CATEGORIES.map((c) => ({
    href: `${base}/category/${c.id}`,
    mdHref: `${base}/category/${c.id}.md`,
    text: c.name,
    note: count(byId.get(c.id) ?? 0),
    current: c.id === current,
  }));
}

/** A section block. */
export function section(id: string, title: string, blocks: readonly Block[]): Block {
  return { kind: 'section', id, title, blocks };
}

/** Thousands separators, independent of the runtime's locale data. */
export function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
