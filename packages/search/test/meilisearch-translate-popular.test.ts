import { describe, expect, it } from 'vitest';
import {
  toMeilisearchClickedParams,
  toMeilisearchDocumentsParams,
  toMeilisearchSlugFilter,
  toMeilisearchTotalParams,
  toMeilisearchUnclickedParams,
} from '../src/meilisearch/translate-popular.js';
import { inDefaultOrder, normalizeQuery } from '../src/normalize-query.js';

const popularity = { version: 'v1', counts: new Map([['nike-dunk-10001', 4]]) };

describe('popular query translation', () => {
  it('names products by slug, quoted', () => {
    expect(toMeilisearchSlugFilter(['a-1', 'b"2'])).toBe('slug IN ["a-1", "b\\"2"]');
  });

  it('asks for the clicked matches in the default order, slugs only, on one page', () => {
    const query = normalizeQuery({ q: 'dunk', category: 'sneakers', sort: 'popular', popularity });
    expect(query.sort).toBe('popular');
    const base = inDefaultOrder(query);
    expect(base.sort).toBe('relevance');
    expect(base.popular).toBeUndefined();
    const params = toMeilisearchClickedParams(base, 'p', 'slug IN ["nike-dunk-10001"]', 1);
    expect(params).toEqual({
      indexUid: 'p',
      q: 'dunk',
      matchingStrategy: 'all',
      filter: 'category = "sneakers" AND slug IN ["nike-dunk-10001"]',
      page: 1,
      hitsPerPage: 1,
      attributesToRetrieve: ['slug'],
    });
    const browse = inDefaultOrder(normalizeQuery({ sort: 'popular', popularity }));
    expect(toMeilisearchClickedParams(browse, 'p', 'slug IN ["x-1"]', 1)).toMatchObject({
      q: '',
      filter: 'slug IN ["x-1"]',
      sort: ['created_at_ts:desc', 'slug:asc'],
    });
  });

  it('counts the default order with no hits', () => {
    const base = inDefaultOrder(normalizeQuery({ minPrice: 5, sort: 'popular', popularity }));
    const params = toMeilisearchTotalParams(base, 'p');
    expect(params).toMatchObject({ filter: 'price >= 5', page: 1, hitsPerPage: 0 });
    expect(params.facets).toEqual(['category']);
  });

  it('pages the unclicked matches without the clicked ones', () => {
    const query = normalizeQuery({ minPrice: 5, sort: 'popular', popularity });
    const base = { ...inDefaultOrder(query), offset: 3, limit: 10 };
    const params = toMeilisearchUnclickedParams(base, 'p', 'slug IN ["x-1"]');
    expect(params).toMatchObject({
      filter: 'price >= 5 AND NOT slug IN ["x-1"]',
      sort: ['created_at_ts:desc', 'slug:asc'],
      page: 1,
      hitsPerPage: 13,
    });
    expect(params.facets).toBeUndefined();
    expect(toMeilisearchUnclickedParams(base, 'p', undefined).filter).toBe('price >= 5');
  });

  it('fetches the documents of the clicked products shown', () => {
    expect(toMeilisearchDocumentsParams(['a-1', 'b-2'], 'p')).toMatchObject({
      q: '',
      filter: 'slug IN ["a-1", "b-2"]',
      hitsPerPage: 2,
    });
  });
});
