import {
  DEFAULT_LEXICON,
  getCategory,
  type Lexicon,
  PRODUCT_FIELDS,
  type Product,
} from '@repo/catalog-core';
import type { Settings } from 'meilisearch';
import { DICTIONARY_FIELDS } from '../query/dictionary.js';
import { compileLexicon } from '../query/query-lexicon.js';
import { titleKinds } from '../query/title-kinds.js';
import { sortKey } from '../text.js';

/** A product as stored in Meilisearch: the product plus fields for search and sorting. */
export interface MeilisearchProductDocument extends Product {
  /** The category's display name, searchable ("Caps & Hats"). */
  readonly category_name: string;
  /** `created_at` in epoch milliseconds: Meilisearch sorts numbers, not ISO strings. */
  readonly created_at_ts: number;
  /** The folded, lowercased title used by `title_asc`. */
  readonly title_sort: string;
  /** The kinds of product the title names in any language, searchable (`titleKinds`: `belt`). */
  readonly kinds: string[];
}

/**
 * Maps a product to its Meilisearch document (primary key `slug`), reading the kinds its title
 * names with the lexicon the index is filled with.
 *
 * @example toMeilisearchDocument(product).created_at_ts // 1717200000000
 */
export function toMeilisearchDocument(
  product: Product,
  lexicon: Lexicon = DEFAULT_LEXICON,
): MeilisearchProductDocument {
  return {
    ...product,
    category_name: getCategory(product.category)?.name ?? product.category,
    created_at_ts: Date.parse(product.created_at),
    title_sort: sortKey(product.title),
    kinds: titleKinds(product, lexicon),
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

const BASE_SETTINGS = {
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
    'kinds',
  ],
  // Model, colourway, batch and tags are filterable for their facet counts only: the catalog's
  // dictionary ("did you mean") is built from them, as the embedded engine builds it. `slug` is
  // for `sort: 'popular'`, which asks for the clicked products by slug (`slug IN [...]`).
  filterableAttributes: [
    'category',
    'price',
    'marketplace',
    ...DICTIONARY_FIELDS.filter((f) => f !== 'category'),
    'slug',
  ],
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
  // Every value of the dictionary's fields, not only the first hundred.
  faceting: { maxValuesPerFacet: 10_000 },
  // Exact totals and deep pages up to the largest catalog we plan for.
  pagination: { maxTotalHits: 1_000_000 },
  separatorTokens: [],
} as const satisfies Settings;

/** The settings of a Meilisearch index (see {@link meilisearchSettings}). */
export type MeilisearchIndexSettings = typeof BASE_SETTINGS & {
  readonly synonyms: Record<string, string[]>;
  readonly stopWords: string[];
  readonly typoTolerance: { readonly disableOnWords: string[] };
};

/**
 * The index settings both `indexCatalogInMeilisearch` and the contract suite apply, with the
 * lexicon: its one-word fillers as `stopWords` (not indexed, not searched), its words as one-way
 * `synonyms` (each lexicon token → the catalog phrases it also matches), the same data the
 * embedded engine expands words with, and its category and product-type words as
 * `typoTolerance.disableOnWords` (words of a language, not typos of a brand). Searchable attributes are in ranking order (the embedded
 * engine's field weights). `sort` comes first in the ranking rules so an explicit sort orders
 * every match (as in the embedded engine) instead of only breaking relevance ties; relevance ties
 * end on newest, then slug, like the embedded engine.
 *
 * @example await client.index('products').updateSettings(meilisearchSettings(lexicon));
 */
export function meilisearchSettings(lexicon: Lexicon = DEFAULT_LEXICON): MeilisearchIndexSettings {
  const ql = compileLexicon(lexicon);
  return {
    ...BASE_SETTINGS,
    synonyms: Object.fromEntries([...ql.synonyms].map(([word, phrases]) => [word, [...phrases]])),
    stopWords: [...ql.stopWords].sort(),
    typoTolerance: { ...BASE_SETTINGS.typoTolerance, disableOnWords: [...ql.exactWords].sort() },
  };
}

/** {@link meilisearchSettings} of the default lexicon. */
export const MEILISEARCH_INDEX_SETTINGS: MeilisearchIndexSettings = meilisearchSettings();
