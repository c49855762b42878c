import type { WarmRequest } from '@repo/fastify-kit';
import type { CatalogIndex } from '@repo/search';
import { LRUCache } from 'lru-cache';
import { CachedPage, type EarlierPage } from './cached-page.js';
import type { CatalogReads } from './catalog-reads.js';
import type { SiteChrome } from './page-html.js';
import type { PageModel } from './page-model.js';
import { sameData } from './same-data.js';

/** A page model with what building it read of its catalog (see {@link CatalogReads}). */
export interface BuiltPage {
  readonly model: PageModel;
  readonly reads: CatalogReads;
}

/** A kept page and its key. */
export interface KeptPage {
  readonly key: string;
  readonly page: CachedPage;
}

/**
 * Rendered pages that depend only on the catalog (products, listings, spreadsheet pages), kept
 * least-recently-used within a byte budget. Each catalog version has its own cache, dropped with
 * it, so an entry never goes stale; a budget of 0 turns the cache off.
 */
export class PageCache {
  // A page is kept from the moment its model is built (size 1 until it renders, so a concurrent
  // request for it finds it) and weighs the bytes of its renderings.
  readonly #entries: LRUCache<string, CachedPage> | undefined;
  // Weakly: a version's cache must not keep the one before it, nor that one the one before.
  #earlier: WeakRef<PageCache> | undefined;
  #sameChrome = false;
  #adoptable = false;

  constructor(
    maxBytes: number,
    private readonly chrome: SiteChrome,
  ) {
    this.#entries = maxBytes > 0 ? new LRUCache({ maxSize: maxBytes }) : undefined;
  }

  /**
   * Names the cache of the version this one replaces: a page rendered here that comes out the
   * same as the one kept there takes its bytes (see {@link CachedPage}). `sameSite`: whether both
   * versions' sites give a page builder the same agents and rates, which with the same chrome
   * lets this cache take over the pages kept there outright ({@link PageCache.adopt}).
   */
  follow(earlier: PageCache, sameSite = false): void {
    this.#earlier = new WeakRef(earlier);
    this.#sameChrome = sameData(
      { ...earlier.chrome, version: undefined },
      { ...this.chrome, version: undefined },
    );
    this.#adoptable = this.#sameChrome && sameSite;
  }

  /** The page kept for `key` in the version this one replaces, while that version lives. */
  #earlierPage(key: string): EarlierPage | undefined {
    const page = this.#earlier?.deref()?.peek(key);
    return page && { page, sameChrome: this.#sameChrome };
  }

  /** The page kept for `key`, if any: a lookup without a promise, for the common case. */
  peek(key: string): CachedPage | undefined {
    return this.#entries?.get(key);
  }

  /**
   * The page for `key`, built with `build` on a miss; `replay` is the request that asked. A
   * build that says what it read of its catalog makes a page the next version can take over.
   */
  async get(
    key: string,
    build: () => Promise<PageModel | BuiltPage>,
    replay?: WarmRequest,
  ): Promise<CachedPage> {
    const hit = this.peek(key);
    if (hit) return hit;
    const built = await build();
    const [model, reads] = 'reads' in built ? [built.model, built.reads] : [built, undefined];
    if (!this.#entries || (model.status ?? 200) !== 200) return new CachedPage(model, this.chrome);
    return this.#keep(key, model, replay, reads);
  }

  /**
   * Keeps under `key` the page `earlier` (the same key's page in the version this one follows)
   * without building it, when building it here would give the same model: both sites give a
   * builder the same chrome, agents and rates (see `follow`), and each read of the catalog that
   * built it gets the same answer from `before` (that version's catalog) and `after` (this
   * one's). After an edit of a few products, most kept product pages are taken over this way:
   * two lookups and a search taken over each, where building one again took a request through the
   * app, its model and the comparison of both models. Its renderings are taken from `earlier`
   * on first use. Whether the page is kept here now.
   */
  async adopt(
    key: string,
    earlier: CachedPage,
    before: CatalogIndex,
    after: CatalogIndex,
  ): Promise<boolean> {
    if (this.peek(key)) return true;
    const { reads } = earlier;
    // A remote engine's reads cost a round trip each, more than building the page again.
    if (!this.#entries || !this.#adoptable || reads === undefined || after.engine !== 'embedded') {
      return false;
    }
    if (!(await reads.readAlike(before, after))) return false;
    // Kept meanwhile by a request of its own.
    if (!this.peek(key)) this.#keep(key, earlier.model, earlier.replay, reads);
    return true;
  }

  #keep(
    key: string,
    model: PageModel,
    replay: WarmRequest | undefined,
    reads: CatalogReads | undefined,
  ): CachedPage {
    const entries = this.#entries!;
    let bytes = 0;
    const page = new CachedPage(
      model,
      this.chrome,
      (grown) => {
        bytes += grown;
        // The same value set again keeps its old size, so the entry is set anew; a page evicted
        // meanwhile stays out.
        if (entries.peek(key) !== page) return;
        entries.delete(key);
        entries.set(key, page, { size: bytes });
      },
      replay,
      () => this.#earlierPage(key),
      reads,
    );
    entries.set(key, page, { size: 1 });
    return page;
  }

  /**
   * The most recently used pages, the latest first: as many as bring back at most `limit`
   * requests (see `CachedPage.replays`), weighing at most `maxBytes` together.
   */
  recent(limit: number, maxBytes: number): KeptPage[] {
    const pages: KeptPage[] = [];
    const entries = this.#entries;
    if (!entries) return pages;
    let bytes = 0;
    let requests = 0;
    // Read in one go: the requests the version still serves reorder the entries.
    for (const [key, page] of entries.entries()) {
      bytes += entries.info(key)?.size ?? 0;
      if (requests >= limit || bytes > maxBytes) break;
      requests += page.replays().length;
      pages.push({ key, page });
    }
    return pages;
  }

  /** The byte budget it was made with. */
  get maxBytes(): number {
    return this.#entries?.maxSize ?? 0;
  }

  /** Bytes of rendered pages held. */
  get bytes(): number {
    return this.#entries?.calculatedSize ?? 0;
  }
}
