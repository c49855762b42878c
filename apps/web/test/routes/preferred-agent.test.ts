import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';

const product = products[7]!;

const ANY_AGENT = /[?&]agent=/;

describe('a preferred agent (?agent=)', () => {
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
      /- \[Buy with Jade Parcel \\\(your agent\\\)\]\(http:\/\/test\.local\/go\/agent_c\/[^)]*\) \(affiliate link\)\n- \[Buy with Lantern Buy\]/,
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
