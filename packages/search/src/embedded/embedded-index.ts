import {
  CATEGORY_IDS,
  type CurrencyRates,
  DEFAULT_CURRENCY_RATES,
  DEFAULT_LEXICON,
  type Lexicon,
  type Product,
} from '@repo/catalog-core';
import type {
  CatalogIndex,
  CategoryCount,
  IndexHealth,
  SearchQuery,
  SearchResult,
} from '../catalog-index.js';
import {
  checkFeaturedLimit,
  type NormalizedQuery,
  normalizeQuery,
  queryKey,
  readsPricesOrClicks,
} from '../normalize-query.js';
import { CatalogDictionary } from '../query/dictionary.js';
import { compileLexicon, type QueryLexicon } from '../query/query-lexicon.js';
import { type EngineAnswer, type MatchingEngine, searchUnderstood } from '../query/relax.js';
import { ResultCache } from '../result-cache.js';
import { ALL_SCOPE, Orderings } from './orderings.js';
import { searchesAlike } from './pack/index-layout.js';
import { KeyTable } from './pack/key-table.js';
import { PackBuilder } from './pack/pack-builder.js';
import type { PackedIndex, ProductBytes } from './pack/packed-index.js';
import { type ProductSource, productsFromBytes, productsInMemory } from './pack/product-source.js';
import { PopularSearch } from './popular-search.js';
import { RankedPages } from './ranked-pages.js';
import { TextIndex } from './text-index.js';
import { MAX_WORD_SCORE } from './text-weights.js';

/** Options of {@link createEmbeddedIndex}. */
export interface EmbeddedIndexOptions {
  /**
   * How many results the bounded LRU cache keeps, keyed by the normalised query, from a query's
   * second time on (see `ResultCache`). Default 512; 0 disables it and the cache of expanded
   * query words (the benchmark's `--no-cache`).
   */
  readonly cacheSize?: number;
  /** How queries are read and words expanded. Default: `DEFAULT_LEXICON`. */
  readonly lexicon?: Lexicon;
  /** What prices read from a query's text ("under 50") cost in CNY. Default: `DEFAULT_CURRENCY_RATES`. */
  readonly rates?: CurrencyRates;
}

const DEFAULT_CACHE_SIZE = 512;

/**
 * The in-process engine, read from a {@link PackedIndex}. Text goes through {@link TextIndex};
 * browsing (no text) is a slice of a precomputed ordering; pages are picked with a bounded heap
 * rather than a full sort (see {@link RankedPages}); results are kept in a small LRU cache; products are read from their
 * bytes when an answer shows them.
 */
class EmbeddedIndex implements CatalogIndex {
  readonly engine = 'embedded' as const;
  private readonly size: number;
  private readonly slugs: KeyTable;
  private readonly text: TextIndex;
  private readonly orderings: Orderings;
  private readonly pages: RankedPages;
  private readonly cache: ResultCache<SearchResult>;
  private readonly keys: Float64Array;
  private readonly maxScore: number;
  private readonly lexicon: QueryLexicon;
  private readonly rates: CurrencyRates;
  private readonly matching: MatchingEngine;
  private dictionary: CatalogDictionary | undefined;
  private popular: PopularSearch | undefined;
  // The version before (weakly, never kept alive by this one), and whether searches read both alike.
  private earlier: WeakRef<EmbeddedIndex> | undefined;
  private alike: boolean | undefined;

  constructor(
    private readonly packed: PackedIndex,
    private readonly products: ProductSource,
    lexicon: QueryLexicon,
    private readonly options: EmbeddedIndexOptions & {
      /** What closing the index releases besides its caches (a prepared file's descriptor). */
      readonly onClose?: () => void | Promise<void>;
    },
  ) {
    this.size = packed.count;
    this.slugs = new KeyTable(packed.slugs);
    const items = new KeyTable(packed.items);
    this.lexicon = lexicon;
    this.rates = options.rates ?? DEFAULT_CURRENCY_RATES;
    // No result cache means no cache at all: the benchmark's --no-cache times the whole search.
    this.text = new TextIndex(
      packed.text,
      { first: (word) => items.find(word), next: packed.itemNext },
      this.size,
      this.lexicon,
      options.cacheSize === 0 ? 0 : undefined,
    );
    this.orderings = new Orderings(packed.orderings);
    const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
    this.cache = new ResultCache(cacheSize);
    this.keys = new Float64Array(this.size);
    this.maxScore = MAX_WORD_SCORE * 16;
    this.pages = new RankedPages(this.text, this.orderings, this.keys, this.maxScore, (doc) =>
      this.product(doc),
    );
    this.matching = {
      run: async (q) =>
        q.popular !== undefined
          ? this.searchPopular(q)
          : q.words.length > 0
            ? this.pages.matching(q)
            : this.pages.browse(q),
      countWords: async (q) =>
        q.read.map((word, i) =>
          this.pages.count(word.token.split(' '), q, i === q.read.length - 1),
        ),
      totals: async (queries) => {
        const totals: number[] = [];
        for (const q of queries) {
          totals.push(this.pages.count(q.words, q, true));
          if (totals.at(-1)! > 0) break;
        }
        return totals;
      },
      dictionary: async () => {
        this.dictionary ??=
          this.alikeEarlier()?.dictionary ??
          new CatalogDictionary(this.packed.facets, this.lexicon);
        return this.dictionary;
      },
    };
  }

