import {
  CATEGORY_IDS,
  type CategoryId,
  CURRENCIES,
  type Currency,
  type CurrencyRates,
  DEFAULT_CURRENCY_RATES,
  DEFAULT_LEXICON,
  DEFAULT_LIMIT,
  type Lexicon,
  MAX_LIMIT,
  SORT_ORDERS,
  type SortOrder,
} from '@repo/catalog-core';
import { LRUCache } from 'lru-cache';
import type { SearchQuery } from './catalog-index.js';
import { SearchQueryError } from './errors.js';
import { type PopularSlugs, popularSlugsOf } from './popular.js';
import { compileLexicon, type QueryLexicon } from './query/query-lexicon.js';
import { MAX_QUERY_WORDS, readQuery } from './query/read-query.js';
import type { DroppedWord, QueryReading, ReadWord, TextPrice } from './query/reading.js';
import { tokenize } from './text.js';

/** The longest query text that is searched; the rest is ignored (a guard against huge inputs). */
export const MAX_QUERY_LENGTH = 200;

export { MAX_QUERY_WORDS };

/** A {@link SearchQuery} checked and with every default applied; both engines run this shape. */
export interface NormalizedQuery {
  /** The words to search (see `readQuery`; `tokenize` when literal); empty when browsing. */
  readonly words: readonly string[];
  readonly category: CategoryId | undefined;
  /** Inclusive, in CNY: the explicit bound, else the one read from the text. */
  readonly minPrice: number | undefined;
  readonly maxPrice: number | undefined;
  /**
   * The effective order: `relevance` without words becomes `newest`; `popular` without any
   * clicked product becomes the default order (the answers are the same, and so are cache keys).
   */
  readonly sort: SortOrder;
  /** The clicked products a `popular` search puts first; present exactly when `sort` is `popular`. */
  readonly popular?: PopularSlugs;
  readonly offset: number;
  readonly limit: number;
  /** Searched as given: no reading of the text, no relaxation. */
  readonly literal: boolean;
  /** What the reading found: one entry per word of `words`, and what it took out. */
  readonly read: readonly ReadWord[];
  readonly reading: Omit<QueryReading, 'words'>;
  /** A stable string for the reading (see `queryKey`). */
  readonly readingKey: string;
  /** Price bounds of the text that took effect. */
  readonly textMinPrice?: TextPrice;
  readonly textMaxPrice?: TextPrice;
}

const CATEGORY_SET = new Set<string>(CATEGORY_IDS);
const SORT_SET = new Set<string>(SORT_ORDERS);
const CURRENCY_SET = new Set<string>(CURRENCIES);
const NOTHING_READ: Omit<QueryReading, 'words'> = Object.freeze({
  dropped: [],
  sizes: [],
  budget: false,
});

function checkPrice(field: 'minPrice' | 'maxPrice', value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new SearchQueryError(field, `${field} must be a finite number >= 0`);
  }
  return value;
}

/** Literal words: the text's words, stop words left out but for the last (Meilisearch's rule). */
function literalWords(text: string, ql: QueryLexicon): ReadWord[] {
  const words = tokenize(text);
  return words
    .filter((word, i) => i === words.length - 1 || !ql.stopWords.has(word))
    .slice(0, MAX_QUERY_WORDS)
    .map((word) => ({ token: word, text: word, class: 'word' as const }));
}

/**
 * Validates a query, reads its text and applies its defaults: `offset` 0, `limit`
 * {@link DEFAULT_LIMIT}, `sort` `relevance` (which is `newest` when there is no text). The text
 * (cut to {@link MAX_QUERY_LENGTH} characters) goes through `readQuery` with the lexicon: prices
 * read from it apply unless `minPrice`/`maxPrice` are given (an explicit argument always wins; a
 * bound read from the text that contradicts one is dropped as `overridden`), a budget word orders
 * by `price_asc` unless `sort` is given. With `literal`, the text's words are searched as they are.
 * Prices read from the text are converted to CNY with `rates` (the catalog version's, default
 * `DEFAULT_CURRENCY_RATES`); `minPrice`/`maxPrice` arrive in CNY already (`toSearchQuery`).
 * Nothing numeric is clamped silently: a bad number is the caller's bug.
 *
 * @throws {SearchQueryError} `INVALID_QUERY` for a negative or fractional `offset`, a `limit`
 *   outside 1..MAX_LIMIT, a price that is NaN, infinite or negative, `minPrice > maxPrice`, an
 *   unknown category, sort or currency.
 * @example
 * normalizeQuery({ q: 'show me Nike T-shirts under $30' })
 * // { words: ['nike', 'tshirts'], maxPrice: 212.4, sort: 'relevance', offset: 0, limit: 20, ... }
 */
