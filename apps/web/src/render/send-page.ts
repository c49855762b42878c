import { SERVICE_INFO } from '@repo/catalog-core';
import type { WarmRequest } from '@repo/fastify-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Site, SiteShell } from '../plugins/site.js';
import { CachedPage, codeRendered, type Rendered } from './cached-page.js';
import { MIN_CODED_BYTES, preferredCoding } from './content-coding.js';
import { negotiate } from './negotiate.js';
import type { BuiltPage } from './page-cache.js';
import type { PageModel } from './page-model.js';

/** How long browsers and caches may reuse a page; ETags make revalidation cheap after that. */
export const PAGE_MAX_AGE_S = 300;
const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_MAX_AGE_S}`;

/**
 * The options of a route whose every answer goes through {@link sendPage} (kept pages, and the
 * error pages of their 404s and 400s): `@fastify/compress` adds no hooks to it, since
 * `sendPage` codes those answers itself. Its two hooks read headers and parsed the content type
 * on every answer to do nothing: 2% of a kept page's CPU time.
 */
export const PAGE_ROUTE = { compress: false } as const;

/**
 * Sends the page kept under `key` in the site's page cache, built with `build` on a miss. A kept
 * page is sent at once and nothing is returned, so a route handler that returns this costs no
 * promise on a hit (Fastify awaits what a handler returns only when it is a promise).
 */
export function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  site: Site,
  key: string,
  build: () => Promise<PageModel | BuiltPage>,
  format?: 'html' | 'markdown',
): Promise<FastifyReply> | undefined {
  const kept = site.pages.peek(key);
  if (kept) {
    sendPage(request, reply, kept, site, format);
    return undefined;
  }
  return site.pages
    .get(key, build, replayOf(request))
    .then((page) => sendPage(request, reply, page, site, format));
}

// What chooses a kept page's representation and coding: a warm-up asks again with these.
const REPLAYED_HEADERS = ['accept', 'accept-language', 'accept-encoding'] as const;

/** The request that made a page kept, as a warm-up sends it again (see `warmPages`). */
function replayOf(request: FastifyRequest): WarmRequest {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { url: request.url, headers };
}

/**
 * Sends a page as HTML or Markdown: `format` when the URL fixed it (`.md`, `.html`), else what
 * the `Accept` header prefers. Both carry `Content-Language`, `Vary: Accept, Accept-Language`, a
 * canonical or alternate `Link` and
 * the content signal; Markdown adds an `x-markdown-tokens` estimate (characters / 4). A kept page
 * (a `CachedPage`) goes in the coding `Accept-Encoding` prefers from bytes compressed once; any
 * other answer is left to `@fastify/compress`, or compressed here on a route that turned it off
 * ({@link PAGE_ROUTE}).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageModel | CachedPage,
  site: SiteShell,
  format?: 'html' | 'markdown',
) {
  const cached = page instanceof CachedPage ? page : new CachedPage(page, site.chrome);
  // Only a kept page is worth keeping in a content coding.
  const kept = cached === page ? cached : undefined;
  const model = cached.model;
  const rep = format ?? negotiate(request.headers.accept);
  const status = model.status ?? 200;
  reply
    .code(status)
    // The language may come from Accept-Language, and the currency from its region.
    .header('vary', 'Accept, Accept-Language')
    .header('content-language', model.lang ?? 'en')
    .header('content-signal', SERVICE_INFO.contentSignal);
  // An error that set its own (`no-store` under /go/) keeps it.
  if (status < 400 || !reply.hasHeader('cache-control')) {
    reply.header('cache-control', status >= 400 ? 'no-cache' : PAGE_CACHE_CONTROL);
  }
  if (model.noindex) reply.header('x-robots-tag', 'noindex');
  if (rep === 'markdown') {
    const rendered = cached.markdown();
    reply
      .type('text/markdown; charset=utf-8')
      .header('link', cached.links.markdown)
      .header('x-markdown-tokens', String(rendered.tokens));
    return sendRendered(request, reply, kept, rendered);
  }
  // A route may have set links of its own (a listing's next page).
  const existing = reply.getHeader('link');
  const link =
    typeof existing === 'string' ? `${existing}, ${cached.links.html}` : cached.links.html;
  reply.type('text/html; charset=utf-8').header('link', link);
  return sendRendered(request, reply, kept, cached.html());
}

// The body and its ETag, in the content coding the client takes: kept pages from bytes coded
// once, other pages here only where `@fastify/compress` does not run (it decorates the reply of
// each route it serves with `compress`).
function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: CachedPage | undefined,
  rendered: Rendered,
) {
  const coding =
    rendered.body.length >= MIN_CODED_BYTES && request.headers['x-no-compression'] === undefined
      ? preferredCoding(request.headers['accept-encoding'])
      : undefined;
  // A warm-up is answered as a client is: a branch of its own (an empty 204) made V8 throw away
  // the reply path's optimised code at each reload, while clients were answered.
  if (coding === undefined || (kept === undefined && typeof reply.compress === 'function')) {
    return reply.header('etag', rendered.etag).send(rendered.body);
  }
  const coded = kept ? kept.coded(rendered, coding) : codeRendered(rendered, coding);
  return reply
    .header('vary', 'Accept, Accept-Language, Accept-Encoding')
    .header('content-encoding', coding)
    .header('etag', coded.etag)
    .send(coded.body);
}
