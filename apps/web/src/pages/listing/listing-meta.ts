import { SERVICE_INFO } from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { PageModel } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { homeCrumb } from '../shared.js';
import type { ListingView } from './listing-view.js';

/** A listing's title, description, URLs, heading and breadcrumbs: all but its blocks. */
export function listingMeta(
  ctx: PageContext,
  view: ListingView,
  result: SearchResult,
): Omit<PageModel, 'blocks'> {
  const { urls, locale } = ctx;
  const { m } = locale;
  const { q, pageNo } = view;
  const cat = view.category ? locale.category(view.category) : undefined;
  const where = cat ? cat.name : m.listing.theCatalog;
  const h1 = q ? locale.t(m.listing.h1Query, { q, where }) : cat ? cat.name : m.listing.catalog;
  const page = pageNo > 1 ? pageNo : undefined;
  const products = locale.plural(m.common.products, result.total);
  return {
    title: locale.t(m.listing.title, {
      h1,
      page: page ? locale.t(m.common.pageSuffix, { page }) : '',
      site: SERVICE_INFO.title,
    }),
    description: cat
      ? locale.t(m.listing.descriptionCategory, { description: cat.description, products })
      : locale.t(m.listing.description, { products }),
    url: view.canonical({ page }),
    mdUrl: view.href({ page }, 'md'),
    h1,
    lead: [cat ? `${cat.description} ` : '', locale.t(m.listing.lead, { products })],
    breadcrumbs: [
      homeCrumb(urls, locale),
      ...(view.fixedCategory
        ? [{ href: urls.catalog(), mdHref: urls.catalog({}, 'md'), text: m.listing.catalog }]
        : []),
    ],
    noindex: result.hits.length === 0 || Boolean(q),
  };
}
