import { agentProductUrl, DEFAULT_AGENTS, POPULAR_WINDOW_DAYS } from '@repo/catalog-core';
import { createClickCounter } from '@repo/clicks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BASE, build, products } from '../helper.js';

// A phone's browser, as shoppers follow a buy link.
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const product = products[7]!;
const other = products[11]!;
const agentB = DEFAULT_AGENTS.find((a) => a.id === 'agent_b')!;

function counter() {
  const clicks = createClickCounter();
  onTestFinished(() => clicks.close());
  return clicks;
}

const click = (
  url: string,
  headers: Record<string, string> = {},
  remoteAddress = '203.0.113.7',
) => ({
  url,
  remoteAddress,
  headers: { 'user-agent': BROWSER, accept: 'text/html', ...headers },
});

async function clicksOf(clicks: ReturnType<typeof counter>, slug: string) {
  return (await clicks.popularity(POPULAR_WINDOW_DAYS)).counts.get(slug) ?? 0;
}

describe('GET /go/{agent}/{slug}', () => {
  it('answers 302 to exactly the affiliate link the product page used to show, never cached or indexed', async () => {
    const app = await build({}, { clicks: counter() });
    const response = await app.inject(click(`/go/agent_b/${product.slug}`));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      agentProductUrl(agentB, product.marketplace, product.item_id),
    );
    expect(response.headers.location).toContain(
      `${agentB.referral_param}=${agentB.affiliate_code}`,
    );
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('is where every buy link of a product page, its Markdown twin and the spreadsheet points', async () => {
    const app = await build({}, { clicks: counter() });
    const html = (await app.inject(`/producto/${product.slug}`)).body;
    const buy = [...html.matchAll(/<a href="([^"]+)" class="button" rel="([^"]+)"/g)];
    expect(buy.map((m) => m[1])).toEqual(
      ['agent_a', 'agent_b', 'agent_c'].map((a) => `/go/${a}/${product.slug}`),
    );
    for (const [, , rel] of buy) expect(rel).toBe('sponsored nofollow noopener');
    const md = (await app.inject(`/producto/${product.slug}.md`)).body;
    expect(md).toContain(`(${BASE}/go/agent_a/${product.slug})`);
    expect(md).not.toContain('agent-a.example/product');
    const sheet = (await app.inject('/spreadsheet/agent_c')).body;
    expect(sheet).toMatch(/href="\/go\/agent_c\/[a-z0-9-]+" rel="sponsored nofollow noopener"/);
    expect(sheet).not.toMatch(/href="https:\/\/agent-c\.example/);
  });

  it('answers 404 pages, never a redirect, for unknown agents and slugs', async () => {
    const app = await build({}, { clicks: counter() });
    for (const url of [
      `/go/agent_x/${product.slug}`,
      '/go/agent_a/no-such-product-12345',
      `/go/agent_a/${product.slug.toUpperCase()}`,
      `/go/agent_a/${product.slug}.md`,
      '/go/agent_a',
      '/go/',
      `/go/agent_a/${product.slug}/more`,
      '/go/agent_a/https%3A%2F%2Fevil.example',
      `/go/agent_a/${'a'.repeat(300)}-12345`,
      '/go/agent_a/%E0%A4%A',
      `/go/${'x'.repeat(80)}/${product.slug}`,
    ]) {
      const response = await app.inject(click(url));
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const page = await app.inject(click('/go/agent_x/x-12345', { 'accept-language': 'es' }));
    expect(page.body).toContain('lang="es"');
    expect(page.body).toContain('Este enlace no lleva a ningún producto ni agente');
  });

  it('sends no one to an agent that is closed', async () => {
    const agents = DEFAULT_AGENTS.map((a) =>
      a.id === 'agent_c' ? { ...a, status: 'closed' as const } : a,
    );
    const app = await build({}, { clicks: counter(), agents });
    expect((await app.inject(click(`/go/agent_c/${product.slug}`))).statusCode).toBe(404);
    expect((await app.inject(click(`/go/agent_a/${product.slug}`))).statusCode).toBe(302);
  });

  it('counts a click once per client and hour; HEAD, prefetches and crawlers are never counted', async () => {
    const clicks = counter();
    const app = await build({}, { clicks });
    const url = `/go/agent_a/${product.slug}`;
    expect(await clicksOf(clicks, product.slug)).toBe(0);
    await app.inject(click(url));
    expect(await clicksOf(clicks, product.slug)).toBe(1);
    // The same client again, through another agent: folded.
    expect((await app.inject(click(`/go/agent_b/${product.slug}`))).statusCode).toBe(302);
    expect(await clicksOf(clicks, product.slug)).toBe(1);
    // Not clicks: each still redirects.
    for (const request of [
      { ...click(url, {}, '198.51.100.1'), method: 'HEAD' as const },
      click(url, { 'sec-purpose': 'prefetch' }, '198.51.100.2'),
      click(url, { 'sec-purpose': 'prefetch;prerender' }, '198.51.100.3'),
      click(url, { purpose: 'prefetch' }, '198.51.100.4'),
      click(
        url,
        {
          'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        },
        '198.51.100.5',
      ),
      click(url, { 'user-agent': 'curl/8.5.0' }, '198.51.100.6'),
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode, JSON.stringify(request.headers)).toBe(302);
    }
    expect(await clicksOf(clicks, product.slug)).toBe(1);
    // Another client is another click.
    await app.inject(click(url, {}, '203.0.113.99'));
    expect(await clicksOf(clicks, product.slug)).toBe(2);
  });

  it('counts nothing with CLICKS=off, and still redirects', async () => {
    const clicks = counter();
    const app = await build({ CLICKS: 'off' }, { clicks });
    const response = await app.inject(click(`/go/agent_a/${product.slug}`));
    expect(response.statusCode).toBe(302);
    expect(await clicksOf(clicks, product.slug)).toBe(0);
  });

  it('has a rate limit of its own, apart from the pages', async () => {
    const app = await build({ RATE_LIMIT_GO: '2', RATE_LIMIT_PAGES: '100' }, { clicks: counter() });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await app.inject(click(`/go/agent_a/${product.slug}`))).statusCode);
    }
    expect(statuses).toEqual([302, 302, 429]);
    // The pages' budget is untouched.
    expect((await app.inject(click(`/producto/${product.slug}`))).statusCode).toBe(200);
    // With the pages' limit off, the redirects keep theirs.
    const unlimitedPages = await build(
      { RATE_LIMIT_GO: '1', RATE_LIMIT_PAGES: '0' },
      { clicks: counter() },
    );
    const go = [];
    for (let i = 0; i < 2; i++) {
      go.push((await unlimitedPages.inject(click(`/go/agent_a/${product.slug}`))).statusCode);
    }
    expect(go).toEqual([302, 429]);
    for (let i = 0; i < 3; i++) expect((await unlimitedPages.inject('/')).statusCode).toBe(200);
  });

  it('is disallowed in robots.txt', async () => {
    const app = await build({}, { clicks: counter() });
    const robots = (await app.inject('/robots.txt')).body;
    expect(robots.match(/^Disallow: \/go\/$/gm)?.length).toBe(2);
  });
});

describe('sort=popular', () => {
  it('lists the clicked product first on /catalog, its Markdown twin and its category page', async () => {
    const clicks = counter();
    const app = await build({}, { clicks });
    const first = (body: string) =>
      /<li class="card">.*?<h3><a href="\/producto\/([^"]+)"/.exec(body)?.[1];
    const before = first((await app.inject('/catalog?sort=popular')).body);
    expect(before).not.toBe(product.slug);
    await app.inject(click(`/go/agent_a/${product.slug}`));
    await app.inject(click(`/go/agent_a/${other.slug}`, {}, '203.0.113.1'));
    await app.inject(click(`/go/agent_b/${other.slug}`, {}, '203.0.113.2'));
    // `other` has two clicks, `product` one.
    const html = (await app.inject('/catalog?sort=popular')).body;
    const order = [...html.matchAll(/<li class="card">.*?<h3><a href="\/producto\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(order.slice(0, 2)).toEqual([other.slug, product.slug]);
    const md = (await app.inject('/catalog.md?sort=popular')).body;
    expect(md.indexOf(`/producto/${other.slug}.md`)).toBeLessThan(
      md.indexOf(`/producto/${product.slug}.md`),
    );
    expect(md.indexOf(`/producto/${product.slug}.md`)).toBeGreaterThan(-1);
    const category = (await app.inject(`/category/${product.category}?sort=popular`)).body;
    expect(first(category)).toBe(product.category === other.category ? other.slug : product.slug);
    // The default order is not changed by clicks.
    expect(first((await app.inject('/catalog')).body)).toBe(
      first((await app.inject('/catalog?sort=newest')).body),
    );
  });

  it('is offered beside the other orders, in the page’s language', async () => {
    const app = await build({}, { clicks: counter() });
    expect((await app.inject('/catalog')).body).toContain('Most popular');
    expect((await app.inject('/catalog?lang=de')).body).toContain('Am beliebtesten');
  });
});

describe('the home page’s popular row', () => {
  it('is left out while nothing was clicked, and shows the week’s clicked products after', async () => {
    const clicks = counter();
    const app = await build({}, { clicks });
    const empty = (await app.inject('/')).body;
    expect(empty).not.toContain('Popular this week');
    await app.inject(click(`/go/agent_a/${product.slug}`));
    const html = (await app.inject('/')).body;
    expect(html).toContain('Popular this week');
    const row = html.slice(html.indexOf('Popular this week'), html.indexOf('Featured products'));
    expect(row).toContain(`/producto/${product.slug}`);
    expect(row).toContain('href="/catalog?sort=popular">All popular products</a>');
    const md = (await app.inject('/index.md')).body;
    expect(md).toContain('Popular this week');
    expect((await app.inject('/?lang=fr')).body).toContain('Populaires cette semaine');
  });
});
