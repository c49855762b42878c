import type { CategoryId } from './categories.js';

// The public URL scheme, in one place: pages, their Markdown twins, documents and tool results
// all link through these, so a path never drifts between the web app and the MCP server.

/** A page as HTML or as its Markdown twin (`.md`). */
export type PageFormat = 'html' | 'md';

/** Query parameters of a link; `undefined` and `''` are left out, so equal pages share one URL. */
export type QueryParams = Readonly<Record<string, string | number | undefined>>;

/** The documents served at the root, by name. */
export const DOCUMENT_PATHS = {
  openapi: '/openapi.json',
  llmsTxt: '/llms.txt',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  health: '/health.json',
  authMd: '/auth.md',
  mcp: '/mcp',
  mcpServerCard: '/mcp/server-card',
  oauthToken: '/oauth/token',
} as const;
/** One of {@link DOCUMENT_PATHS}' names. */
export type DocumentName = keyof typeof DOCUMENT_PATHS;

/** The documents under `/.well-known/`. */
export const WELL_KNOWN_DOCUMENTS = [
  'api-catalog',
  'ai-catalog.json',
  'agent-skills/index.json',
  'mcp/server-card.json',
  'oauth-protected-resource',
  'oauth-protected-resource/mcp',
  'oauth-authorization-server',
  'jwks.json',
] as const;
/** One of {@link WELL_KNOWN_DOCUMENTS}. */
export type WellKnownDocument = (typeof WELL_KNOWN_DOCUMENTS)[number];

/**
 * Every absolute URL of the site, under one base URL. Page links carry the builder's kept
 * parameters (a preference that must survive navigation); documents, assets and photos never do.
 */
export interface SiteUrls {
  /** The public origin, no trailing slash. */
  readonly baseUrl: string;
  /** The parameters every page link carries, in addition to its own. */
  readonly kept: QueryParams;
  /** The same URLs, with these parameters kept on every page link as well. */
  keeping(params: QueryParams): SiteUrls;
  /** The same URLs without kept parameters: canonical links, sitemaps, tool results. */
  canonical(): SiteUrls;
  /** `/` (HTML) or `/index.md`. */
  home(format?: PageFormat): string;
  /** `/catalog` or `/catalog.md`, with the listing's parameters (`q`, `sort`, `page`, …). */
  catalog(params?: QueryParams, format?: PageFormat): string;
  /** `/category/{id}` or `/category/{id}.md`, with the listing's parameters. */
  category(id: CategoryId, params?: QueryParams, format?: PageFormat): string;
  /** `/producto/{slug}` or `/producto/{slug}.md`; `fragment` without its `#`. */
  product(slug: string, format?: PageFormat, fragment?: string): string;
  /**
   * `/go/{agent}/{slug}`: the counted redirect to a catalog product on an agent (302 to the
   * affiliate link). No kept parameters: it is the same link for everyone.
   */
  outbound(agentId: string, slug: string): string;
  /** `/spreadsheet/{agent}` or `/spreadsheet/{agent}.md`, with `q`, `category`, `sort`, `page`. */
  spreadsheet(agentId: string, params?: QueryParams, format?: PageFormat): string;
  /**
   * `/shipping` or `/shipping.md`, the shipping calculator, with its parameters (`country`,
   * `weight_grams`, `items`, `length`, `width`, `height`); commas and colons of `items` stay
   * readable.
   */
  shipping(params?: QueryParams, format?: PageFormat): string;
  /** `/api-docs` or `/api-docs.md`. */
  apiDocs(format?: PageFormat): string;
  /** A document at the root: `/openapi.json`, `/llms.txt`, `/mcp`, `/oauth/token`, … */
  document(name: DocumentName): string;
  /** `/sitemap-{part}.xml`: one file of a sitemap index, from 1. */
  sitemapPart(part: number): string;
  /** `/.well-known/{name}`. */
  wellKnown(name: WellKnownDocument): string;
  /** `/.well-known/agent-skills/{name}/SKILL.md`. */
  skill(name: string): string;
  /**
   * A path of the site (`/assets/icon.svg`) made absolute. Only paths: catalog text never
   * becomes a site URL this way (`qcPhotoUrl` says what a photo may be).
   *
   * @throws {TypeError} for anything that is not a path starting with one `/`.
   */
  absolute(path: string): string;
}

/** Options of {@link createSiteUrls}. */
export interface SiteUrlsOptions {
  /** The public origin, no trailing slash. */
  readonly baseUrl: string;
  /** Parameters every page link carries (after its own, which win on a clash). */
  readonly keep?: QueryParams;
}

const md = (format: PageFormat) => (format === 'md' ? '.md' : '');
const NOTHING: QueryParams = Object.freeze({});

/**
 * `url` with a query string of `params` (own first, then kept), leaving out empty values.
 * Form encoding (`+` for a space), as a GET form submits them.
 */
