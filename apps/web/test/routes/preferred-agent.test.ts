import { describe, expect, it } from 'vitest';
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

/** Pages of the site (they keep the preference); anything else under it is a document or an asset. */
const PAGE_PATH = /^\/($|index\.md$|catalog|category\/|producto\/|spreadsheet\/|api-docs|shipping)/;

const withAgent = (url: string, agent = 'agent_b') =>
  `${url}${url.includes('?') ? '&' : '?'}agent=${agent}`;

/** The path and query of an internal URL, or undefined for another site's. */
function internal(href: string): string | undefined {
  const url = href.replaceAll('&amp;', '&');
  if (url.startsWith(BASE)) return url.slice(BASE.length) || '/';
  return url.startsWith('/') ? url : undefined;
}

/** Every internal href of an HTML page's links, the canonical one left out. */
function htmlLinks(body: string): string[] {
  return [...body.matchAll(/<(?:a|link)\b([^>]*)>/g)].flatMap(([, attrs]) => {
    if (/rel="canonical"/.test(attrs!)) return [];
    const href = /\bhref="([^"]*)"/.exec(attrs!)?.[1];
    return href === undefined ? [] : (internal(href) ?? []);
  });
}

const KEPT = /[?&]agent=agent_b(&|#|$)/;
const ANY_AGENT = /[?&]agent=/;

/** Every internal link of a Markdown page (images and the front matter left out). */
function markdownLinks(body: string): string[] {
  return [...body.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].flatMap(
    ([, href]) => internal(href!) ?? [],
  );
}

const pages = (links: string[]) => links.filter((l) => PAGE_PATH.test(l.split(/[?#]/)[0]!));
const others = (links: string[]) => links.filter((l) => !PAGE_PATH.test(l.split(/[?#]/)[0]!));

describe('a preferred agent (?agent=)', () => {
  it.each(PAGES)(
    'is kept by every internal link of the %s, HTML and Markdown',
    async (_name, url, md) => {
      const app = await build();
      const html = await app.inject({ url: withAgent(url), headers: { accept: 'text/html' } });
      expect(html.statusCode).toBe(200);
      const htmlPages = pages(htmlLinks(html.body));
      expect(htmlPages.length).toBeGreaterThan(3);
      for (const link of htmlPages) expect(link, url).toMatch(KEPT);
      // Documents, assets and photos are the same for everyone.
      for (const link of others(htmlLinks(html.body))) expect(link, url).not.toMatch(ANY_AGENT);
      // A GET form sends only its fields: the preference rides along as a hidden one.
      const forms = html.body.match(/<form\b[\s\S]*?<\/form>/g) ?? [];
      for (const form of forms) {
        expect(form).toContain('<input type="hidden" name="agent" value="agent_b">');
      }
      // It is a preference, not another page: the canonical URL never carries it.
      const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html.body)?.[1];
      expect(canonical).toMatch(/^http:\/\/test\.local\//);
      expect(canonical).not.toMatch(ANY_AGENT);
      expect(/<meta property="og:url" content="([^"]*)">/.exec(html.body)?.[1]).toBe(canonical);

      const twin = await app.inject(withAgent(md));
      expect(twin.statusCode).toBe(200);
      const mdPages = pages(markdownLinks(twin.body));
      expect(mdPages.length).toBeGreaterThan(0);
      for (const link of mdPages) expect(link, md).toMatch(KEPT);
      for (const link of others(markdownLinks(twin.body))) expect(link, md).not.toMatch(ANY_AGENT);
      expect(twin.body).toMatch(/^url: "[^"\n]*"$/m);
      expect(twin.body).not.toMatch(/^url: "[^"\n]*agent=/m);
    },
  );

  it.each(PAGES)('is in no link of the %s when not asked for', async (_name, url, md) => {
    const app = await build();
    const html = (await app.inject({ url, headers: { accept: 'text/html' } })).body;
    expect(htmlLinks(html).length).toBeGreaterThan(3);
    expect(htmlLinks(html).filter((l) => ANY_AGENT.test(l))).toEqual([]);
    expect(html).not.toContain('name="agent"');
    expect(html).not.toContain('(your agent)');
    const links = markdownLinks((await app.inject(md)).body);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => ANY_AGENT.test(l))).toEqual([]);
  });

  it('puts that agent’s buy link first and marks it, in HTML and Markdown', async () => {
    const app = await build();
    const plain = (await app.inject(`/producto/${product.slug}`)).body;
    const buttons = (body: string) =>
      [...body.matchAll(/<a href="[^"]*" class="button"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(buttons(plain)).toEqual([
      'Buy with Lantern Buy',
      'Buy with Bamboo Cart',
      'Buy with Jade Parcel',
    ]);
    const mine = (await app.inject(`/producto/${product.slug}?agent=agent_b`)).body;
    expect(buttons(mine)).toEqual([
      'Buy with Bamboo Cart (your agent)',
      'Buy with Lantern Buy',
      'Buy with Jade Parcel',
    ]);
    const md = (await app.inject(`/producto/${product.slug}.md?agent=agent_c`)).body;
    expect(md).toMatch(
      /- \[Buy with Jade Parcel \\\(your agent\\\)\]\(https:\/\/agent-c\.example[^)]*\) \(affiliate link\)\n- \[Buy with Lantern Buy\]/,
    );
  });

  it('lists that agent first among the verified agents of the home page', async () => {
    const app = await build();
    const headings = (body: string) =>
      [...body.matchAll(/<h3 id="agent-(agent_[abc])">([^<]*)<\/h3>/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
    const plain = headings((await app.inject('/')).body);
    expect(plain[0]).toMatch(/^agent_a /);
    const mine = headings((await app.inject('/?agent=agent_b')).body);
    expect(mine[0]).toBe('agent_b Bamboo Cart (your agent)');
    expect(mine.slice(1).map((h) => h.slice(0, 7))).toEqual(
      plain.filter((h) => !h.startsWith('agent_b')).map((h) => h.slice(0, 7)),
    );
    expect(mine).toHaveLength(plain.length);
  });

  it('answers an unknown agent with a 400 in the representation asked for', async () => {
    const app = await build();
    const html = await app.inject({
      url: '/catalog?agent=agent_z',
      headers: { accept: 'text/html' },
    });
    expect(html.statusCode).toBe(400);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('agent');
    const md = await app.inject(`/producto/${product.slug}.md?agent=nobody`);
    expect(md.statusCode).toBe(400);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const json = await app.inject({ url: '/?agent=x', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(400);
    expect(json.headers['content-type']).toMatch(/^application\/problem\+json/);
    // An empty field, as a form sends it, is no preference.
    expect((await app.inject('/catalog?agent=')).statusCode).toBe(200);
  });

  it('caches each preference apart: the same URL with and without it are two pages', async () => {
    const app = await build();
    const url = `/producto/${product.slug}`;
    const first = (await app.inject(url)).body;
    const mine = (await app.inject(`${url}?agent=agent_b`)).body;
    const again = (await app.inject(url)).body;
    expect(mine).not.toBe(first);
    expect(again).toBe(first);
    expect(again).not.toContain('your agent');
  });

  it('never reaches the sitemap', async () => {
    const app = await build();
    await app.inject('/catalog?agent=agent_b');
    const sitemap = (await app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>http://test.local/catalog</loc>');
    expect(sitemap).not.toMatch(ANY_AGENT);
  });
});
