import type { FastifyInstance } from 'fastify';
import { WebHttpError } from '../errors.js';
import type { PageContext } from '../pages/page-context.js';

/** What the page builders read of this server: its site, its catalog and the site's URLs. */
export function pageContext(fastify: FastifyInstance): PageContext {
  return { site: fastify.site, catalog: fastify.catalog, urls: fastify.site.urls };
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
