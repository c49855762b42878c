import { CATEGORY_IDS, type CategoryId, type Product } from '@repo/catalog-core';
import type {
  FacetDistribution,
  MultiSearchQuery,
  MultiSearchResult,
  RecordAny,
} from 'meilisearch';
import { isSearchError } from '../errors.js';
import { inDefaultOrder, type NormalizedQuery } from '../normalize-query.js';
import type { PopularSlugs } from '../popular.js';
import type { EngineAnswer } from '../query/relax.js';
import { fromMeilisearchDocument } from './documents.js';
import { pageWindow, toMeilisearchCountsParams } from './translate.js';
import {
  toMeilisearchClickedParams,
  toMeilisearchDocumentsParams,
  toMeilisearchSlugFilter,
  toMeilisearchTotalParams,
  toMeilisearchUnclickedParams,
} from './translate-popular.js';

/** One multi-search round trip, through the engine's breaker and error translation. */
export type MultiSearch = (
  queries: (MultiSearchQuery & { indexUid: string })[],
) => Promise<MultiSearchResult<RecordAny>[]>;

// `slug IN [...]` of up to MAX_POPULAR_PRODUCTS slugs, written once per popularity.
const slugFilters = new WeakMap<PopularSlugs, string>();

function inClickedOf(popular: PopularSlugs): string {
  let filter = slugFilters.get(popular);
  if (filter === undefined) {
    filter = toMeilisearchSlugFilter(popular.slugs);
    slugFilters.set(popular, filter);
  }
  return filter;
}

/** Category counts from a facet distribution, 0 for a category it does not list. */
export function categoryCountsOf(
  distribution: FacetDistribution | undefined,
): Record<CategoryId, number> {
  const values = distribution?.category ?? {};
  const counts = {} as Record<CategoryId, number>;
  for (const id of CATEGORY_IDS) counts[id] = values[id] ?? 0;
  return counts;
}

/**
 * `sort: 'popular'` in Meilisearch, which cannot sort by a value that changes with every click.
 * Two round trips: first the clicked products among the matches (`slug IN [...]`, slugs only, in
 * the default order, at most `MAX_POPULAR_PRODUCTS`) with the default order's total and category
 * counts; the clicked ones are then sorted by clicks here (a stable sort: ties keep the default
 * order). Second, the page: the documents of the clicked products it shows, and the unclicked
 * matches it shows (`NOT slug IN [...]`, the default order paged from the offset past the
 * clicked ones).
 *
 * An index filled before `slug` was filterable refuses the filter: the search then answers the
 * default order (`runDefault`) until `catalog index` fills it again.
 */
export async function searchPopular(
  query: NormalizedQuery,
  indexUid: string,
  multiSearch: MultiSearch,
  runDefault: (query: NormalizedQuery) => Promise<EngineAnswer>,
): Promise<EngineAnswer> {
  const popular = query.popular!;
  const base = inDefaultOrder(query);
  const inClicked = inClickedOf(popular);
  const counts = toMeilisearchCountsParams(base, indexUid);
  let first: MultiSearchResult<RecordAny>[];
  try {
    first = await multiSearch([
      toMeilisearchClickedParams(base, indexUid, inClicked, popular.slugs.length),
      toMeilisearchTotalParams(base, indexUid),
      ...(counts ? [counts] : []),
    ]);
  } catch (error) {
    if (isSearchError(error) && error.code === 'ENGINE_REJECTED') return runDefault(base);
    throw error;
  }
  const [clickedResult, totals, facets = totals] = first;
  const clicked = (clickedResult?.hits ?? []).map((hit) => String(hit.slug));
  const clicks = popular.clicks;
  clicked.sort((a, b) => clicks.get(b)! - clicks.get(a)!);
  const total = totals?.totalHits ?? 0;
  const { offset, limit } = query;
  const shownClicked = clicked.slice(offset, offset + limit);
  const take = Math.min(offset + limit, total) - Math.max(offset, clicked.length);
  const skip = Math.max(0, offset - clicked.length);
  const rest =
    take > 0
      ? toMeilisearchUnclickedParams(
          { ...base, offset: skip, limit: take },
          indexUid,
          clicked.length > 0 ? inClicked : undefined,
        )
      : undefined;
  const second =
    shownClicked.length > 0 || rest
      ? await multiSearch([
          ...(shownClicked.length > 0
            ? [toMeilisearchDocumentsParams(shownClicked, indexUid)]
            : []),
          ...(rest ? [rest] : []),
        ])
      : [];
  const documents = shownClicked.length > 0 ? second[0]?.hits : undefined;
  const restHits = rest ? second.at(-1)?.hits : undefined;
  const bySlug = new Map((documents ?? []).map((hit) => [String(hit.slug), hit]));
  const hits: Product[] = [];
  for (const slug of shownClicked) {
    const document = bySlug.get(slug);
    if (document) hits.push(fromMeilisearchDocument(document));
  }
  if (restHits) {
    const window = pageWindow(skip, take);
    for (const hit of restHits.slice(window.skip, window.skip + take)) {
      hits.push(fromMeilisearchDocument(hit));
    }
  }
  return { hits, total, categoryCounts: categoryCountsOf(facets?.facetDistribution) };
}
