import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_LEXICON, mergeLexicons, parseLexicon } from '@repo/catalog-core';
import { afterEach, describe, expect, it } from 'vitest';
import { isSearchError } from '../src/errors.js';
import {
  createMeilisearchIndex,
  escapeFilterValue,
  MEILISEARCH_INDEX_SETTINGS,
  meilisearchSettings,
  pageWindow,
  toMeilisearchCountsParams,
  toMeilisearchDocument,
  toMeilisearchFilter,
  toMeilisearchSearchParams,
  toMeilisearchWordsCountParams,
} from '../src/meilisearch/index.js';
import { normalizeQuery } from '../src/normalize-query.js';
import { CRAFTED } from './contract/fixture.js';

describe('query translation', () => {
  it('builds filters with inclusive prices and quoted categories', () => {
    const query = normalizeQuery({ category: 'bags', minPrice: 10, maxPrice: 20.5 });
    expect(toMeilisearchFilter(query)).toBe('category = "bags" AND price >= 10 AND price <= 20.5');
    expect(toMeilisearchFilter(query, false)).toBe('price >= 10 AND price <= 20.5');
    expect(toMeilisearchFilter(normalizeQuery({}))).toBeUndefined();
    expect(toMeilisearchFilter(normalizeQuery({ minPrice: 0 }))).toBe('price >= 0');
  });

  it('escapes quotes and backslashes in filter values', () => {
    expect(escapeFilterValue('bags')).toBe('"bags"');
    expect(escapeFilterValue('a"b')).toBe('"a\\"b"');
    expect(escapeFilterValue('a\\"b')).toBe('"a\\\\\\"b"');
    expect(escapeFilterValue('" OR category = "x')).toBe('"\\" OR category = \\"x"');
  });

  it('maps each sort with newest-then-slug tie-breaks', () => {
    const sortOf = (
      sort: 'relevance' | 'price_asc' | 'price_desc' | 'newest' | 'title_asc',
      q?: string,
    ) => toMeilisearchSearchParams(normalizeQuery({ sort, ...(q ? { q } : {}) }), 'p').sort;
    expect(sortOf('relevance', 'nike')).toBeUndefined();
    expect(sortOf('relevance')).toEqual(['created_at_ts:desc', 'slug:asc']);
    expect(sortOf('price_asc')).toEqual(['price:asc', 'created_at_ts:desc', 'slug:asc']);
    expect(sortOf('price_desc')).toEqual(['price:desc', 'created_at_ts:desc', 'slug:asc']);
    expect(sortOf('title_asc')).toEqual(['title_sort:asc', 'created_at_ts:desc', 'slug:asc']);
  });

  it('asks for exact totals with a page window that holds offset..offset+limit', () => {
    expect(pageWindow(0, 20)).toEqual({ page: 1, hitsPerPage: 20, skip: 0 });
    expect(pageWindow(40, 20)).toEqual({ page: 3, hitsPerPage: 20, skip: 0 });
    for (const [offset, limit] of [
      [5, 10],
      [7, 3],
      [95, 100],
      [1234, 17],
    ] as const) {
      const { page, hitsPerPage, skip } = pageWindow(offset, limit);
      expect((page - 1) * hitsPerPage + skip).toBe(offset);
      expect(skip + limit).toBeLessThanOrEqual(hitsPerPage);
    }
  });

  it('builds the search and the category-count queries', () => {
    const query = normalizeQuery({
      q: 'Nike T-Shirt',
      category: 't-shirts',
      maxPrice: 99,
      literal: true,
    });
    expect(toMeilisearchSearchParams(query, 'products')).toMatchObject({
      indexUid: 'products',
      q: 'nike t shirt',
      matchingStrategy: 'all',
      filter: 'category = "t-shirts" AND price <= 99',
      page: 1,
      hitsPerPage: 20,
      facets: ['category'],
    });
    expect(toMeilisearchCountsParams(query, 'products')).toMatchObject({
      q: 'nike t shirt',
      filter: 'price <= 99',
      hitsPerPage: 0,
      facets: ['category'],
    });
    expect(toMeilisearchCountsParams(normalizeQuery({ q: 'x' }), 'products')).toBeUndefined();
    // Read with the lexicon, "t-shirt" is one word the index's synonyms expand.
    expect(toMeilisearchSearchParams(normalizeQuery({ q: 'Nike T-Shirt' }), 'p').q).toBe(
      'nike tshirt',
    );
  });

  it('counts a word alone, keeping it a prefix only when it was the last', () => {
    const query = normalizeQuery({ q: 'nike dunk', maxPrice: 99 });
    expect(toMeilisearchWordsCountParams(['nike'], query, 'p', false)).toEqual({
      indexUid: 'p',
      q: 'nike ',
      matchingStrategy: 'all',
      filter: 'price <= 99',
      page: 1,
      hitsPerPage: 0,
    });
    expect(toMeilisearchWordsCountParams(['dunk'], query, 'p').q).toBe('dunk');
  });

  it('maps documents with a numeric timestamp and a sort title', () => {
    const doc = toMeilisearchDocument(CRAFTED[4]!);
    expect(doc.created_at_ts).toBe(Date.parse(CRAFTED[4]!.created_at));
    expect(doc.title_sort).toBe('wombat t shirt echo');
    expect(doc.category_name).toBe('T-Shirts');
  });

  it('has settings matching the embedded rules', () => {
    expect(MEILISEARCH_INDEX_SETTINGS.typoTolerance.minWordSizeForTypos).toEqual({
      oneTypo: 5,
      twoTypos: 9,
    });
    expect(MEILISEARCH_INDEX_SETTINGS.filterableAttributes).toEqual([
      'category',
      'price',
      'marketplace',
      'brand',
      'model',
      'colorway',
      'batch',
      'tags',
      'slug',
    ]);
    expect(MEILISEARCH_INDEX_SETTINGS.faceting.maxValuesPerFacet).toBeGreaterThanOrEqual(1000);
    expect(MEILISEARCH_INDEX_SETTINGS.rankingRules[0]).toBe('sort');
  });

  it("carries the lexicon as synonyms and stop words, and an operator's words too", () => {
    const { synonyms, stopWords } = MEILISEARCH_INDEX_SETTINGS;
    expect(synonyms.aj1).toEqual(['air jordan 1', 'jordan 1']);
    expect(synonyms.zapatillas).toEqual(['sneakers']);
    expect(synonyms.crossbody).toContain('shoulder bag');
    expect(synonyms.crossbody).not.toContain('bags'); // a kind of bag, not every bag
    expect(synonyms.lv).toEqual(['louis vuitton']);
    expect(stopWords).toContain('quiero');
    expect(stopWords).toContain('the');
    expect(stopWords).not.toContain('show me');
    const extended = meilisearchSettings(
      mergeLexicons(
        DEFAULT_LEXICON,
        parseLexicon({ version: 1, nicknames: [{ words: ['qk'], means: ['quokka'] }] }),
      ),
    );
    expect(extended.synonyms.qk).toEqual(['quokka']);
    expect(MEILISEARCH_INDEX_SETTINGS.synonyms.qk).toBeUndefined();
  });
});

