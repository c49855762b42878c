import { convertPrice, POPULAR_WINDOW_DAYS, type SortOrder } from '@repo/catalog-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WebHttpError } from '../errors.js';
import { localeOf } from '../i18n/locale.js';
import { type PreferenceQuery, readPreferences } from '../i18n/preferences.js';
import { pageChrome } from '../pages/page-chrome.js';
import type { PageContext } from '../pages/page-context.js';
import type { PageModel } from '../render/page-model.js';

/** The query parameters every page reads besides its own: the visitor's preferences. */
export interface KeptQuery extends PreferenceQuery {
  readonly agent?: string | undefined;
}

/**
 * What the page builders read for one request: the site and catalog of the version it reads, the
 * language and currency (`readPreferences`), and the preferred agent when `?agent=` names one;
 * the URLs keep what the URL chose.
 *
 * @throws {WebHttpError} 400 when `agent` names an agent that is not taking orders (the query
 *   schema already refuses an unknown id): a bad parameter, as `sort` or `currency` would be.
 */
export function pageContext(request: FastifyRequest, query: KeptQuery): PageContext {
  const { site } = request;
  const preferences = readPreferences(query, request.headers['accept-language']);
  const locale = localeOf(preferences.lang);
  const agentId = query.agent || undefined;
  const agent = agentId === undefined ? undefined : site.openAgents.get(agentId);
  if (agentId !== undefined && agent === undefined) {
    throw new WebHttpError(
      400,
      `agent: ${agentId} is not taking orders; choose one of ${[...site.openAgents.keys()].join(', ')}.`,
      {},
      (l) =>
        l.t(l.m.errors.agentClosed, {
          agent: agentId,
          agents: [...site.openAgents.keys()].join(', '),
        }),
    );
  }
  const { given, currency } = preferences;
  const urls =
    agent === undefined && given.lang === undefined && given.currency === undefined
      ? site.urls
      : site.urlsKeeping({ agent: agent?.id, lang: given.lang, currency: given.currency });
  const { rates } = site;
  const clicks = request.server.popularity;
  return {
    site,
    clicks,
    popularity: clicks.current(POPULAR_WINDOW_DAYS),
    catalog: request.catalog.index,
    urls,
    ...(agent === undefined ? {} : { agent }),
    locale,
    currency,
    given,
    prices: (cny) => ({
      price: locale.money(cny, 'CNY'),
      converted:
        currency === 'CNY'
          ? ''
          : locale.t(locale.m.common.approx, {
              amount: locale.money(convertPrice(cny, currency, rates), currency),
            }),
    }),
  };
}

/**
 * Builds a page in the context's language with its header and footer: the site's links keeping
 * the preferences, the language and currency switches, the language alternates, and the footer
 * notes. The canonical URL becomes the language's (`?lang=`; none for English).
 */
export async function buildPage(
  ctx: PageContext,
  build: () => Promise<PageModel>,
): Promise<PageModel> {
  const page = await build();
  return { ...page, ...pageChrome(ctx, page) };
}

/** The part of a page-cache key that the preferences change. */
export function preferenceKey(ctx: PageContext): string {
  const { given } = ctx;
  return `:${ctx.agent?.id ?? ''}:${ctx.locale.lang}${given.lang ? '!' : ''}:${ctx.currency}${given.currency ? '!' : ''}`;
}

/**
 * The part of a page-cache key that the clicks change: a page in the popular order is kept per
 * count of clicks, every other order ignores them.
 */
export function popularityKey(ctx: PageContext, sort: SortOrder | '' | undefined): string {
  return sort === 'popular' ? `:${ctx.popularity.version}` : '';
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
        throw new WebHttpError(
          405,
          'This URL is read-only: use GET or HEAD.',
          { allow: 'GET, HEAD' },
          (l) => l.m.errors.readOnly,
        );
      },
      handler: async () => undefined,
    });
  }
}
