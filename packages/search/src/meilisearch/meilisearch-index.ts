import {
  CATEGORY_IDS,
  type CurrencyRates,
  DEFAULT_CURRENCY_RATES,
  DEFAULT_LEXICON,
  type Lexicon,
  PRODUCT_FIELDS,
  type Product,
  SLUG_PATTERN,
} from '@repo/catalog-core';
import { Meilisearch, MeilisearchApiError, type MultiSearchQuery } from 'meilisearch';
import type {
  CatalogIndex,
  CategoryCount,
  IndexHealth,
  SearchQuery,
  SearchResult,
} from '../catalog-index.js';
import { isSearchError } from '../errors.js';
import { checkFeaturedLimit, type NormalizedQuery, normalizeQuery } from '../normalize-query.js';
import { CatalogDictionary, type FacetCounts } from '../query/dictionary.js';
import { compileLexicon, type QueryLexicon } from '../query/query-lexicon.js';
import { type EngineAnswer, type MatchingEngine, searchUnderstood } from '../query/relax.js';
import { callMeilisearch } from './boundary.js';
import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.js';
import { fromMeilisearchDocument } from './documents.js';
import { categoryCountsOf, type MultiSearch, searchPopular } from './popular-search.js';
import {
  pageWindow,
  toMeilisearchCountsParams,
  toMeilisearchDictionaryParams,
  toMeilisearchSearchParams,
  toMeilisearchWordsCountParams,
} from './translate.js';

/** Where the Meilisearch index lives. */
export interface MeilisearchConnection {
  /** Base URL, e.g. `http://localhost:7700`. */
  readonly host: string;
  /** A search key is enough for reads; indexing needs an admin key. */
  readonly apiKey?: string;
  readonly indexUid: string;
  /** Per-request timeout in milliseconds (default 5000). */
  readonly timeoutMs?: number;
  /** When reads stop waiting on a failing engine (default: 3 failures in a row, then 5 s). */
  readonly breaker?: CircuitBreakerOptions;
  /**
   * How queries are read. Default: `DEFAULT_LEXICON`. It must be the lexicon the index was filled
   * with (`indexCatalogInMeilisearch`), whose settings carry it as synonyms and stop words.
   */
  readonly lexicon?: Lexicon;
  /**
   * What prices read from a query's text ("under 50") cost in CNY. Default:
   * `DEFAULT_CURRENCY_RATES`. Not in the index: each process converts with its own.
   */
  readonly rates?: CurrencyRates;
}

const DEFAULT_TIMEOUT_MS = 5_000;
// The catalog's dictionary changes only when `catalog index` runs again: asked for again after this.
const DICTIONARY_TTL_MS = 5 * 60_000;
const DEFAULT_BREAKER: CircuitBreakerOptions = { failures: 3, openMs: 5_000 };
const SLUG = new RegExp(SLUG_PATTERN);

