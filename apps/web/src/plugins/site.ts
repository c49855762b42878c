import { createHash } from 'node:crypto';
import {
  type Agent,
  type CurrencyRates,
  createSiteUrls,
  DEFAULT_AGENTS,
  SERVICE_INFO,
  type SiteUrls,
} from '@repo/catalog-core';
import type { CatalogVersion } from '@repo/catalog-io';
import type { CategoryCount } from '@repo/search';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { SITE_CSS } from '../assets/site-css.js';
import { SUGGEST_SCRIPT } from '../assets/suggest-script.js';
import type { WebConfig } from '../config.js';
import type { Language } from '../i18n/languages.js';
import { MESSAGES } from '../i18n/messages.js';
import { PageCache } from '../render/page-cache.js';
import type { SiteChrome } from '../render/page-html.js';
import type { SiteLinks } from '../render/page-model.js';
import { sameData } from '../render/same-data.js';
import { warmPages } from '../render/warm-pages.js';

/** The parameters a visitor's links keep, each checked before (an agent taking orders, …). */
export interface KeptParameters {
  readonly agent?: string | undefined;
  readonly lang?: string | undefined;
  readonly currency?: string | undefined;
}

/** What the site shares whatever the catalog: its origin, URLs, stylesheet and contact. */
export interface SiteShell {
  readonly baseUrl: string;
  /** Every absolute URL of the site, with nothing kept (see `SiteUrls.keeping`). */
  readonly urls: SiteUrls;
  readonly contactEmail: string;
  /** The stylesheet, icon and English links of every page, with no catalog version. */
  readonly chrome: SiteChrome;
  /** `/assets/site.<hash>.css`: the hash changes with the CSS, so it is cached for a year. */
  readonly cssPath: string;
  /** `/assets/suggest.<hash>.js`, the search suggestions: cached for a year like the CSS. */
  readonly scriptPath: string;
}

/** What every page and document of one catalog version shares, computed once for it. */
export interface Site extends SiteShell {
  readonly agents: readonly Agent[];
  /** Category counts, read from the catalog once and kept. */
  categoryCounts(): Promise<readonly CategoryCount[]>;
  /** Keeps a computed value for the life of the catalog version (pages that depend only on it). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Keeps a value that depends only on the agents and the rates (a product page's shipping
   * estimates), the least recently used out first. A version whose agents and rates are those of
   * the version it follows shares them (see `follow`).
   */
  byAgents<T extends object>(key: string, compute: () => T): T;
  /**
   * Takes from the site of the version this one replaces what both may share: its rendered pages
   * (see `PageCache.follow`) and, with the same agents and rates, its values `byAgents`. A reload
   * of the catalog alone then works out no shipping estimate again: before, a warm-up of a large
   * catalog made each one anew, and the young collections of a loaded server copied them all.
   */
  follow(earlier: Site): void;
  /** Rendered product, listing and spreadsheet pages, least recently used out first. */
  readonly pages: PageCache;
  /** The agents taking orders, by id: those a visitor may prefer. */
  readonly openAgents: ReadonlyMap<string, Agent>;
  /** The rates prices are converted at. */
  readonly rates: CurrencyRates;
  /**
   * The site's URLs keeping these parameters on every page link, made once per combination (the
   * values are checked before, so there are few).
   */
  urlsKeeping(kept: KeptParameters): SiteUrls;
  /** The header and footer links made with `urls`, in a language (made once per pair). */
  links(urls: SiteUrls, lang: Language): SiteLinks;
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
  const scriptPath = `/assets/suggest.${createHash('sha256').update(SUGGEST_SCRIPT).digest('hex').slice(0, 12)}.js`;
  const shell: SiteShell = {
    baseUrl: base,
    urls,
    contactEmail: opts.config.contactEmail,
    cssPath,
    scriptPath,
    chrome: {
      baseUrl: base,
      siteName: SERVICE_INFO.title,
      cssHref: cssPath,
      // A linked stylesheet with its integrity rather than the CSS inlined in every page: inlining
      // made each page 4.8 KB larger (1.5 KB gzipped, +30-50%) and a product page slower to
      // serve, for a file a browser fetches once a year (its URL changes with its bytes).
      cssIntegrity: `sha384-${createHash('sha384').update(SITE_CSS).digest('base64')}`,
      iconHref: '/assets/icon.svg',
      // Deferred, and only an enhancement: a page works the same before it runs or without it.
      script: {
        href: scriptPath,
        integrity: `sha384-${createHash('sha384').update(SUGGEST_SCRIPT).digest('base64')}`,
      },
      links: linksFor(urls, DEFAULT_AGENTS[0]?.id ?? 'agent_a', opts.config.contactEmail, 'en'),
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
  // Before a reload's swap, the pages this version keeps are taken over or built in the next one.
  const stopWarming = fastify.catalog.onWarm((next, previous, signal, pause) => {
    const earlier = sites.get(previous);
    const site = siteOf(next);
    if (earlier) site.follow(earlier);
    const step = { previous, next, pages: earlier?.pages, nextPages: site.pages };
    return warmPages(fastify, step, signal, pause);
  });
  fastify.addHook('onClose', async () => stopWarming());
  fastify.decorate('site', shell);
  fastify.decorateRequest('site', null as unknown as Site);
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.site = siteOf(request.catalog);
    done();
  });
}

