import { createHash } from 'node:crypto';
import type { WarmRequest } from '@repo/fastify-kit';
import type { CatalogReads } from './catalog-reads.js';
import { type ContentCoding, encodeBody, preferredCoding } from './content-coding.js';
import type { SiteChrome } from './page-html.js';
import { renderHtml } from './page-html.js';
import { renderMarkdown } from './page-markdown.js';
import type { PageModel } from './page-model.js';
import { sameData } from './same-data.js';

/** A representation in a content coding, with its own strong ETag. */
export interface Coded {
  readonly body: Buffer;
  readonly etag: string;
}

/** One representation, encoded once, with its strong ETag. */
export interface Rendered {
  readonly body: Buffer;
  readonly etag: string;
  /** Characters / 4: the usual token estimate of `x-markdown-tokens`. */
  readonly tokens: number;
  /** Of the body: names its compressed forms, which a page of the next version may share. */
  readonly hash: string;
}

// The catalog version leads the ETag: a page saved before a reload never matches after it.
function tagged(body: Buffer, hash: string, tokens: number, version: string | undefined): Rendered {
  return { body, etag: version === undefined ? `"${hash}"` : `"${version}-${hash}"`, tokens, hash };
}

// `before`: the same page's rendering in the version this one replaces, whose bytes are taken
// when they are the same (one copy held while both versions are, not two).
function encode(text: string, version: string | undefined, before?: Rendered): Rendered {
  const fresh = Buffer.from(text, 'utf8');
  const same = before?.body.equals(fresh) ? before : undefined;
  const body = same?.body ?? fresh;
  const hash = same?.hash ?? createHash('sha1').update(body).digest('base64url');
  return tagged(body, hash, Math.ceil(text.length / 4), version);
}

/** The same page in the version a page's version replaces, while that version lives. */
export interface EarlierPage {
  readonly page: CachedPage;
  /** Whether both versions' pages have the same chrome, their catalog versions apart. */
  readonly sameChrome: boolean;
}

/**
 * `rendered` in `coding`, with its own strong ETag: the plain one with the coding appended, since a
 * strong validator names one representation (RFC 9110 section 8.8.3).
 */
export function codeRendered(rendered: Rendered, coding: ContentCoding): Coded {
  return {
    body: encodeBody(rendered.body, coding),
    etag: `${rendered.etag.slice(0, -1)}-${coding}"`,
  };
}

/**
 * A page model whose HTML and Markdown are rendered on first use and then kept. A page of a new
 * catalog version that renders the same bytes as the version it replaces takes that version's
 * bytes and their compressed forms: after an edit of a few products most pages come out the
 * same, and the warm-up before the swap then neither holds them twice nor compresses them again.
 * One whose model and chrome are the same is not even rendered: that was a third of a warm-up's
 * time per product page at 200,000 products.
 */
export class CachedPage {
  #html: Rendered | undefined;
  #markdown: Rendered | undefined;
  #links: { readonly html: string; readonly markdown: string } | undefined;
  readonly #coded = new Map<string, Coded>();
  // The codings it was sent in, which a warm-up of the next version asks for too.
  readonly #codings = new Set<ContentCoding>();
  // The earlier page, once its model and chrome are found the same as this one's; weakly, as a
  // page must not keep the version before its own.
  #same: WeakRef<CachedPage> | null | undefined;

  #model: PageModel;

  constructor(
    model: PageModel,
    private readonly chrome: SiteChrome,
    private readonly onGrow: (bytes: number) => void = () => {},
    /** The request that made it kept, which a warm-up of the next version sends again. */
    readonly replay?: WarmRequest,
    /** The same page in the version this one replaces, while that version lives. */
    private readonly earlier: () => EarlierPage | undefined = () => undefined,
    /** What building it read of its catalog, when its builder tells (see `PageCache.adopt`). */
    readonly reads?: CatalogReads,
  ) {
    this.#model = model;
  }

