import {
  type CategoryId,
  type Currency,
  LISTING_PAGE_SIZE,
  type PageFormat,
  type QueryParams,
  type SiteUrls,
  type SortOrder,
} from '@repo/catalog-core';
import type { SearchRequest } from '@repo/search';
import type { Link } from '../../render/page-model.js';
import type { ListingQuery } from '../../schemas/page-queries.js';

/** A listing link with other parameters (HTML and Markdown twins). */
export type ListingLink = (over: QueryParams, text: string) => Link;

/** A listing request as its parts read it: what was asked, and links to the same listing. */
export interface ListingView {
  /** The text, trimmed; `''` when browsing. */
  readonly q: string;
  /** The category of the URL path (`/category/{id}`), fixed for the page. */
  readonly fixedCategory: CategoryId | undefined;
  /** The category listed: the path's, else the `category` parameter's. */
  readonly category: CategoryId | undefined;
  readonly sort: SortOrder | undefined;
  readonly pageNo: number;
  readonly literal: boolean;
  /** The query as it came (form fields keep what the visitor typed). */
  readonly query: ListingQuery;
  /** The same request in the contract's words, for `toSearchQuery`. */
  readonly request: SearchRequest;
  /** `/catalog` or `/category/{id}` with only `own` parameters (and the kept ones). */
  at(own: QueryParams, format?: PageFormat): string;
  /** The bare path, canonical (a form's action: the form's fields are its query). */
  readonly action: string;
  /** This listing with `over` changed (`undefined` removes a parameter). */
  href(over: QueryParams, format?: PageFormat): string;
  /** {@link href} without kept parameters: the canonical URL. */
  canonical(over: QueryParams, format?: PageFormat): string;
  /** {@link href} as a link with its Markdown twin. */
  readonly link: ListingLink;
}

/**
 * Reads a listing query: defaults applied, the page size of listings, its own links. Prices in the
 * query and its text are in `currency`, the visitor's.
 */
export function listingView(
  urls: SiteUrls,
  query: ListingQuery,
  currency: Currency,
  fixedCategory?: CategoryId,
): ListingView {
  const q = (query.q ?? '').trim();
  const category = fixedCategory ?? (query.category || undefined);
  const sort = query.sort || undefined;
  const pageNo = query.page ?? 1;
  const literal = query.literal === '1';
  const params: QueryParams = {
    q,
    category: fixedCategory ? undefined : category,
    sort,
    min_price: query.min_price,
    max_price: query.max_price,
    literal: literal ? '1' : undefined,
  };
  const at = (own: QueryParams, format: PageFormat = 'html', u = urls) =>
    fixedCategory ? u.category(fixedCategory, own, format) : u.catalog(own, format);
  const href = (over: QueryParams, format: PageFormat = 'html') =>
    at({ ...params, ...over }, format);
  return {
    q,
    fixedCategory,
    category,
    sort,
    pageNo,
    literal,
    query,
    request: {
      query: q,
      category,
      min_price: query.min_price ? Number(query.min_price) : undefined,
      max_price: query.max_price ? Number(query.max_price) : undefined,
      currency,
      sort,
      literal,
      offset: (pageNo - 1) * LISTING_PAGE_SIZE,
    },
    at,
    action: at({}, 'html', urls.canonical()),
    href,
    canonical: (over, format = 'html') => at({ ...params, ...over }, format, urls.canonical()),
    link: (over, text) => ({ href: href(over), mdHref: href(over, 'md'), text }),
  };
}
