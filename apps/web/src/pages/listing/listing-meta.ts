import { SERVICE_INFO, type SiteUrls } from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { PageModel } from '../../render/page-model.js';
import { count, homeCrumb } from '../shared.js';
import type { ListingView } from './listing-view.js';

/** A listing's title, description, URLs, heading and breadcrumbs: all but its blocks. */
export function listingMeta(
  urls: SiteUrls,
  view: ListingView,
  result: SearchResult,
): Omit<PageModel, 'blocks'> {
  const { q, cat, pageNo } = view;
  const where = cat ? cat.name : 'the catalog';
  const h1 = q ? `“${q}” in ${where}` : cat ? cat.name : 'Catalog';
  const page = pageNo > 1 ? pageNo : undefined;
  return {
    title: `${h1}${pageNo > 1 ? ` (page ${count(pageNo)})` : ''}: ${SERVICE_INFO.title}`,
    description: cat
      ? `${cat.description} ${count(result.total)} products with QC photos and agent links.`
      : `${count(result.total)} products with prices, QC photos and agent links.`,
    url: view.href({ page }),
    mdUrl: view.href({ page }, 'md'),
    h1,
    lead: [cat ? `${cat.description} ` : '', `${count(result.total)} products.`],
    breadcrumbs: [
      homeCrumb(urls),
      ...(view.fixedCategory
        ? [{ href: urls.catalog(), mdHref: urls.catalog({}, 'md'), text: 'Catalog' }]
        : []),
    ],
    noindex: result.hits.length === 0 || Boolean(q),
  };
}
