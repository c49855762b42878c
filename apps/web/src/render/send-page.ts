import { SERVICE_INFO } from '@repo/catalog-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Site } from '../plugins/site.js';
import { negotiate } from './negotiate.js';
import { CachedPage } from './page-cache.js';
import type { PageModel } from './page-model.js';

/** How long browsers and caches may reuse a page; ETags make revalidation cheap after that. */
export const PAGE_MAX_AGE_S = 300;

/**
 * Sends a page as HTML or Markdown: `format` when the URL fixed it (`.md`, `.html`), else what
 * the `Accept` header prefers. Both carry `Vary: Accept`, a canonical or alternate `Link` and
 * the content signal; Markdown adds an `x-markdown-tokens` estimate (characters / 4).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageModel | CachedPage,
  site: Site,
  format?: 'html' | 'markdown',
) {
  const cached = page instanceof CachedPage ? page : new CachedPage(page, site.chrome);
  const model = cached.model;
  const rep = format ?? negotiate(request.headers.accept);
  const status = model.status ?? 200;
  reply
    .code(status)
    .header('vary', 'Accept')
    .header('content-signal', SERVICE_INFO.contentSignal)
    .header('cache-control', status >= 400 ? 'no-cache' : `public, max-age=${PAGE_MAX_AGE_S}`);
  if (model.noindex) reply.header('x-robots-tag', 'noindex');
  if (rep === 'markdown') {
    const { body, etag, tokens } = cached.markdown();
    return reply
      .type('text/markdown; charset=utf-8')
      .header('etag', etag)
      .header('link', `<${model.url}>; rel="canonical"; type="text/html"`)
      .header('x-markdown-tokens', String(tokens))
      .send(body);
  }
  const { body, etag } = cached.html();
  const links = [`<${model.mdUrl}>; rel="alternate"; type="text/markdown"`];
  const existing = reply.getHeader('link');
  if (typeof existing === 'string') links.unshift(existing);
  return reply
    .type('text/html; charset=utf-8')
    .header('etag', etag)
    .header('link', links.join(', '))
    .send(body);
}
