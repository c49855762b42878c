import type { PageFormat, SiteUrls } from '@repo/catalog-core';
import type { Locale } from '../i18n/locale.js';
import type { Link } from '../render/page-model.js';
import type { PageContext } from './page-context.js';
import { breadcrumbList, type JsonLdNode, ldUrl } from './structured-data.js';

/** A step of a page's trail: its words, and its page as any URL builder makes it. */
export interface Crumb {
  readonly text: string;
  readonly at: (urls: SiteUrls, format: PageFormat) => string;
}

/** The home page, first step of every trail. */
export function homeStep(locale: Locale): Crumb {
  return { text: locale.m.nav.home, at: (u, format) => u.home(format) };
}

/** A step as a link above a page's heading: keeping the visitor's preferences, with its twin. */
export function crumbLink(urls: SiteUrls, crumb: Crumb): Link {
  return { href: crumb.at(urls, 'html'), mdHref: crumb.at(urls, 'md'), text: crumb.text };
}

/** A page's trail, shown and as data. */
export interface PageTrail {
  /** The steps as the links above the page's heading (the page itself is its heading). */
  readonly breadcrumbs: Link[];
  /** The same steps, then the page, as a JSON-LD `BreadcrumbList` of canonical URLs. */
  readonly breadcrumbList: JsonLdNode;
}

/**
 * The breadcrumbs of a page from one list of steps, so the trail a visitor reads and the one a
 * search engine reads cannot differ. `here` is the page: its heading and its canonical URL in
 * its language.
 */
export function pageTrail(
  ctx: Pick<PageContext, 'urls' | 'locale'>,
  steps: readonly Crumb[],
  here: { readonly name: string; readonly url: string },
): PageTrail {
  return {
    breadcrumbs: steps.map((s) => crumbLink(ctx.urls, s)),
    breadcrumbList: breadcrumbList([
      ...steps.map((s) => ({ name: s.text, url: ldUrl(ctx, (u) => s.at(u, 'html')) })),
      here,
    ]),
  };
}
