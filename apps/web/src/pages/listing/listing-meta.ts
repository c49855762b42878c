import { SERVICE_INFO } from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { PageModel } from '../../render/page-model.js';
import { type Crumb, homeStep, pageTrail } from '../breadcrumbs.js';
import { languageUrl } from '../page-chrome.js';
import type { PageContext } from '../page-context.js';
import { itemList, jsonLd } from '../structured-data.js';
import type { ListingView } from './listing-view.js';

/**
 * A listing's title, description, URLs, heading, breadcrumbs and JSON-LD (an `ItemList` of the
 * products shown, and a `BreadcrumbList` when it browses): all but its blocks.
 */
export function listingMeta(
  ctx: PageContext,
  view: ListingView,
  result: SearchResult,
): Omit<PageModel, 'blocks'> {
  const { locale } = ctx;
  const { m } = locale;
  const { q, pageNo } = view;
  const cat = view.category ? locale.category(view.category) : undefined;
  const where = cat ? cat.name : m.listing.theCatalog;
  const h1 = q ? locale.t(m.listing.h1Query, { q, where }) : cat ? cat.name : m.listing.catalog;
  const page = pageNo > 1 ? pageNo : undefined;
  const products = locale.plural(m.common.products, result.total);
  const url = view.canonical({ page });
  const catalogStep: Crumb = { text: m.listing.catalog, at: (u, format) => u.catalog({}, format) };
  const trail = pageTrail(
    ctx,
    view.fixedCategory ? [homeStep(locale), catalogStep] : [homeStep(locale)],
    { name: h1, url: languageUrl(url, locale.lang) },
  );
  return {
    title: locale.t(m.listing.title, {
      h1,
      page: page ? locale.t(m.common.pageSuffix, { page }) : '',
      site: SERVICE_INFO.title,
    }),
    description: cat
      ? locale.t(m.listing.descriptionCategory, { description: cat.description, products })
      : locale.t(m.listing.description, { products }),
    url,
    mdUrl: view.href({ page }, 'md'),
    h1,
    breadcrumbs: trail.breadcrumbs,
    jsonLd: jsonLd([
      // A search is no place in the site's hierarchy, and its heading is the visitor's words:
      // request text stays out of the data a page hands on.
      ...(q ? [] : [trail.breadcrumbList]),
      ...(result.hits.length > 0 ? [itemList(ctx, result.hits)] : []),
    ]),
    noindex: result.hits.length === 0 || Boolean(q),
  };
}
