import { agentProductUrl, DEFAULT_AGENTS } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';

// A link typed into a search box: /catalog?q=, its Markdown twin and a category page.
const product = products[42]!;
const notCatalogued = 'https://detail.1688.com/offer/799999999999.html?spm=a26352.1';

const get = async (url: string) => {
  const app = await build();
  return app.inject({ url, headers: { accept: 'text/html' } });
};
const q = (text: string) => encodeURIComponent(text);
/** The product cards' links of a page, in order. */
const cards = (body: string) =>
  [...body.matchAll(/<li class="card">.*?<h3><a href="([^"]+)"/g)].map((m) => m[1]);

describe('a pasted link on the catalog page', () => {
  it('puts a catalogued listing first, under a card that says so (HTML)', async () => {
    const link = `${agentProductUrl(DEFAULT_AGENTS[0]!, product.marketplace, product.item_id)}&utm_campaign=sheet`;
    const response = await get(`/catalog?q=${q(link)}`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(cards(body)[0]).toBe(`/producto/${product.slug}`);
    const card = body.slice(body.indexOf('id="pasted-link"'), body.indexOf('role="search"'));
    expect(card).toContain('is in the catalog');
    expect(card).toContain('Lantern Buy product link');
    expect(card).toContain(`href="/producto/${product.slug}"`);
    // The listing is catalogued: its buy links are the product's counted ones.
    expect([...card.matchAll(/class="button" rel="[^"]+"/g)].length).toBe(3);
    expect(card).toContain(`href="/go/agent_a/${product.slug}" class="button"`);
    expect(card).not.toMatch(/href="https:\/\/agent-[abc]\.example/);
    // The card comes before the search form: at the top of the page.
    expect(body.indexOf('id="pasted-link"')).toBeLessThan(body.indexOf('role="search"'));
  });

  it('does the same in Markdown, from the listing’s own link with http://', async () => {
    const response = await get(
      `/catalog.md?q=${q(product.listing_url.replace('https:', 'http:'))}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const body = response.body;
    expect(body).toMatch(/is in the catalog/);
    const firstProduct = /\]\((http:\/\/test\.local\/producto\/[^)]+\.md)\)/.exec(
      body.slice(body.indexOf('## Results')),
    )?.[1];
    expect(firstProduct).toBe(`http://test.local/producto/${product.slug}.md`);
  });

  it('gives three disclosed, sponsored buy links for a listing not catalogued', async () => {
    const html = (await get(`/catalog?q=${q(notCatalogued)}`)).body;
    expect(html).toContain('1688 item 799999999999 is not in the catalog');
    const buy = [
      ...html.matchAll(/<a href="([^"]+)" class="button" rel="sponsored nofollow noopener"/g),
    ];
    expect(buy.map((m) => m[1]!.replaceAll('&amp;', '&'))).toEqual(
      DEFAULT_AGENTS.map((a) => agentProductUrl(a, '1688', '799999999999')),
    );
    expect(html).toContain('Affiliate disclosure:');
    expect(cards(html)).toEqual([]);
    expect(html).not.toContain('No products match');

    const md = (await get(`/catalog.md?q=${q(notCatalogued)}`)).body;
    for (const a of DEFAULT_AGENTS)
      expect(md).toContain(agentProductUrl(a, '1688', '799999999999'));
    expect(md).toMatch(/affiliate/i);
  });

  it.each([
    ['https://m.tb.cn/h.5xYzAbC', /can’t be read without opening it/],
    ['e.tb.cn/h.abc?sm=1', /can’t be read without opening it/],
    ['https://example.com/x?y=%E0%A4%A', /Links understood: Weidian/],
    ['https://weidian.com/?userid=1234567', /not to an item/],
    ['https://[::1]:99999/%%%', /Links understood/],
  ])('explains %s in both representations, never a 500', async (text, reason) => {
    for (const path of ['/catalog', '/catalog.md', '/category/bags']) {
      const response = await get(`${path}?q=${q(text)}`);
      expect(response.statusCode, path).toBe(200);
      expect(response.body.replaceAll('&#39;', '’')).toMatch(reason);
    }
  });

  it('finds the product from one of this catalog’s own product or buy links', async () => {
    for (const link of [
      `http://test.local/go/agent_c/${product.slug}`,
      `https://catalog.example/producto/${product.slug}.html?lang=es`,
    ]) {
      const body = (await get(`/catalog?q=${q(link)}`)).body;
      expect(cards(body)[0], link).toBe(`/producto/${product.slug}`);
      expect(body, link).toContain('is in the catalog');
    }
    // A slug the catalog does not have is no product; the page says the link can't be read.
    const unknown = (await get(`/catalog?q=${q('http://test.local/go/agent_a/gone-12345')}`)).body;
    expect(cards(unknown)).toEqual([]);
  });

  it('keeps words as a text search', async () => {
    const body = (await get('/catalog?q=nike')).body;
    expect(body).not.toContain('id="pasted-link"');
    expect(cards(body).length).toBeGreaterThan(0);
  });
});
