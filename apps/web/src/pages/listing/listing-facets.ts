import { CATEGORIES, type CategoryId, type SortOrder } from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { Block } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { categoryLinks } from '../shared.js';
import type { ListingView } from './listing-view.js';

/** The orders a listing offers, in the order the form and links show them. */
export const SORT_CHOICES: readonly SortOrder[] = [
  'relevance',
  'popular',
  'newest',
  'price_asc',
  'price_desc',
  'title_asc',
];

/**
 * The ways to narrow or reorder a listing: matches per category (on `/catalog` only) and the
 * orders, each a link to the same listing with that one parameter changed.
 */
export function listingFacets(ctx: PageContext, view: ListingView, result: SearchResult): Block[] {
  const { urls, locale } = ctx;
  const { m } = locale;
  const { q, category, sort } = view;
  const blocks: Block[] = [];
  if (!view.fixedCategory) {
    const counts = Object.entries(result.categoryCounts).map(([id, n]) => ({
      id: id as CategoryId,
      count: n,
    }));
    const links = categoryLinks(urls, locale, counts, category).flatMap((l, i) => {
      const id = CATEGORIES[i]?.id;
      // While searching, categories without a match are noise (and a long list on a phone).
      if (q && result.categoryCounts[id as CategoryId] === 0 && id !== category) return [];
      return {
        ...l,
        href: view.href({ category: id, page: undefined }),
        mdHref: view.href({ category: id, page: undefined }, 'md'),
      };
    });
    blocks.push({ kind: 'links', label: m.listing.perCategory, items: links });
  }
  blocks.push({
    kind: 'links',
    label: m.listing.sortBy,
    items: SORT_CHOICES.filter((s) => q || s !== 'relevance').map((s) => ({
      href: view.href({ sort: s }),
      mdHref: view.href({ sort: s }, 'md'),
      text: m.listing.sorts[s],
      current: s === (sort ?? (q ? 'relevance' : 'newest')),
    })),
  });
  return blocks;
}
