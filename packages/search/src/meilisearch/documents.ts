import { getCategory, PRODUCT_FIELDS, type Product } from '@repo/catalog-core';
import type { Settings } from 'meilisearch';
import { sortKey } from '../text.js';

/** A product as stored in Meilisearch: the product plus fields for search and sorting. */
export interface MeilisearchProductDocument extends Product {
  /** The category's display name, searchable ("Caps & Hats"). */
  readonly category_name: string;
  /** `created_at` in epoch milliseconds: Meilisearch sorts numbers, not ISO strings. */
  readonly created_at_ts: number;
  /** The folded, lowercased title used by `title_asc`. */
  readonly title_sort: string;
}

/**
 * Maps a product to its Meilisearch document (primary key `slug`).
 *
 * @example toMeilisearchDocument(product).created_at_ts // 1717200000000
 */
export function toMeilisearchDocument(product: Product): MeilisearchProductDocument {
  return {
    ...product,
    category_name: getCategory(product.category)?.name ?? product.category,
    created_at_ts: Date.parse(product.created_at),
    title_sort: sortKey(product.title),
  };
}

/** Reads a hit back into a Product, dropping the document-only fields. */
export function fromMeilisearchDocument(document: Record<string, unknown>): Product {
  const product: Record<string, unknown> = {};
  for (const field of PRODUCT_FIELDS) {
    if (document[field] !== undefined && document[field] !== null) product[field] = document[field];
  }
  return product as unknown as Product;
}

/**
 * The index settings both `indexCatalogInMeilisearch` and the contract suite apply. Searchable
 * attributes are in ranking order (the embedded engine's field weights). `sort` comes first in the
 * ranking rules so an explicit sort orders every match (as in the embedded engine) instead of only
 * breaking relevance ties; relevance ties end on newest, then slug, like the embedded engine.
 */
export const MEILISEARCH_INDEX_SETTINGS = {
  searchableAttributes: [
    'title',
    'brand',
    'model',
    'colorway',
    'batch',
    'category_name',
    'category',
    'tags',
    'item_id',
    'slug',
  ],
  filterableAttributes: ['category', 'price', 'marketplace', 'brand'],
  sortableAttributes: ['price', 'created_at_ts', 'title_sort', 'slug'],
  rankingRules: [
    'sort',
    'words',
    'typo',
    'attribute',
    'exactness',
    'proximity',
    'created_at_ts:desc',
    'slug:asc',
  ],
  typoTolerance: {
    enabled: true,
    minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
    disableOnNumbers: true,
  },
  faceting: { maxValuesPerFacet: 100 },
  // Exact totals and deep pages up to the largest catalog we plan for.
  pagination: { maxTotalHits: 1_000_000 },
  separatorTokens: [],
  stopWords: [],
} as const satisfies Settings;
