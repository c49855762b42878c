import {
  CATEGORY_IDS,
  type CategoryId,
  PRODUCT_FIELDS,
  type Product,
  SLUG_PATTERN,
} from '@repo/catalog-core';
import { type FacetDistribution, Meilisearch, MeilisearchApiError } from 'meilisearch';
import type {
  CatalogIndex,
  CategoryCount,
  IndexHealth,
  SearchQuery,
  SearchResult,
} from '../catalog-index.js';
import { checkFeaturedLimit, normalizeQuery } from '../normalize-query.js';
import { callMeilisearch } from './boundary.js';
import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.js';
import { fromMeilisearchDocument } from './documents.js';
import { pageWindow, toMeilisearchCountsParams, toMeilisearchSearchParams } from './translate.js';

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
}

const DEFAULT_TIMEOUT_MS = 5_000;
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

function toCounts(distribution: FacetDistribution | undefined): Record<CategoryId, number> {
  const values = distribution?.category ?? {};
  const counts = {} as Record<CategoryId, number>;
  for (const id of CATEGORY_IDS) counts[id] = values[id] ?? 0;
  return counts;
}

class MeilisearchIndex implements CatalogIndex {
  readonly engine = 'meilisearch' as const;
  private readonly client: Meilisearch;
  private readonly indexUid: string;
  private readonly breaker: CircuitBreaker;

  constructor(connection: MeilisearchConnection) {
    this.client = createMeilisearchClient(connection);
    this.indexUid = connection.indexUid;
    this.breaker = new CircuitBreaker(connection.breaker ?? DEFAULT_BREAKER);
  }

  // Every read but health() goes through the breaker; health() always asks, so /health.json
  // tells the truth, and an engine found healthy closes the breaker at once.
  private read<T>(action: string, call: () => Promise<T>): Promise<T> {
    return this.breaker.run(action, () => callMeilisearch(action, call));
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const normalized = normalizeQuery(query);
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
      offset: normalized.offset,
      limit: normalized.limit,
      categoryCounts: toCounts(facets?.facetDistribution),
    };
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
    const counts = toCounts(facetDistribution);
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
