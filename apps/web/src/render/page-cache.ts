import { createHash } from 'node:crypto';
import type { SiteChrome } from './page-html.js';
import { renderHtml } from './page-html.js';
import { renderMarkdown } from './page-markdown.js';
import type { PageModel } from './page-model.js';

/** One representation, encoded once, with its strong ETag. */
export interface Rendered {
  readonly body: Buffer;
  readonly etag: string;
  /** Characters / 4: the usual token estimate of `x-markdown-tokens`. */
  readonly tokens: number;
}

function encode(text: string): Rendered {
  const body = Buffer.from(text, 'utf8');
  return {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    tokens: Math.ceil(text.length / 4),
  };
}

/** A page model whose HTML and Markdown are rendered on first use and then kept. */
export class CachedPage {
  #html: Rendered | undefined;
  #markdown: Rendered | undefined;

  constructor(
    readonly model: PageModel,
    private readonly chrome: SiteChrome,
    private readonly onGrow: (bytes: number) => void = () => {},
  ) {}

  /** The HTML document. */
  html(): Rendered {
    if (!this.#html) {
      this.#html = encode(renderHtml(this.model, this.chrome));
      this.onGrow(this.#html.body.length);
    }
    return this.#html;
  }

  /** The Markdown twin. */
  markdown(): Rendered {
    if (!this.#markdown) {
      this.#markdown = encode(renderMarkdown(this.model));
      this.onGrow(this.#markdown.body.length);
    }
    return this.#markdown;
  }
}

/**
 * Rendered pages that depend only on the catalog (products, listings, spreadsheet pages), kept
 * least-recently-used within a byte budget. The catalog does not change while the process runs,
 * so an entry never goes stale; a budget of 0 turns the cache off.
 */
export class PageCache {
  readonly #entries = new Map<string, { page: CachedPage; bytes: number }>();
  #bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly chrome: SiteChrome,
  ) {}

  /** The page for `key`, built with `build` on a miss. */
  async get(key: string, build: () => Promise<PageModel>): Promise<CachedPage> {
    const hit = this.#entries.get(key);
    if (hit) {
      // Re-inserting moves the entry to the end: Map order is the recency order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.page;
    }
    const model = await build();
    if (this.maxBytes <= 0 || (model.status ?? 200) !== 200)
      return new CachedPage(model, this.chrome);
    const entry = { page: undefined as unknown as CachedPage, bytes: 0 };
    entry.page = new CachedPage(model, this.chrome, (bytes) => {
      entry.bytes += bytes;
      this.#bytes += bytes;
      this.#evict();
    });
    this.#entries.set(key, entry);
    return entry.page;
  }

  /** Bytes of rendered pages held. */
  get bytes(): number {
    return this.#bytes;
  }

  #evict() {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) return;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}