describe('errors at the I/O boundary', () => {
  let server: Server | undefined;
  afterEach(async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    running.closeAllConnections();
    await new Promise((resolve) => running.close(resolve));
  });

  async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('turns a 500 into ENGINE_UNAVAILABLE', async () => {
    const host = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'boom', code: 'internal', type: 'internal', link: '' }));
    });
    const error = await createMeilisearchIndex({ host, indexUid: 'p', timeoutMs: 1000 })
      .search({ q: 'nike' })
      .catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('ENGINE_UNAVAILABLE');
    expect((error as Error).cause).toBeDefined();
  });

  it('turns a 4xx into ENGINE_REJECTED', async () => {
    const host = await serve((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ message: 'bad key', code: 'invalid_api_key', type: 'auth', link: '' }),
      );
    });
    const error = await createMeilisearchIndex({ host, indexUid: 'p' })
      .categories()
      .catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('ENGINE_REJECTED');
  });

  it('turns a hanging server into ENGINE_TIMEOUT within the configured time', async () => {
    const host = await serve(() => {
      // Never answers.
    });
    const started = performance.now();
    const error = await createMeilisearchIndex({ host, indexUid: 'p', timeoutMs: 200 })
      .search({})
      .catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('ENGINE_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('turns a refused connection into ENGINE_UNAVAILABLE, and health into degraded', async () => {
    const host = await serve(() => {});
    server?.close();
    const index = createMeilisearchIndex({ host, indexUid: 'p', timeoutMs: 500 });
    const error = await index.getBySlug('nike-dunk-12345').catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('ENGINE_UNAVAILABLE');
    expect(await index.health()).toMatchObject({ engine: 'meilisearch', state: 'degraded' });
  });

  it('does not send a non-slug to the engine', async () => {
    const index = createMeilisearchIndex({ host: 'http://127.0.0.1:9', indexUid: 'p' });
    expect(await index.getBySlug('../../keys')).toBeUndefined();
  });
});
