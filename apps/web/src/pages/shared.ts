import {
  CATEGORIES,
  convertPrice,
  formatPrice,
  getCategory,
  type Product,
  qcAlbum,
  qcPhotoUrl,
  type SiteUrls,
} from '@repo/catalog-core';
import type { CategoryCount } from '@repo/search';
import type { Block, Field, Link, ProductCard } from '../render/page-model.js';

/** `¥328.00` and `≈ $46.07 · €40.00`: CNY is what the agent charges; the rest is indicative. */
export function prices(priceCny: number): { price: string; converted: string } {
  return {
    price: formatPrice(priceCny, 'CNY'),
    converted: `≈ ${formatPrice(convertPrice(priceCny, 'USD'), 'USD')} · ${formatPrice(convertPrice(priceCny, 'EUR'), 'EUR')}`,
  };
}

/** A product as cards and lists show it. */
export function productCard(urls: SiteUrls, p: Product): ProductCard {
  const photo = firstPhoto(urls, p);
  return {
    title: p.title,
    href: urls.product(p.slug),
    mdHref: urls.product(p.slug, 'md'),
    brand: p.brand,
    category: getCategory(p.category)?.name ?? p.category,
    ...(photo === undefined ? {} : { image: { src: photo, alt: `QC photo of ${p.title}` } }),
    ...prices(p.price),
    ...(p.batch === undefined ? {} : { batch: `${p.batch} batch` }),
  };
}

/** The first photo of a product a page can show (see `qcPhotoUrl`), if any. */
function firstPhoto(urls: SiteUrls, p: Product): string | undefined {
  for (const photo of p.qc_photos) {
    const src = qcPhotoUrl(urls.baseUrl, p.slug, photo);
    if (src !== undefined) return src;
  }
  return undefined;
}

const PLURAL = new Intl.PluralRules('en');
const plural = (n: number, one: string) => `${n} ${one}${PLURAL.select(n) === 'one' ? '' : 's'}`;

/**
 * `3 photos`, `1 photo, 2 albums`, `no photos`: the QC photos and albums a page shows of a product
 * (see `qcPhotoUrl` and `qcAlbum`), not whatever its lists hold, so the count never promises
 * photos the page then leaves out.
 */
export function qcSummary(urls: SiteUrls, p: Product): string {
  const shown = p.qc_photos.filter((photo) => qcPhotoUrl(urls.baseUrl, p.slug, photo)).length;
  const photos = shown === 0 ? 'no photos' : plural(shown, 'photo');
  const albums = (p.qc_albums ?? []).filter((url) => qcAlbum(url)).length;
  return albums === 0 ? photos : `${photos}, ${plural(albums, 'album')}`;
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

/**
 * The kept parameters of `urls` (a preferred agent) as hidden fields: a GET form sends only its
 * fields, so without them a search would drop the preference.
 */
export function keptFields(urls: SiteUrls): Field[] {
  return Object.entries(urls.kept).flatMap(([name, value]) =>
    value === undefined || value === ''
      ? []
      : [{ kind: 'hidden' as const, name, value: String(value) }],
  );
}

/** A section block. */
export function section(id: string, title: string, blocks: readonly Block[]): Block {
  return { kind: 'section', id, title, blocks };
}

/** Thousands separators, independent of the runtime's locale data. */
export function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