export function normalizeQuery(
  query: SearchQuery,
  lexicon: Lexicon | QueryLexicon = DEFAULT_LEXICON,
  rates: CurrencyRates = DEFAULT_CURRENCY_RATES,
): NormalizedQuery {
  const { q, category, sort, offset = 0, limit = DEFAULT_LIMIT, currency } = query;
  if (q !== undefined && typeof q !== 'string') {
    throw new SearchQueryError('q', 'q must be a string');
  }
  if (category !== undefined && !CATEGORY_SET.has(category)) {
    // Not String(category): a value without a prototype (or a throwing toString) would turn a
    // caller's mistake into a TypeError.
    const shown = typeof category === 'string' ? `"${category}"` : `of type ${typeof category}`;
    throw new SearchQueryError('category', `unknown category ${shown}`);
  }
  if (sort !== undefined && !SORT_SET.has(sort)) {
    throw new SearchQueryError('sort', `sort must be one of ${SORT_ORDERS.join(', ')}`);
  }
  if (currency !== undefined && !CURRENCY_SET.has(currency)) {
    throw new SearchQueryError('currency', `currency must be one of ${CURRENCIES.join(', ')}`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new SearchQueryError('offset', 'offset must be an integer >= 0');
  }
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new SearchQueryError('limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  const explicitMin = checkPrice('minPrice', query.minPrice);
  const explicitMax = checkPrice('maxPrice', query.maxPrice);
  if (explicitMin !== undefined && explicitMax !== undefined && explicitMin > explicitMax) {
    throw new SearchQueryError('minPrice', 'minPrice must not be greater than maxPrice');
  }
  const ql = 'keys' in lexicon ? lexicon : compileLexicon(lexicon);
  const literal = query.literal === true;
  const text = q ? q.slice(0, MAX_QUERY_LENGTH) : '';
  const cached = readingOf(ql, rates, text, literal, currency);
  const read = cached.words;
  let reading: Omit<QueryReading, 'words'> = cached;
  // Explicit bounds win; a bound of the text that contradicts them is not applied.
  let textMin = explicitMin === undefined ? cached.minPrice : undefined;
  let textMax = explicitMax === undefined ? cached.maxPrice : undefined;
  const low = explicitMin ?? textMin?.cny;
  const high = explicitMax ?? textMax?.cny;
  if (low !== undefined && high !== undefined && low > high) {
    textMin = undefined;
    textMax = undefined;
  }
  const overridden: DroppedWord[] = [];
  if (cached.minPrice && !textMin) overridden.push(overriddenPrice(cached.minPrice));
  if (cached.maxPrice && !textMax) overridden.push(overriddenPrice(cached.maxPrice));
  if (overridden.length > 0) reading = { ...cached, dropped: [...cached.dropped, ...overridden] };
  const words = tokensOf(read);
  const minPrice = explicitMin ?? textMin?.cny;
  const maxPrice = explicitMax ?? textMax?.cny;
  let asked = sort ?? (reading.budget ? 'price_asc' : 'relevance');
  const popular = asked === 'popular' ? popularSlugsOf(checkPopularity(query)) : undefined;
  // Nothing clicked: `popular` is the default order (relevance; newest without words).
  if (asked === 'popular' && popular === undefined) asked = 'relevance';
  return {
    words,
    category,
    minPrice,
    maxPrice,
    sort: asked === 'relevance' && words.length === 0 ? 'newest' : asked,
    ...(popular && { popular }),
    offset,
    limit,
    literal,
    read,
    reading,
    readingKey:
      overridden.length === 0
        ? cached.key
        : `${cached.key}|${textMin?.cny ?? ''}-${textMax?.cny ?? ''}`,
    ...(textMin && { textMinPrice: textMin }),
    ...(textMax && { textMaxPrice: textMax }),
  };
}

/** The popularity a popular search reads, checked: a malformed one is the calling app's bug. */
function checkPopularity(query: SearchQuery): SearchQuery['popularity'] {
  const { popularity } = query;
  if (popularity === undefined) return undefined;
  const counts = popularity?.counts as unknown;
  if (
    typeof popularity !== 'object' ||
    popularity === null ||
    typeof popularity.version !== 'string' ||
    typeof counts !== 'object' ||
    counts === null ||
    typeof (counts as Iterable<unknown>)[Symbol.iterator] !== 'function'
  ) {
    throw new SearchQueryError(
      'popularity',
      'popularity must be { version: string, counts: Map<slug, clicks> }',
    );
  }
  return popularity;
}

/**
 * The same query in its default order (relevance; newest without words): what a popular search
 * orders its unclicked products and its ties by, and whose matches and counts it answers with.
 */
export function inDefaultOrder(query: NormalizedQuery): NormalizedQuery {
  const { popular: _, ...rest } = query;
  return { ...rest, sort: query.words.length > 0 ? 'relevance' : 'newest' };
}

function overriddenPrice(price: TextPrice): DroppedWord {
  return { word: `${price.amount} ${price.currency}`, reason: 'overridden' };
}

interface CachedReading extends QueryReading {
  /** Equal for texts that read alike: what the engines search and what the reading reports. */
  readonly key: string;
}

const NO_READING: CachedReading = Object.freeze({ words: [], ...NOTHING_READ, key: '' });
// Queries repeat far more than they differ; reading one costs some tens of microseconds.
const READINGS_KEPT = 2048;
// Per lexicon and rates: a price read from the text is in CNY at the rates it was read with.
const readings = new WeakMap<
  QueryLexicon,
  WeakMap<CurrencyRates, LRUCache<string, CachedReading>>
>();

function readingOf(
  ql: QueryLexicon,
  rates: CurrencyRates,
  text: string,
  literal: boolean,
  currency: Currency | undefined,
): CachedReading {
  if (!literal && !text.trim()) return NO_READING;
  let byRates = readings.get(ql);
  if (!byRates) {
    byRates = new WeakMap();
    readings.set(ql, byRates);
  }
  let cache = byRates.get(rates);
  if (!cache) {
    cache = new LRUCache({ max: READINGS_KEPT });
    byRates.set(rates, cache);
  }
  const cacheKey = `${literal ? 'L' : (currency ?? '')}|${text}`;
  let found = cache.get(cacheKey);
  if (found === undefined) {
    const reading = literal
      ? { words: literalWords(text, ql), ...NOTHING_READ }
      : readQuery(text, ql, { rates, ...(currency !== undefined && { currency }) });
    found = { ...reading, key: readingKey(reading, literal) };
    cache.set(cacheKey, found);
  }
  return found;
}

function readingKey(reading: QueryReading, literal: boolean): string {
  const words = reading.words.map((w) => `${w.token}:${w.class}:${w.text}`).join(' ');
  const dropped = reading.dropped.map((d) => `${d.word}:${d.reason}`).join(',');
  const price = (p: TextPrice | undefined) => (p ? `${p.amount}${p.currency}` : '');
  return `${literal ? 'L' : ''}${words}|${dropped}|${reading.sizes.join(',')}|${reading.budget ? 'B' : ''}|${price(reading.minPrice)}-${price(reading.maxPrice)}`;
}

/**
 * A stable string for a normalised query: equal queries give equal keys (used by result caches).
 * It covers what the engines search and what the reading reports, so two texts that read alike
 * ("  NIKE  dunk", "nike dunk") share one entry and two that do not ("show me nike") do not.
 *
 * @example queryKey(normalizeQuery({ q: 'Nike' })) === queryKey(normalizeQuery({ q: ' nike ' }))
 */
export function queryKey(query: NormalizedQuery): string {
  const { category, minPrice, maxPrice, sort, offset, limit, readingKey, popular } = query;
  // Only a popular answer depends on the clicks; every other order keeps its entries.
  const clicks = popular === undefined ? '' : `|${popular.version}`;
  return `${readingKey}|${category ?? ''}|${minPrice ?? ''}|${maxPrice ?? ''}|${sort}|${offset}|${limit}${clicks}`;
}

/** Validates a `featured(limit)` argument: an integer from 0 to MAX_LIMIT. */
export function checkFeaturedLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
    throw new SearchQueryError('limit', `featured limit must be an integer from 0 to ${MAX_LIMIT}`);
  }
  return limit;
}

/** The same query with other words (a relaxation or a correction of its words). */
export function withWords(query: NormalizedQuery, read: readonly ReadWord[]): NormalizedQuery {
  return { ...query, words: tokensOf(read), read };
}

/** The tokens the engines receive: a read word may stand for several ("tnf" → north, face). */
export function tokensOf(read: readonly ReadWord[]): string[] {
  return read.flatMap((word) => word.token.split(' '));
}

/**
 * Whether a query's answer depends on prices or clicks: a price filter (explicit or read from its
 * text), a price order, or the clicked products a `popular` order puts first. A version whose
 * prices changed answers any other query as the one before did (see the embedded engine).
 */
export function readsPricesOrClicks(query: NormalizedQuery): boolean {
  return (
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.popular !== undefined ||
    query.sort === 'price_asc' ||
    query.sort === 'price_desc'
  );
}