// The values each site keeps `byAgents`: shipping estimates, by parcel weight, language and
// currency (a few thousand weights in a large catalog, a few kilobytes each).
const BY_AGENTS_SIZE = 2_048;
const byAgentsOf = new WeakMap<Site, ByAgents>();
// The value of a key it lacks is its caller's to work out: `memo` passes the caller's `compute`.
type ByAgents = LRUCache<string, object, () => object>;
const newByAgents = (): ByAgents =>
  new LRUCache({ max: BY_AGENTS_SIZE, memoMethod: (_key, _stale, { context }) => context() });

function versionSite(shell: SiteShell, catalog: CatalogVersion, config: Readonly<WebConfig>): Site {
  const { agents, rates } = catalog;
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
    links: linksFor(shell.urls, firstAgent, config.contactEmail, 'en'),
    version: catalog.version,
  };
  const kept = new Map<string, SiteUrls>();
  const links = new WeakMap<SiteUrls, Map<Language, SiteLinks>>();
  let byAgents = newByAgents();
  const pages = new PageCache(config.pageCacheMb * 1024 * 1024, chrome);
  const site: Site = {
    ...shell,
    chrome,
    agents,
    rates,
    pages,
    categoryCounts: () => memo('category-counts', () => catalog.index.categories()),
    memo,
    byAgents: <T extends object>(key: string, compute: () => T): T =>
      byAgents.memo(key, { context: compute }) as T,
    follow(earlier) {
      const sameSite = sameData(earlier.agents, agents) && sameData(earlier.rates, rates);
      pages.follow(earlier.pages, sameSite);
      const theirs = byAgentsOf.get(earlier);
      if (theirs && sameSite) {
        byAgents = theirs;
        byAgentsOf.set(site, theirs);
      }
    },
    openAgents: new Map(agents.filter((a) => a.status !== 'closed').map((a) => [a.id, a])),
    urlsKeeping(params) {
      const key = `${params.agent ?? ''}|${params.lang ?? ''}|${params.currency ?? ''}`;
      let urls = kept.get(key);
      if (urls === undefined) {
        urls = shell.urls.keeping({ ...params });
        kept.set(key, urls);
      }
      return urls;
    },
    links(urls, lang) {
      let byLang = links.get(urls);
      if (byLang === undefined) {
        byLang = new Map();
        links.set(urls, byLang);
      }
      let made = byLang.get(lang);
      if (made === undefined) {
        made = linksFor(urls, firstAgent, config.contactEmail, lang);
        byLang.set(lang, made);
      }
      return made;
    },
  };
  byAgentsOf.set(site, byAgents);
  return site;
}

// The header and footer: page links keep a preference, documents and mail never do.
function linksFor(
  u: SiteUrls,
  firstAgent: string,
  contactEmail: string,
  lang: Language,
): SiteLinks {
  const m = MESSAGES[lang];
  return {
    home: u.home(),
    nav: [
      { href: u.catalog(), text: m.nav.catalog },
      { href: u.spreadsheet(firstAgent), text: m.nav.spreadsheets },
      { href: u.shipping(), text: m.nav.shipping },
      { href: u.apiDocs(), text: m.nav.api },
    ],
    footer: [
      { href: u.apiDocs(), text: m.footer.apiDocs },
      { href: u.document('llmsTxt'), text: 'llms.txt' },
      { href: u.document('openapi'), text: 'OpenAPI' },
      { href: u.document('sitemap'), text: m.footer.sitemap },
      { href: `mailto:${contactEmail}`, text: contactEmail },
    ],
  };
}

/**
 * Decorates the instance with the {@link SiteShell} and each request with the {@link Site} of its
 * catalog version; needs the `catalog` decorator.
 */
export default fp(sitePlugin, { name: 'web-site', decorators: { fastify: ['catalog'] } });
