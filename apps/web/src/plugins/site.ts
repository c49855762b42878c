import { createHash } from 'node:crypto';
import {
  type Agent,
  createSiteUrls,
  DEFAULT_AGENTS,
  SERVICE_INFO,
  type SiteUrls,
} from '@repo/catalog-core';
import type { CatalogVersion } from '@repo/catalog-io';
import type { CategoryCount } from '@repo/search';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SITE_CSS } from '../assets/site-css.js';
import type { WebConfig } from '../config.js';
import { PageCache } from '../render/page-cache.js';
import type { SiteChrome } from '../render/page-html.js';
import type { SiteLinks } from '../render/page-model.js';

/** A visitor's preferred agent (`?agent=`), with the URLs and header links that keep it. */
export interface Preference {
  readonly agent: Agent;
  /** The site's URLs keeping `agent` on every page link. */
  readonly urls: SiteUrls;
  readonly links: SiteLinks;
}

/** What the site shares whatever the catalog: its origin, URLs, stylesheet and contact. */
export interface SiteShell {
  readonly baseUrl: string;
  /** Every absolute URL of the site, with nothing kept (see `SiteUrls.keeping`). */
  readonly urls: SiteUrls;
  readonly contactEmail: string;
  /** The header, footer and stylesheet of every page, with no catalog version. */
  readonly chrome: SiteChrome;
  /** `/assets/site.<hash>.css`: the hash changes with the CSS, so it is cached for a year. */
  readonly cssPath: string;
}

/** What every page and document of one catalog version shares, computed once for it. */
export interface Site extends SiteShell {
  readonly agents: readonly Agent[];
  /** Category counts, read from the catalog once and kept. */
  categoryCounts(): Promise<readonly CategoryCount[]>;
  /** Keeps a computed value for the life of the catalog version (pages that depend only on it). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Rendered product, listing and spreadsheet pages, least recently used out first. */
  readonly pages: PageCache;
  /** The preference of each agent taking orders, by id (computed once). */
  readonly preferences: ReadonlyMap<string, Preference>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's parts that no catalog version changes. */
    site: SiteShell;
  }
  interface FastifyRequest {
    /** The site of the catalog version this request reads (`request.catalog`). */
    site: Site;
  }
}

/** Options of the site plugin. */
export interface SitePluginOptions {
  readonly config: Readonly<WebConfig>;
}

async function sitePlugin(fastify: FastifyInstance, opts: SitePluginOptions) {
  const base = opts.config.baseUrl;
  const urls = createSiteUrls({ baseUrl: base });
  const cssPath = `/assets/site.${createHash('sha256').update(SITE_CSS).digest('hex').slice(0, 12)}.css`;
  const shell: SiteShell = {
    baseUrl: base,
    urls,
    contactEmail: opts.config.contactEmail,
    cssPath,
    chrome: {
      baseUrl: base,
      siteName: SERVICE_INFO.title,
      cssHref: cssPath,
      // A linked stylesheet with its integrity rather than the CSS inlined in every page: inlining
      // made each page 4.8 KB larger (1.5 KB gzipped, +30-50%) and a product page slower to
      // serve, for a file a browser fetches once a year (its URL changes with its bytes).
      cssIntegrity: `sha384-${createHash('sha384').update(SITE_CSS).digest('base64')}`,
      iconHref: '/assets/icon.svg',
      ...chromeLinks(urls, DEFAULT_AGENTS[0]?.id ?? 'agent_a', opts.config.contactEmail),
      footerNote:
        'Agent links on this site are affiliate links: we may earn a commission at no extra cost to you. ' +
        'Prices in USD and EUR are indicative conversions of the CNY price.',
    },
  };
  // One site per catalog version, made by its first request and dropped with the version: its
  // memos and rendered pages never outlive the catalog they were made from.
  const sites = new WeakMap<CatalogVersion, Site>();
  const siteOf = (catalog: CatalogVersion): Site => {
    let site = sites.get(catalog);
    if (site === undefined) {
      site = versionSite(shell, catalog, opts.config);
      sites.set(catalog, site);
    }
    return site;
  };
  fastify.decorate('site', shell);
  fastify.decorateRequest('site', null as unknown as Site);
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.site = siteOf(request.catalog);
    done();
  });
}

function versionSite(shell: SiteShell, catalog: CatalogVersion, config: Readonly<WebConfig>): Site {
  const { agents } = catalog;
  const memos = new Map<string, Promise<unknown>>();
  const memo = <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    let value = memos.get(key) as Promise<T> | undefined;
    if (!value) {
      value = compute();
      memos.set(key, value);
      // A failed computation (search engine down) is retried by the next request.
      value.catch(() => memos.delete(key));
    }
    return value;
  };
  const firstAgent = agents[0]?.id ?? 'agent_a';
  const chrome: SiteChrome = {
    ...shell.chrome,
    ...chromeLinks(shell.urls, firstAgent, config.contactEmail),
    version: catalog.version,
  };
  return {
    ...shell,
    chrome,
    agents,
    pages: new PageCache(config.pageCacheMb * 1024 * 1024, chrome),
    categoryCounts: () => memo('category-counts', () => catalog.index.categories()),
    memo,
    preferences: new Map(
      agents
        .filter((agent) => agent.status !== 'closed')
        .map((agent) => {
          const kept = shell.urls.keeping({ agent: agent.id });
          return [
            agent.id,
            { agent, urls: kept, links: linksFor(kept, firstAgent, config.contactEmail) },
          ];
        }),
    ),
  };
}

function chromeLinks(u: SiteUrls, firstAgent: string, contactEmail: string) {
  const { nav, footer } = linksFor(u, firstAgent, contactEmail);
  return { nav, footer };
}

// The header and footer: page links keep a preference, documents and mail never do.
function linksFor(u: SiteUrls, firstAgent: string, contactEmail: string): SiteLinks {
  return {
    home: u.home(),
    nav: [
      { href: u.catalog(), text: 'Catalog' },
      { href: u.spreadsheet(firstAgent), text: 'Spreadsheets' },
      { href: u.shipping(), text: 'Shipping' },
      { href: u.apiDocs(), text: 'API' },
    ],
    footer: [
      { href: u.apiDocs(), text: 'API and MCP docs' },
      { href: u.document('llmsTxt'), text: 'llms.txt' },
      { href: u.document('openapi'), text: 'OpenAPI' },
      { href: u.document('sitemap'), text: 'Sitemap' },
      { href: `mailto:${contactEmail}`, text: contactEmail },
    ],
  };
}

/**
 * Decorates the instance with the {@link SiteShell} and each request with the {@link Site} of its
 * catalog version; needs the `catalog` decorator.
 */
export default fp(sitePlugin, { name: 'web-site', decorators: { fastify: ['catalog'] } });