  /**
   * Keeps from their first time the queries whose results `earlier`, the version before, keeps,
   * and takes its results where they are known to be this version's too (see `carried`).
   */
  follow(earlier: EmbeddedIndex): void {
    this.cache.follow(earlier.cache);
    this.earlier = new WeakRef(earlier);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const normalized = normalizeQuery(query, this.lexicon, this.rates);
    const key = queryKey(normalized);
    return this.cache.get(key) ?? this.carried(key, normalized) ?? this.worked(key, normalized);
  }

  async searchAgain(query: SearchQuery, earlier: SearchResult): Promise<SearchResult> {
    const normalized = normalizeQuery(query, this.lexicon, this.rates);
    const key = queryKey(normalized);
    return (
      this.cache.peek(key) ?? this.takenOver(normalized, earlier) ?? this.worked(key, normalized)
    );
  }

  // The query searched in full, its result offered to the cache.
  private async worked(key: string, query: NormalizedQuery): Promise<SearchResult> {
    const result = Object.freeze(await searchUnderstood(query, this.matching, this.lexicon));
    this.cache.offer(key, result);
    return result;
  }

  /**
   * The result the version before keeps for `key`, when it is this version's result too: the
   * query reads no price and everything else a search reads is the same in both versions (an edit
   * of prices, the most common one, changes nothing else). It then finds the same documents in
   * the same order with the same counts; only a product it shows whose bytes changed is read
   * again, each other one is already this version's (see `productsFromBytes`). A warm-up after
   * such an edit then works out none of the searches again: a brand within a category, the MCP
   * app's busiest queries, scanned thousands of documents each.
   */
  private carried(key: string, query: NormalizedQuery): SearchResult | undefined {
    const carried = this.takenOver(query, this.alikeEarlier()?.cache.peek(key));
    if (carried) this.cache.keep(key, carried);
    return carried;
  }

  // `earlier`, the version before's answer to `query`, as this version's when both read the query
  // alike (see `carried`).
  private takenOver(
    query: NormalizedQuery,
    earlier: SearchResult | undefined,
  ): SearchResult | undefined {
    const alike = earlier !== undefined && !readsPricesOrClicks(query) && this.alikeEarlier();
    return alike ? this.taken(earlier) : undefined;
  }

  // `result`, the version before's answer to a query this version reads alike, as this version's:
  // each product it shows whose bytes changed read anew; none when one of them is gone.
  private taken(result: SearchResult): SearchResult | undefined {
    let hits: Product[] | undefined;
    for (const [i, hit] of result.hits.entries()) {
      const doc = this.slugs.find(hit.slug);
      if (doc === -1) return undefined;
      if (this.products.shows?.(doc, hit) === true) continue;
      hits ??= [...result.hits];
      hits[i] = this.product(doc);
    }
    return hits === undefined ? result : Object.freeze({ ...result, hits });
  }

  private searchPopular(query: NormalizedQuery): EngineAnswer {
    this.popular ??= new PopularSearch(
      { product: (doc) => this.product(doc), docOf: (slug) => this.slugs.find(slug) },
      this.orderings,
      this.keys,
    );
    return query.words.length > 0
      ? this.popular.text(query, this.text.match(query.words), this.maxScore)
      : this.popular.browse(query);
  }

