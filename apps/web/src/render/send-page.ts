import { SERVICE_INFO } from '@repo/catalog-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Site } from '../plugins/site.js';
import { negotiate } from './negotiate.js';
import { renderHtml } from './page-html.js';
import { renderMarkdown } from './page-markdown.js';
import type { PageModel } from './page-model.js';

/** How long browsers and caches may reuse a page; ETags make revalidation cheap after that. */
export const PAGE_MAX_AGE_S = 300;

/** Both renderings of a page, made once and kept when the page depends only on the catalog. */
export interface RenderedPage {
  readonly model: PageModel;
  readonly html: string;
  readonly markdown: string;
}

/** Renders a page model both ways. */
export function renderPage(model: PageModel, site: Site): RenderedPage {
  return { model, html: renderHtml(model, site.chrome), markdown: renderMarkdown(model) };
}

/**
 * Sends a page as HTML or Markdown: `format` when the URL fixed it (`.md`, `.html`), else what
 * the `Accept` header prefers. Both carry `Vary: Accept`, a canonical or alternate `Link` and
 * the content signal; Markdown adds an `x-markdown-tokens` estimate (characters / 4).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageModel | RenderedPage,
  site: Site,
  format?: 'html' | 'markdown',
) {
  const model = 'model' in page ? page.model : page;
  const rep = format ?? negotiate(request.headers.accept);
  reply
    .code(model.status ?? 200)
    .header('vary', 'Accept')
    .header('content-signal', SERVICE_INFO.contentSignal)
    .header(
      'cache-control',
      model.status && model.status >= 400 ? 'no-cache' : `public, max-age=${PAGE_MAX_AGE_S}`,
    );
  if (model.noindex) reply.header('x-robots-tag', 'noindex');
  if (rep === 'markdown') {
    const body = 'model' in page ? page.markdown : renderMarkdown(model);
    return reply
      .type('text/markdown; charset=utf-8')
      .header('link', `<${model.url}>; rel="canonical"; type="text/html"`)
      .header('x-markdown-tokens', String(Math.ceil(body.length / 4)))
      .send(body);
  }
  const body = 'model' in page ? page.html : renderHtml(model, site.chrome);
  const links = [`<${model.mdUrl}>; rel="alternate"; type="text/markdown"`];
  const existing = reply.getHeader('link');
  if (typeof existing === 'string') links.unshift(existing);
  return reply.type('text/html; charset=utf-8').header('link', links.join(', ')).send(body);
}
