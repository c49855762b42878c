import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WebHttpError } from '../errors.js';
import type { PageContext } from '../pages/page-context.js';
import type { PageModel } from '../render/page-model.js';

/**
 * What the page builders read for one request: the site and catalog of the version it reads, and the
 * URLs and header links of the visitor's preferred agent when `?agent=` names one.
 *
 * @throws {WebHttpError} 400 when `agent` names an agent that is not taking orders (the query
 *   schema already refuses an unknown id): a bad parameter, as `sort` or `currency` would be.
 */
export function pageContext(request: FastifyRequest, agentId?: string): PageContext {
  const { site } = request;
  const catalog = request.catalog.index;
  if (!agentId) return { site, catalog, urls: site.urls };
  const preference = site.preferences.get(agentId);
  if (!preference) {
    throw new WebHttpError(
      400,
      `agent: ${agentId} is not taking orders; choose one of ${[...site.preferences.keys()].join(', ')}.`,
    );
  }
  return {
    site,
    catalog,
    urls: preference.urls,
    agent: preference.agent,
    siteLinks: preference.links,
  };
}

/** Builds a page with the context's header links (a kept preference shows in them too). */
export async function buildPage(
  ctx: PageContext,
  build: () => Promise<PageModel>,
): Promise<PageModel> {
  const page = await build();
  return ctx.siteLinks ? { ...page, siteLinks: ctx.siteLinks } : page;
}

/** The part of a page-cache key that a preference changes. */
export function preferenceKey(ctx: PageContext): string {
  return ctx.agent ? `:agent=${ctx.agent.id}` : '';
}

/** How the URL fixed the representation: `.md` Markdown, `.html` HTML, else negotiated. */
export type UrlFormat = 'html' | 'markdown' | undefined;

/**
 * Splits a path parameter such as `bags.md` into the identifier and the format its suffix asks
 * for (identifiers never contain a dot, so the split is unambiguous).
 *
 * @example splitSuffix('bags.md') // { id: 'bags', format: 'markdown' }
 */
export function splitSuffix(value: string): { id: string; format: UrlFormat } {
  if (value.endsWith('.md')) return { id: value.slice(0, -3), format: 'markdown' };
  if (value.endsWith('.html')) return { id: value.slice(0, -5), format: 'html' };
  return { id: value, format: undefined };
}

/** The format fixed by a fixed path (`/catalog.md`, `/catalog.html`), else undefined. */
export function formatOfPath(url: string): UrlFormat {
  const path = url.split('?')[0] ?? '';
  return path.endsWith('.md') ? 'markdown' : path.endsWith('.html') ? 'html' : undefined;
}

const WRONG_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Answers every other method on these read-only URLs with 405 and `Allow: GET, HEAD` (Fastify
 * would answer 404, which tells a client the page does not exist).
 */
export function readOnly(fastify: FastifyInstance, urls: readonly string[]) {
  for (const url of urls) {
    fastify.route({
      method: [...WRONG_METHODS],
      url,
      // onRequest runs before the body is read: no 413 or 415 can come first.
      onRequest: async () => {
        throw new WebHttpError(405, 'This URL is read-only: use GET or HEAD.', {
          allow: 'GET, HEAD',
        });
      },
      handler: async () => undefined,
    });
  }
}