  // The version before, while it lives and reads every query as this one does (prices aside): its
  // kept results and its query dictionary (tens of milliseconds of the event loop to build at
  // 200,000 products) are this version's too.
  private alikeEarlier(): EmbeddedIndex | undefined {
    const earlier = this.earlier?.deref();
    if (earlier === undefined) return undefined;
    this.alike ??= this.readsAlike(earlier);
    return this.alike ? earlier : undefined;
  }

  // Whether `other` reads every query as this one does, prices aside: the same arrays and the same
  // lexicon object (`loadLexicon` gives the one it gave before when the words did not change).
  private readsAlike(other: EmbeddedIndex): boolean {
    return (
      searchesAlike(this.packed, other.packed) &&
      (this.options.lexicon ?? DEFAULT_LEXICON) === (other.options.lexicon ?? DEFAULT_LEXICON)
    );
  }

  private product(doc: number): Product {
    return this.products.product(doc);
  }

  async getBySlug(slug: string): Promise<Product | undefined> {
    const doc = this.slugs.find(slug);
    return doc === -1 ? undefined : this.product(doc);
  }

  async categories(): Promise<readonly CategoryCount[]> {
    return CATEGORY_IDS.map((id, c) => ({ id, count: this.orderings.counts[c]! }));
  }

  async featured(limit: number): Promise<readonly Product[]> {
    checkFeaturedLimit(limit);
    const picked: Product[] = [];
    for (let round = 0; picked.length < limit; round++) {
      let any = false;
      for (let c = 0; c < ALL_SCOPE && picked.length < limit; c++) {
        const order = this.orderings.order('newest', c);
        if (round >= order.length) continue;
        any = true;
        picked.push(this.product(order[round]!));
      }
      if (!any) break;
    }
    return picked;
  }

  async health(): Promise<IndexHealth> {
    return { engine: 'embedded', state: 'ready', products: this.size };
  }

  async close(): Promise<void> {
    this.cache.clear();
    this.products.clear();
    await this.options.onClose?.();
  }
}

/**
 * Builds the embedded engine from a catalog, in process: an inverted index for text (one trie as
 * the dictionary for exact, prefix and typo lookups), precomputed per-category orderings for
 * browsing, a result cache, all in typed arrays (see `PackedIndex`). Build time and memory grow linearly; 17,917
 * products take about 0.2 s (see the README).
 *
 * @throws {RangeError} above 16 million products.
 * @example
 * const index = createEmbeddedIndex(generateSampleCatalog());
 * const { hits, total } = await index.search({ q: 'jordan 4', category: 'sneakers' });
 */
export function createEmbeddedIndex(
  products: Iterable<Product>,
  options: EmbeddedIndexOptions = {},
): CatalogIndex {
  const lexicon = compileLexicon(options.lexicon ?? DEFAULT_LEXICON);
  const builder = new PackBuilder({ lexicon });
  const list = [...products];
  for (const product of list) builder.add(product);
  const { index, added } = builder.finish();
  const inOrder = Array.from(added, (position) => list[position]!);
  return new EmbeddedIndex(index, productsInMemory(inOrder), lexicon, options);
}

// The product source of each index `openPackedIndex` opened, for the next version's.
const sources = new WeakMap<CatalogIndex, ProductSource>();

/**
 * Opens the embedded engine on an index built before (`PackBuilder`, or read back from a
 * prepared file with `decodeIndex`), reading products from `bytes`. `options.lexicon` must be the
 * lexicon the index was built with. `onClose` runs when the index is closed (release the file
 * the bytes come from). `earlier`, the version this one follows (opened here too, else ignored),
 * lends the products it keeps whose bytes this one has unchanged, and names the queries it keeps
 * results of (kept here from their first time), without being kept alive.
 *
 * @example const index = openPackedIndex(decodeIndex(meta, region), fileBytes, { lexicon });
 */
export function openPackedIndex(
  packed: PackedIndex,
  bytes: ProductBytes,
  options: EmbeddedIndexOptions & {
    readonly onClose?: () => void | Promise<void>;
    readonly earlier?: CatalogIndex | undefined;
  } = {},
): CatalogIndex {
  // The index keeps its options: without `earlier`, which would keep the version before alive.
  const { earlier, ...kept } = options;
  const lexicon = compileLexicon(kept.lexicon ?? DEFAULT_LEXICON);
  const products = productsFromBytes(packed, bytes, earlier && sources.get(earlier));
  const index = new EmbeddedIndex(packed, products, lexicon, kept);
  if (earlier instanceof EmbeddedIndex) index.follow(earlier);
  sources.set(index, products);
  return index;
}