function withQuery(url: string, own: QueryParams, kept: QueryParams): string {
  if (own === NOTHING && kept === NOTHING) return url;
  const search = new URLSearchParams();
  for (const params of [own, kept]) {
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== '' && !search.has(key)) search.set(key, String(value));
    }
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * Builds the site's URLs under `baseUrl`, keeping `keep` on every page link.
 *
 * @example
 * const urls = createSiteUrls({ baseUrl: 'https://shop.example' });
 * urls.catalog({ q: 'dunk low', page: 2 }, 'md'); // 'https://shop.example/catalog.md?q=dunk+low&page=2'
 * urls.keeping({ agent: 'agent_b' }).product('nike-dunk-123456'); // '…/producto/nike-dunk-123456?agent=agent_b'
 */
export function createSiteUrls(options: SiteUrlsOptions): SiteUrls {
  const base = options.baseUrl;
  const kept =
    options.keep && Object.keys(options.keep).length > 0
      ? Object.freeze({ ...options.keep })
      : NOTHING;
  const page = (path: string, params: QueryParams = NOTHING, fragment?: string) =>
    `${withQuery(`${base}${path}`, params, kept)}${fragment ? `#${fragment}` : ''}`;
  return {
    baseUrl: base,
    kept,
    keeping: (params) => createSiteUrls({ baseUrl: base, keep: { ...kept, ...params } }),
    canonical: () => createSiteUrls({ baseUrl: base }),
    home: (format = 'html') => page(format === 'md' ? '/index.md' : '/'),
    catalog: (params, format = 'html') => page(`/catalog${md(format)}`, params),
    category: (id, params, format = 'html') => page(`/category/${id}${md(format)}`, params),
    product: (slug, format = 'html', fragment) =>
      page(`/producto/${encodeURIComponent(slug)}${md(format)}`, NOTHING, fragment),
    outbound: (agentId, slug) =>
      `${base}/go/${encodeURIComponent(agentId)}/${encodeURIComponent(slug)}`,
    spreadsheet: (agentId, params, format = 'html') =>
      page(`/spreadsheet/${encodeURIComponent(agentId)}${md(format)}`, params),
    // `slug:2,other-slug` needs no escaping in a query (RFC 3986 allows both); kept for people.
    shipping: (params, format = 'html') =>
      page(`/shipping${md(format)}`, params)
        .replace(/%2C/g, ',')
        .replace(/%3A/g, ':'),
    apiDocs: (format = 'html') => page(`/api-docs${md(format)}`),
    document: (name) => `${base}${DOCUMENT_PATHS[name]}`,
    sitemapPart: (part) => `${base}/sitemap-${part}.xml`,
    wellKnown: (name) => `${base}/.well-known/${name}`,
    skill: (name) => `${base}/.well-known/agent-skills/${encodeURIComponent(name)}/SKILL.md`,
    absolute: (path) => absoluteUrl(base, path),
  };
}

/**
 * Makes a path of the site absolute under `baseUrl`.
 *
 * @throws {TypeError} for anything that is not a path starting with one `/` (a URL, `//host`,
 *   text): gluing text to the base URL makes a link nobody meant.
 * @example absoluteUrl('https://shop.example', '/assets/icon.svg') // 'https://shop.example/assets/icon.svg'
 */
export function absoluteUrl(baseUrl: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new TypeError(`not a path of the site: ${JSON.stringify(path.slice(0, 60))}`);
  }
  return `${baseUrl}${path}`;
}

// The functions below are the builder without kept parameters, for callers that hold only a base
// URL (the MCP tools).

/** `/producto/{slug}` (HTML) or `/producto/{slug}.md` (Markdown). */
export function productUrl(baseUrl: string, slug: string, format: PageFormat = 'html'): string {
  return createSiteUrls({ baseUrl }).product(slug, format);
}

/** `/go/{agent}/{slug}`: the counted redirect to a catalog product on an agent. */
export function outboundUrl(baseUrl: string, agentId: string, slug: string): string {
  return createSiteUrls({ baseUrl }).outbound(agentId, slug);
}

/** `/category/{id}` (HTML) or `/category/{id}.md` (Markdown). */
export function categoryUrl(baseUrl: string, id: CategoryId, format: PageFormat = 'html'): string {
  return createSiteUrls({ baseUrl }).category(id, NOTHING, format);
}

/** `/spreadsheet/{agent}` (HTML) or `/spreadsheet/{agent}.md` (Markdown). */
export function spreadsheetUrl(
  baseUrl: string,
  agentId: string,
  format: PageFormat = 'html',
): string {
  return createSiteUrls({ baseUrl }).spreadsheet(agentId, NOTHING, format);
}

/**
 * `/catalog?q=…` (HTML) or `/catalog.md?q=…` (Markdown); an empty query gives the bare path. The
 * text is percent-encoded (`%20`), for links written outside a form.
 */
export function catalogUrl(baseUrl: string, q?: string, format: PageFormat = 'html'): string {
  const path = createSiteUrls({ baseUrl }).catalog(NOTHING, format);
  return q ? `${path}?q=${encodeURIComponent(q)}` : path;
}
