import { type CategoryId, LISTING_PAGE_SIZE } from '@repo/catalog-core';
import { toSearchQuery } from '@repo/search';
import type { PageModel } from '../../render/page-model.js';
import type { ListingQuery } from '../../schemas/page-queries.js';
import type { PageContext } from '../page-context.js';
import { listingForm } from './listing-form.js';
import { pastedLinkListing } from './listing-link-card.js';
import { listingMeta } from './listing-meta.js';
import { listingResults } from './listing-results.js';
import { listingView } from './listing-view.js';

/** The page-cache key of a listing query: only the parameters that change the page. */
export function listingKey(query: ListingQuery): string {
  // The agent, language and currency are the context's (`preferenceKey`).
  const { q, category, sort, min_price, max_price, page, literal } = query;
  return JSON.stringify([q, category, sort, min_price, max_price, page, literal]);
}

/**
 * `/catalog` (every category) and `/category/{id}` (one): text search, price filters, sort and
 * pages with the exact total. An empty result says so and offers ways out.
 */
export async function listingPage(
  ctx: PageContext,
  query: ListingQuery,
  fixedCategory?: CategoryId,
): Promise<PageModel> {
  const view = listingView(ctx.urls, query, ctx.currency, fixedCategory);
  // A pasted listing link is read and looked up, not searched as words.
  const pasted = view.q ? await pastedLinkListing(ctx, view.q) : undefined;
  const result =
    pasted?.result ??
    (await ctx.catalog.search(
      toSearchQuery(view.request, {
        limit: LISTING_PAGE_SIZE,
        rates: ctx.site.rates,
        popularity: ctx.popularity,
      }),
    ));
  if (pasted) {
    // A link names one listing: its card says what it is; no category or order narrows it.
    return {
      ...listingMeta(ctx, view, result),
      h1: pasted.h1,
      blocks: [pasted.card, listingForm(ctx, view), await listingResults(ctx, view, result, true)],
    };
  }
  return {
    ...listingMeta(ctx, view, result),
    blocks: [
      listingForm(ctx, view, result),
      await listingResults(ctx, view, result),
      // What a category holds, for readers and search engines: below the products a shopper
      // came for.
      ...(view.category
        ? [
            {
              kind: 'paragraph' as const,
              content: [ctx.locale.category(view.category).description],
            },
          ]
        : []),
    ],
  };
}
