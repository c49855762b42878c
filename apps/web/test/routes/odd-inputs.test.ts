import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';

const SCRIPT = '<script>alert(1)</script>';

describe('reflected input', () => {
  it('comes back escaped in HTML', async () => {
    const app = await build();
    for (const url of [
      `/catalog?q=${encodeURIComponent(SCRIPT)}`,
      `/spreadsheet/agent_a?q=${encodeURIComponent(SCRIPT)}`,
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(SCRIPT);
      expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('comes back escaped in Markdown', async () => {
    const app = await build();
    const response = await app.inject(
      `/catalog.md?q=${encodeURIComponent(`${SCRIPT} *x* [a](b)`)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(SCRIPT);
    expect(response.body).toContain('\\<script\\>alert\\(1\\)\\</script\\>');
    expect(response.body).toContain('\\*x\\* \\[a\\]\\(b\\)');
  });

  it('is escaped in the 404 page of an unknown path', async () => {
    const app = await build();
    const response = await app.inject(`/${encodeURIComponent(SCRIPT)}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<script>');
  });
});

describe('odd inputs never get a 5xx', () => {
  const slug = products[0]!.slug;
  it.each([
    ['huge q', `/catalog?q=${'nike '.repeat(190)}`, 200],
    ['too huge q', `/catalog?q=${'a'.repeat(5000)}`, 400],
    ['unicode q', `/catalog?q=${encodeURIComponent('耐克 👟 Ñandú')}`, 200],
    ['NUL in q', '/catalog?q=nike%00dunk', 200],
    ['NUL in a slug', '/producto/nike%00-12345', 404],
    ['../ in a slug', '/producto/..%2F..%2Fetc%2Fpasswd', 404],
    ['../ in a category', '/category/..%2F..', 404],
    ['page 10^9', '/catalog?page=1000000000', 200],
    ['page 10^12', '/catalog?page=1000000000000', 400],
    ['spreadsheet page 10^9', '/spreadsheet/agent_a?page=1000000000', 200],
    ['page 0', '/catalog?page=0', 400],
    ['negative page', '/catalog?page=-3', 400],
    ['page not a number', '/spreadsheet/agent_c?page=two', 400],
    ['negative price', '/catalog?min_price=-5', 400],
    ['min above max', '/catalog?min_price=50&max_price=10', 400],
    ['unknown sort', '/catalog?sort=cheapest', 400],
    ['unknown category filter', '/catalog?category=shoes', 400],
    ['empty form fields', '/catalog?q=&category=&min_price=&max_price=&sort=', 200],
    ['repeated q', '/catalog?q=a&q=b', 400],
    ['repeated page', '/spreadsheet/agent_a?page=1&page=2', 400],
    ['unknown parameter', '/catalog?utm_source=x', 200],
    ['very long slug (Fastify: URI too long)', `/producto/${'a'.repeat(500)}-12345`, 414],
    ['slug with a suffix', `/producto/${slug}.txt`, 404],
  ])('%s', async (_name, url, status) => {
    const app = await build();
    const response = await app.inject(url);
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toMatch(/at .*\.[jt]s:\d+|node_modules|\/src\//);
  });

  it('explains a past-the-end page and links back', async () => {
    const app = await build();
    const body = (await app.inject('/catalog?page=1000000000')).body;
    expect(body).toContain('page 1,000,000,000 is past the last page');
    expect(body).toMatch(/href="\/catalog\?page=\d+">Go to page/);
    expect(body).toContain('<meta name="robots" content="noindex">');
  });

  it('answers a bad parameter with a 400 page that names it, in the representation asked for', async () => {
    const app = await build();
    const html = await app.inject('/catalog?page=-1');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('Invalid parameter: page must be &gt;= 1.');
    const md = await app.inject('/catalog.md?page=-1');
    expect(md.statusCode).toBe(400);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.body).toContain('Invalid parameter: page must be \\>= 1.');
    const json = await app.inject({
      url: '/catalog?page=-1',
      headers: { accept: 'application/json' },
    });
    expect(json.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });
});
