import { CURRENCIES } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { BASE, build, products } from '../helper.js';

const product = products[7]!;

// Every page a visitor moves through, as HTML and as its Markdown twin.
const PAGES = [
  ['home', '/', '/index.md'],
  ['catalog', '/catalog', '/catalog.md'],
  ['listing with a search', '/catalog?q=nike&sort=price_asc', '/catalog.md?q=nike&sort=price_asc'],
  [
    'listing, page 2 of a category',
    '/catalog?category=bags&page=2',
    '/catalog.md?category=bags&page=2',
  ],
  ['category', '/category/bags', '/category/bags.md'],
  ['product', `/producto/${product.slug}`, `/producto/${product.slug}.md`],
  ['spreadsheet', '/spreadsheet/agent_a', '/spreadsheet/agent_a.md'],
  ['api-docs', '/api-docs', '/api-docs.md'],
  ['shipping calculator', '/shipping', '/shipping.md'],
  [
    'shipping quote',
    `/shipping?country=PL&items=${product.slug}:2`,
    `/shipping.md?country=PL&items=${product.slug}:2`,
  ],
  [
    'pasted link',
    `/catalog?q=${encodeURIComponent(product.listing_url)}`,
    `/catalog.md?q=${encodeURIComponent(product.listing_url)}`,
  ],
] as const;

// The preferences a URL can carry: each must survive every move through the site.
const PREFERENCES = [
  ['agent', 'agent_b'],
  ['lang', 'de'],
  ['currency', 'BRL'],
] as const;

const CASES = PREFERENCES.flatMap(([name, value]) =>
  PAGES.map(([page, url, md]) => [`${name}=${value}`, page, name, value, url, md] as const),
);

/** Pages of the site (they keep the preference); anything else under it is a document or an asset. */
const PAGE_PATH = /^\/($|index\.md$|catalog|category\/|producto\/|spreadsheet\/|api-docs|shipping)/;

const adding = (url: string, name: string, value: string) =>
  `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`;

/** The path and query of an internal URL, or undefined for another site's. */
function internal(href: string): string | undefined {
  const url = href.replaceAll('&amp;', '&');
  if (url.startsWith(BASE)) return url.slice(BASE.length) || '/';
  return url.startsWith('/') ? url : undefined;
}

// The language and currency switches name another language or currency on purpose, and the
// canonical and `hreflang` alternates name the page itself: they are checked apart.
const SWITCHES =
  /<div class="switch">[\s\S]*?<\/div>|<details class="lang-switch">[\s\S]*?<\/details>/g;

/** Every internal href of an HTML page's links, the canonical, alternates and switches left out. */
function htmlLinks(body: string): string[] {
  return [...body.replace(SWITCHES, '').matchAll(/<(?:a|link)\b([^>]*)>/g)].flatMap(([, attrs]) => {
    if (/rel="canonical"|hreflang=/.test(attrs!)) return [];
    const href = /\bhref="([^"]*)"/.exec(attrs!)?.[1];
    return href === undefined ? [] : (internal(href) ?? []);
  });
}

/** The hrefs of the language and currency switches. */
function switchLinks(body: string): string[] {
  return [...(body.match(SWITCHES) ?? []).join('').matchAll(/href="([^"]*)"/g)].flatMap(
    ([, href]) => internal(href!) ?? [],
  );
}

/** Every internal link of a Markdown page (images and the front matter left out). */
function markdownLinks(body: string): string[] {
  return [...body.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].flatMap(
    ([, href]) => internal(href!) ?? [],
  );
}

const pages = (links: string[]) => links.filter((l) => PAGE_PATH.test(l.split(/[?#]/)[0]!));
const others = (links: string[]) => links.filter((l) => !PAGE_PATH.test(l.split(/[?#]/)[0]!));

describe('preferences kept on links (?agent=, ?lang=, ?currency=)', () => {
  it.each(CASES)(
    '%s is kept by every internal link of the %s, HTML and Markdown',
    async (_case, _page, name, value, url, md) => {
      const kept = new RegExp(`[?&]${name}=${value}(&|#|$)`);
      const any = new RegExp(`[?&]${name}=`);
      const app = await build();
      const html = await app.inject({
        url: adding(url, name, value),
        headers: { accept: 'text/html' },
      });
      expect(html.statusCode).toBe(200);
      const htmlPages = pages(htmlLinks(html.body));
      expect(htmlPages.length).toBeGreaterThan(3);
      for (const link of htmlPages) expect(link, url).toMatch(kept);
      // Documents, assets and photos are the same for everyone.
      for (const link of others(htmlLinks(html.body))) expect(link, url).not.toMatch(any);
      // The switches change their own parameter and keep the others.
      const switches = switchLinks(html.body);
      expect(switches).toHaveLength(LANGUAGES.length + CURRENCIES.length);
      const language = switches.slice(0, LANGUAGES.length);
      const currency = switches.slice(LANGUAGES.length);
      const keeping = name === 'lang' ? currency : name === 'currency' ? language : switches;
      for (const link of keeping) expect(link, url).toMatch(kept);
      // A GET form sends only its fields: the preference rides along as a hidden one.
      const forms = html.body.match(/<form\b[\s\S]*?<\/form>/g) ?? [];
      for (const form of forms) {
        expect(form).toContain(`<input type="hidden" name="${name}" value="${value}">`);
      }
      // A preference is not another page, but a language is: only it names the canonical URL.
      const canonical = /<link rel="canonical" href="([^"]*)">/
        .exec(html.body)?.[1]
        ?.replaceAll('&amp;', '&');
      expect(canonical).toMatch(/^http:\/\/test\.local\//);
      if (name === 'lang') expect(canonical).toMatch(kept);
      else expect(canonical).not.toMatch(any);
      expect(
        /<meta property="og:url" content="([^"]*)">/.exec(html.body)?.[1]?.replaceAll('&amp;', '&'),
      ).toBe(canonical);

      const twin = await app.inject(adding(md, name, value));
      expect(twin.statusCode).toBe(200);
      const mdPages = pages(markdownLinks(twin.body));
      expect(mdPages.length).toBeGreaterThan(0);
      for (const link of mdPages) expect(link, md).toMatch(kept);
      for (const link of others(markdownLinks(twin.body))) expect(link, md).not.toMatch(any);
      expect(twin.body).toMatch(/^url: "[^"\n]*"$/m);
      if (name !== 'lang')
        expect(twin.body).not.toMatch(new RegExp(`^url: "[^"\\n]*${name}=`, 'm'));
    },
  );

  it.each(PAGES)('are in no link of the %s when not asked for', async (_name, url, md) => {
    const app = await build();
    const html = (await app.inject({ url, headers: { accept: 'text/html' } })).body;
    const links = htmlLinks(html);
    expect(links.length).toBeGreaterThan(3);
    expect(links.filter((l) => /[?&](agent|lang|currency)=/.test(l))).toEqual([]);
    expect(html).not.toContain('name="agent"');
    expect(html).not.toContain('name="lang"');
    expect(html).not.toContain('(your agent)');
    const mdLinks = markdownLinks((await app.inject(md)).body);
    expect(mdLinks.length).toBeGreaterThan(0);
    expect(mdLinks.filter((l) => /[?&](agent|lang|currency)=/.test(l))).toEqual([]);
  });
});
