import { CATEGORIES, type Product, qcAlbum, qcPhotoUrl, type SiteUrls } from '@repo/catalog-core';
import type { CategoryCount } from '@repo/search';
import type { Locale } from '../i18n/locale.js';
import type { Block, Field, Link, ProductCard } from '../render/page-model.js';
import { crumbLink, homeStep } from './breadcrumbs.js';
import type { PageContext } from './page-context.js';

/** A product as cards and lists show it, in the context's language and currency. */
export function productCard(ctx: PageContext, p: Product): ProductCard {
  const { urls, locale } = ctx;
  const photo = firstPhoto(urls, p);
  return {
    title: p.title,
    href: urls.product(p.slug),
    mdHref: urls.product(p.slug, 'md'),
    brand: p.brand,
    category: locale.category(p.category).name,
    ...(photo === undefined
      ? {}
      : { image: { src: photo, alt: locale.t(locale.m.common.qcPhotoAlt, { title: p.title }) } }),
    ...ctx.prices(p.price),
    ...(p.batch === undefined
      ? {}
      : { batch: locale.t(locale.m.common.batch, { batch: p.batch }) }),
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

/**
 * `3 photos`, `1 photo, 2 albums`, `no photos`: the QC photos and albums a page shows of a product
 * (see `qcPhotoUrl` and `qcAlbum`), not whatever its lists hold, so the count never promises
 * photos the page then leaves out.
 */
export function qcSummary(urls: SiteUrls, locale: Locale, p: Product): string {
  const { m } = locale;
  const shown = p.qc_photos.filter((photo) => qcPhotoUrl(urls.baseUrl, p.slug, photo)).length;
  const photos = shown === 0 ? m.common.noPhotos : locale.plural(m.common.photos, shown);
  const albums = (p.qc_albums ?? []).filter((url) => qcAlbum(url)).length;
  return albums === 0 ? photos : `${photos}, ${locale.plural(m.common.albums, albums)}`;
}

/** The 14 categories as links with their product counts. */
export function categoryLinks(
  urls: SiteUrls,
  locale: Locale,
  counts: readonly CategoryCount[],
  current?: string,
): Link[] {
  const byId = new Map(counts.map((c) => [c.id, c.count]));
  return CATEGORIES.map((c) => ({
    href: urls.category(c.id),
    mdHref: urls.category(c.id, {}, 'md'),
    text: locale.category(c.id).name,
    note: locale.number(byId.get(c.id) ?? 0),
    current: c.id === current,
  }));
}

/** The categories as a select's options, "All categories" first. */
export function categoryOptions(locale: Locale): { value: string; label: string }[] {
  return [
    { value: '', label: locale.m.common.allCategories },
    ...CATEGORIES.map((c) => ({ value: c.id, label: locale.category(c.id).name })),
  ];
}

/** The link to the home page, first of every page's breadcrumbs. */
export function homeCrumb(urls: SiteUrls, locale: Locale): Link {
  return crumbLink(urls, homeStep(locale));
}

/** The affiliate disclosure block, in the page's language. */
export function disclosure(locale: Locale): Block {
  return { kind: 'disclosure', label: locale.m.disclosure.label, text: locale.m.disclosure.text };
}

/**
 * The kept parameters of `urls` (a preferred agent, a chosen language or currency) as hidden
 * fields: a GET form sends only its fields, so without them a search would drop the preference.
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