  /** What the page is made of: the earlier page's, once found the same (see `#sameEarlier`). */
  get model(): PageModel {
    return this.#model;
  }

  /**
   * The earlier page when it was made of the same model and chrome: rendering is a function of
   * those two, so its renderings are this page's too, and a warm-up after an edit of a few
   * products renders only the pages the edit changed. Compared once, on first use.
   */
  #sameEarlier(): CachedPage | undefined {
    if (this.#same === undefined) {
      const earlier = this.earlier();
      const same = earlier?.sameChrome && sameData(earlier.page.model, this.#model);
      this.#same = same ? new WeakRef(earlier.page) : null;
      // The earlier page's model in place of this one's: the one built for this page dies young,
      // where keeping it would copy it through the young generation into the old one, and a
      // warm-up keeping hundreds of them made each young collection of a loaded server take
      // three to five times as long.
      if (same) this.#model = earlier.page.model;
    }
    return this.#same?.deref();
  }

  /**
   * A rendering of this page: the earlier page's (`of` it) when both were made of the same model
   * and chrome, else `render()`, which takes the earlier page's bytes when they come out the same.
   */
  #render(of: (page: CachedPage) => Rendered | undefined, render: () => string): Rendered {
    const same = this.#sameEarlier();
    const earlier = same ?? this.earlier()?.page;
    const before = earlier === undefined ? undefined : of(earlier);
    const rendered =
      same && before
        ? tagged(before.body, before.hash, before.tokens, this.chrome.version)
        : encode(render(), this.chrome.version, before);
    this.onGrow(rendered.body.length);
    return rendered;
  }

  /** The HTML document. */
  html(): Rendered {
    this.#html ??= this.#render(
      (page) => page.#html,
      () => renderHtml(this.model, this.chrome),
    );
    return this.#html;
  }

  /** The `Link` header of each representation: the other one, canonical or alternate. */
  get links(): { readonly html: string; readonly markdown: string } {
    this.#links ??= {
      html: `<${this.model.mdUrl}>; rel="alternate"; type="text/markdown"`,
      markdown: `<${this.model.url}>; rel="canonical"; type="text/html"`,
    };
    return this.#links;
  }

  /**
   * `rendered` (this page's HTML or Markdown) in `coding`, compressed on first use and then
   * kept, so a browser's page view costs no compression ({@link codeRendered}).
   */
  coded(rendered: Rendered, coding: ContentCoding): Coded {
    const key = `${rendered.hash}${coding}`;
    let coded = this.#coded.get(key);
    if (coded === undefined) {
      const earlier = this.earlier()?.page;
      // Only bytes taken from the earlier page are known to be the same as its own.
      const before =
        earlier !== undefined &&
        (earlier.#html?.body === rendered.body || earlier.#markdown?.body === rendered.body)
          ? earlier.#coded.get(key)
          : undefined;
      coded = before
        ? { body: before.body, etag: `${rendered.etag.slice(0, -1)}-${coding}"` }
        : codeRendered(rendered, coding);
      this.#coded.set(key, coded);
      this.#codings.add(coding);
      this.onGrow(coded.body.length);
    }
    return coded;
  }

  /**
   * What a warm-up of the next version sends again: the request that made it kept, then the same
   * in each other coding it was sent in. A page first asked by a client that takes no compression
   * (a crawler, an agent) and then by browsers is compressed before the swap, not on the first
   * browser's request after it.
   */
  replays(): WarmRequest[] {
    const replay = this.replay;
    if (replay === undefined) return [];
    const asked = preferredCoding(replay.headers['accept-encoding']);
    const others = [...this.#codings].filter((coding) => coding !== asked);
    return [
      replay,
      ...others.map((coding) => ({
        url: replay.url,
        headers: { ...replay.headers, 'accept-encoding': coding },
      })),
    ];
  }

  /** The Markdown twin. */
  markdown(): Rendered {
    this.#markdown ??= this.#render(
      (page) => page.#markdown,
      () => renderMarkdown(this.model),
    );
    return this.#markdown;
  }
}
