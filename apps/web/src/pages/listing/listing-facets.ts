import { CATEGORIES, type CategoryId, type SiteUrls, type SortOrder } from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { Block } from '../../render/page-model.js';
import { categoryLinks } from '../shared.js';
import type { ListingView } from './listing-view.js';

/** The orders a listing offers, with their labels, in the order the form and links show them. */
export const SORT_LABELS: Record<SortOrder, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price, low to high',
  price_desc: 'Price, high to low',
  title_asc: 'Name, A to Z',
};

/**
 * The ways to narrow or reorder a listing: matches per category (on `/catalog` only) and the
 * orders, each a link to the same listing with that one parameter changed.
 */
export function listingFacets(urls: SiteUrls, view: ListingView, result: SearchResult): Block[] {
  const { q, category, sort } = view;
  const blocks: Block[] = [];
  if (!view.fixedCategory) {
    const counts = Object.entries(result.categoryCounts).map(([id, n]) => ({
      id: id as CategoryId,
      count: n,
    }));
    const links = categoryLinks(urls, counts, category).flatMap((l, i) => {
      const id = CATEGORIES[i]?.id;
      // While searching, categories without a match are noise (and a long list on a phone).
      if (q && l.note === '0' && id !== category) return [];
      return {
        ...l,
        href: view.href({ category: id, page: undefined }),
        mdHref: view.href({ category: id, page: undefined }, 'md'),
      };
    });
    blocks.push({ kind: 'links', label: 'Matches per category', items: links });
  }
  blocks.push({
    kind: 'links',
    label: 'Sort by',
    items: Object.entries(SORT_LABELS)
      .filter(([s]) => q || s !== 'relevance')
      .map(([s, label]) => ({
        href: view.href({ sort: s }),
        mdHref: view.href({ sort: s }, 'md'),
        text: label,
        current: s === (sort ?? (q ? 'relevance' : 'newest')),
      })),
  });
  return blocks;
}