/** Opens a client with this package's timeout default. */
export function createMeilisearchClient(connection: MeilisearchConnection): Meilisearch {
  return new Meilisearch({
    host: connection.host,
    ...(connection.apiKey === undefined ? {} : { apiKey: connection.apiKey }),
    timeout: connection.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
}

class MeilisearchIndex implements CatalogIndex {
  readonly engine = 'meilisearch' as const;
  private readonly client: Meilisearch;
  private readonly indexUid: string;
  private readonly breaker: CircuitBreaker;
  private readonly lexicon: QueryLexicon;
  private readonly rates: CurrencyRates;
  private readonly matching: MatchingEngine;
  private dictionary:
    | { readonly value: Promise<CatalogDictionary>; readonly at: number }
    | undefined;

  constructor(connection: MeilisearchConnection) {
    this.client = createMeilisearchClient(connection);
    this.indexUid = connection.indexUid;
    this.breaker = new CircuitBreaker(connection.breaker ?? DEFAULT_BREAKER);
    this.lexicon = compileLexicon(connection.lexicon ?? DEFAULT_LEXICON);
    this.rates = connection.rates ?? DEFAULT_CURRENCY_RATES;
    const multiSearch: MultiSearch = async (queries) =>
      (await this.read('search', () => this.client.multiSearch({ queries }))).results;
    this.matching = {
      run: (query) =>
        query.popular === undefined
          ? this.run(query)
          : searchPopular(query, this.indexUid, multiSearch, (q) => this.run(q)),
      countWords: (query) =>
        this.counts(
          query.read.map((word, i) =>
            toMeilisearchWordsCountParams(
              word.token.split(' '),
              query,
              this.indexUid,
              i === query.read.length - 1,
            ),
          ),
        ),
      totals: (queries) =>
        this.counts(queries.map((q) => toMeilisearchWordsCountParams(q.words, q, this.indexUid))),
      dictionary: () => this.loadDictionary(),
    };
  }

  // Every read but health() goes through the breaker; health() always asks, so /health.json
  // tells the truth, and an engine found healthy closes the breaker at once.
  private read<T>(action: string, call: () => Promise<T>): Promise<T> {
    return this.breaker.run(action, () => callMeilisearch(action, call));
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const normalized = normalizeQuery(query, this.lexicon, this.rates);
    return searchUnderstood(normalized, this.matching, this.lexicon);
  }

  /** One strict search: every word must match. */
  private async run(normalized: NormalizedQuery): Promise<EngineAnswer> {
    const main = toMeilisearchSearchParams(normalized, this.indexUid);
    const counts = toMeilisearchCountsParams(normalized, this.indexUid);
    const { results } = await this.read('search', () =>
      this.client.multiSearch({ queries: counts ? [main, counts] : [main] }),
    );
    const [page, facets = page] = results;
    const { skip } = pageWindow(normalized.offset, normalized.limit);
    const hits = (page?.hits ?? [])
      .slice(skip, skip + normalized.limit)
      .map((hit) => fromMeilisearchDocument(hit));
    return {
      hits,
      total: page?.totalHits ?? 0,
      categoryCounts: categoryCountsOf(facets?.facetDistribution),
    };
  }

  /** The totals of several counting queries, in one round trip. */
  private async counts(queries: readonly MultiSearchQuery[]): Promise<number[]> {
    if (queries.length === 0) return [];
    const { results } = await this.read('count', () =>
      this.client.multiSearch({ queries: queries as MultiSearchQuery[] }),
    );
    return results.map((result) => result.totalHits ?? 0);
  }

  private loadDictionary(): Promise<CatalogDictionary> {
    const now = Date.now();
    if (this.dictionary === undefined || now - this.dictionary.at > DICTIONARY_TTL_MS) {
      const value = this.read('dictionary', () =>
        this.client.multiSearch({ queries: [toMeilisearchDictionaryParams(this.indexUid)] }),
      ).then(
        ({ results }) =>
          new CatalogDictionary((results[0]?.facetDistribution ?? {}) as FacetCounts, this.lexicon),
        (error: unknown) => {
          // An index filled before these fields were filterable refuses the facet query: search
          // on with the lexicon's words only, until `catalog index` runs again.
          if (isSearchError(error) && error.code === 'ENGINE_REJECTED') {
            return new CatalogDictionary({}, this.lexicon);
          }
          throw error;
        },
      );
      this.dictionary = { value, at: now };
      // A failed load is not kept: the next zero-result query asks again.
      value.catch(() => {
        this.dictionary = undefined;
      });
    }
    return this.dictionary.value;
  }

  async getBySlug(slug: string): Promise<Product | undefined> {
    // Not a slug: cannot exist, and never reaches the engine as a document id.
    if (!SLUG.test(slug)) return undefined;
    const document = await this.read('getBySlug', async () => {
      try {
        return await this.client
          .index(this.indexUid)
          .getDocument(slug, { fields: [...PRODUCT_FIELDS] });
      } catch (error) {
        if (error instanceof MeilisearchApiError && error.response.status === 404) return undefined;
        throw error;
      }
    });
    return document === undefined ? undefined : fromMeilisearchDocument(document);
  }

  async categories(): Promise<readonly CategoryCount[]> {
    const { facetDistribution } = await this.read('categories', () =>
      this.client.index(this.indexUid).search('', { facets: ['category'], limit: 0 }),
    );
    const counts = categoryCountsOf(facetDistribution);
    return CATEGORY_IDS.map((id) => ({ id, count: counts[id] }));
  }

  async featured(limit: number): Promise<readonly Product[]> {
    checkFeaturedLimit(limit);
    if (limit === 0) return [];
    // The newest `limit` of each category, then the same round-robin as the embedded engine.
    const { results } = await this.read('featured', () =>
      this.client.multiSearch({
        queries: CATEGORY_IDS.map((id) => ({
          indexUid: this.indexUid,
          q: '',
          filter: `category = "${id}"`,
          sort: ['created_at_ts:desc', 'slug:asc'],
          limit,
          attributesToRetrieve: [...PRODUCT_FIELDS],
        })),
      }),
    );
    const picked: Product[] = [];
    for (let round = 0; round < limit && picked.length < limit; round++) {
      for (const result of results) {
        const hit = result.hits[round];
        if (hit && picked.length < limit) picked.push(fromMeilisearchDocument(hit));
      }
    }
    return picked;
  }

  async health(): Promise<IndexHealth> {
    try {
      const stats = await callMeilisearch('health', () =>
        this.client.index(this.indexUid).getStats(),
      );
      this.breaker.reset();
      return { engine: 'meilisearch', state: 'ready', products: stats.numberOfDocuments };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { engine: 'meilisearch', state: 'degraded', products: 0, reason };
    }
  }

  async close(): Promise<void> {
    // The client keeps no connection of its own (fetch pools them), so there is nothing to close.
  }
}

/**
 * A {@link CatalogIndex} over an existing Meilisearch index (filled by
 * `indexCatalogInMeilisearch`), with the same query semantics as the embedded engine.
 * Creating it makes no request; `health()` tells whether the engine answers.
 *
 * Every method except `health()` throws `SearchUnavailableError` (`ENGINE_UNAVAILABLE`,
 * `ENGINE_TIMEOUT`) when Meilisearch cannot be reached or is too slow, and `SearchEngineError`
 * (`ENGINE_REJECTED`) when it refuses the request (bad key, missing index). After 3 unavailable
 * answers in a row, reads fail at once for 5 s instead of each waiting out the timeout; then one
 * read tries again (see `breaker`). A `health()` that finds the engine ready closes it at once.
 *
 * @example
 * const index = createMeilisearchIndex({ host: 'http://meili:7700', indexUid: 'products', timeoutMs: 2000 });
 * const { total } = await index.search({ q: 'dunk low' });
 */
export function createMeilisearchIndex(connection: MeilisearchConnection): CatalogIndex {
  return new MeilisearchIndex(connection);
}
