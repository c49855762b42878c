import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { BASE, build, products } from '../helper.js';

const product = products[7]!;
// But for one rule of style: a submit button is an <input>, whose label comes in its own tag, so
// that a phone painting a half-parsed page never draws it without one (see site-css.ts).
const htmlValidate = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'prefer-button': 'off' },
});

// Every page type: its HTML URL, the URLs of its Markdown twin, and a phrase both must contain.
const PAGES = [
  { name: 'home', url: '/', md: ['/index.md', '/index.html.md'], text: 'Verified shopping agents' },
  {
    name: 'catalog',
    url: '/catalog?q=nike',
    md: ['/catalog.md?q=nike', '/catalog/index.md?q=nike'],
    text: 'Results for “nike”',
  },
  { name: 'catalog.html', url: '/catalog.html', md: ['/catalog.md'], text: 'Catalog' },
  {
    name: 'category',
    url: '/category/bags',
    md: ['/category/bags.md', '/category/bags/index.md'],
    text: 'Backpacks, totes',
  },
  {
    name: 'product',
    url: `/producto/${product.slug}`,
    md: [`/producto/${product.slug}.md`, `/producto/${product.slug}/index.md`],
    text: 'Shipping estimate',
  },
  {
    name: 'product.html',
    url: `/producto/${product.slug}.html`,
    md: [`/producto/${product.slug}.md`],
    text: 'QC photos',
  },
  {
    name: 'spreadsheet',
    url: '/spreadsheet/agent_a',
    md: ['/spreadsheet/agent_a.md', '/spreadsheet/agent_a/index.md'],
    text: 'Lantern Buy spreadsheet',
  },
  {
    name: 'api-docs',
    url: '/api-docs',
    md: ['/api-docs.md', '/api-docs/index.md'],
    text: 'search_products',
  },
] as const;

describe.each(PAGES)('$name', ({ url, md, text }) => {
  it('is valid HTML with canonical, alternate and Open Graph links', async () => {
    const app = await build();
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toMatch(/Accept/);
    expect(response.headers['content-signal']).toBe('ai-train=no, search=yes, ai-input=yes');
    expect(response.headers.link).toMatch(/rel="alternate"; type="text\/markdown"/);
    expect(response.body).toContain(text);
    expect(response.body).toMatch(/<link rel="canonical" href="http:\/\/test\.local\//);
    expect(response.body).toMatch(/<meta property="og:title" content="[^"]+">/);
    const report = await htmlValidate.validateString(response.body);
    expect(
      report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`)),
    ).toEqual([]);
  });

  it('has a Markdown twin by Accept and by .md URL, with the same text', async () => {
    const app = await build();
    // A `.html` URL names its representation; its twin is asked for on the bare path.
    const asked = url.replace(/\.html(?=$|\?)/, '');
    const byAccept = await app.inject({
      url: asked,
      headers: { accept: 'text/markdown, text/html;q=0.8' },
    });
    expect(byAccept.statusCode).toBe(200);
    expect(byAccept.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(byAccept.headers.vary).toMatch(/Accept/);
    expect(byAccept.headers['content-signal']).toBe('ai-train=no, search=yes, ai-input=yes');
    expect(Number(byAccept.headers['x-markdown-tokens'])).toBe(Math.ceil(byAccept.body.length / 4));
    expect(byAccept.body).toMatch(/^---\ntitle: .+\n[\s\S]*\n---\n\n# /);
    expect(byAccept.body).toContain(text);
    expect(byAccept.body).not.toMatch(/<(a|div|p|script|img)\b/);
    for (const twin of md) {
      const byUrl = await app.inject(twin);
      expect(byUrl.statusCode, twin).toBe(200);
      expect(byUrl.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(byUrl.body, twin).toBe(byAccept.body);
    }
  });
});

describe('page content', () => {
  it('shows every affiliate link as sponsored, next to the disclosure, in both representations', async () => {
    const app = await build();
    for (const url of ['/', `/producto/${product.slug}`, '/spreadsheet/agent_b']) {
      const page = (await app.inject(url)).body;
      // Sign-up links go to the agents; a product's buy links through the counted redirect.
      const affiliate = [
        ...page.matchAll(/<a href="(https:\/\/agent-[abc]\.example[^"]*|\/go\/[^"]*)"([^>]*)>/g),
      ];
      expect(affiliate.length, url).toBeGreaterThan(0);
      for (const [, , attrs] of affiliate)
        expect(attrs).toContain('rel="sponsored nofollow noopener"');
      expect(page).toContain('Affiliate disclosure:');
      const md = (await app.inject({ url, headers: { accept: 'text/markdown' } })).body;
      expect(md).toContain(
        '**Affiliate disclosure:** Agent links and sign-up links are affiliate links',
      );
    }
  });

  it('gives the product page its price in CNY with USD/EUR, the listing, the gallery and JSON-LD', async () => {
    const app = await build();
    const body = (await app.inject(`/producto/${product.slug}`)).body;
    expect(body).toMatch(/¥[\d,]+\.\d\d<\/strong> ≈ \$[\d,.]+/);
    expect(body).toContain(`href="${product.listing_url.replace(/&/g, '&amp;')}" rel="noopener"`);
    expect(body.match(/<img src="\/qc\//g)?.length).toBe(
      product.qc_photos.length + (body.match(/class="thumb"/g)?.length ?? 0),
    );
    const ld = JSON.parse(
      body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}',
    );
    expect(ld['@graph']).toContainEqual(
      expect.objectContaining({
        '@type': 'Product',
        name: product.title,
        offers: expect.arrayContaining([
          expect.objectContaining({
            '@type': 'Offer',
            priceCurrency: 'CNY',
            price: product.price.toFixed(2),
          }),
        ]),
      }),
    );
    expect(body).toContain(`<meta property="og:type" content="product">`);
  });

  it('says so when nothing matches, and suggests a way on', async () => {
    const app = await build();
    // Two words that match nothing at all: no relaxation can find anything.
    const body = (await app.inject('/catalog?q=zzzqqqxxx+qqqwwwvvv')).body;
    expect(body).toContain('No products match “zzzqqqxxx qqqwwwvvv”');
    expect(body).toContain('href="/category/bags"');
    expect(body).toContain(`href="/catalog?q=zzzqqqxxx"`);
  });

  it('shows how a text was read, with a link that searches its literal words', async () => {
    const app = await build();
    const q = 'show me cheap dunks under $80';
    const html = (await app.inject(`/catalog?q=${encodeURIComponent(q)}`)).body;
    expect(html).toContain(
      'Showing results for <strong>dunks</strong> (up to $80.00, cheapest first).',
    );
    expect(html).toContain('“dunks” means dunk.');
    const literal = `/catalog?q=${encodeURIComponent(q).replaceAll('%20', '+')}&amp;literal=1`;
    expect(html).toContain(`Search instead for <a href="${literal}">${q}</a>`);
    const md = (await app.inject(`/catalog.md?q=${encodeURIComponent(q)}`)).body;
    expect(md).toContain('Showing results for **dunks** \\(up to $80.00, cheapest first\\).');
    expect(md).toContain('&literal=1');

    const exact = await app.inject(`/catalog?q=${encodeURIComponent(q)}&literal=1`);
    expect(exact.statusCode).toBe(200);
    expect(exact.body).toContain('Searched the words exactly as typed.');
    expect(exact.body).toContain('No products match');
    expect((await app.inject('/catalog?q=nike&literal=yes')).statusCode).toBe(400);
  });

  it('says which words it left out or corrected, and suggests spellings when nothing matched', async () => {
    const app = await build();
    const relaxed = (await app.inject('/catalog?q=nike+zzzqqqxxx')).body;
    expect(relaxed).toContain('Left out: “zzzqqqxxx” (matches no product).');
    const corrected = (await app.inject('/catalog?q=nkie')).body;
    expect(corrected).toContain('“nkie” corrected to “nike”.');
    const nothing = (await app.inject('/catalog?q=nikkee')).body;
    expect(nothing).toContain('Did you mean <a href="/catalog?q=nike">nike</a>');
  });

  it('pages with the exact total', async () => {
    const app = await build();
    const first = (await app.inject('/catalog.md')).body;
    expect(first).toContain(`of ${products.length} · page 1 of ${Math.ceil(products.length / 24)}`);
    expect(first).toContain(`${BASE}/catalog.md?page=2`);
  });

  it('answers an unknown category, slug or agent with a 404 page in the representation asked for', async () => {
    const app = await build();
    for (const url of ['/category/shoes', '/producto/nothing-here-12345', '/spreadsheet/agent_z']) {
      const page = await app.inject(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>Page not found</h1>');
      const md = await app.inject(`${url}.md`);
      expect(md.statusCode).toBe(404);
      expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
      const json = await app.inject({ url, headers: { accept: 'application/json' } });
      expect(json.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(json.json()).toMatchObject({ status: 404 });
    }
  });

  it('answers wrong methods with 405 and Allow', async () => {
    const app = await build();
    for (const url of [
      '/',
      '/catalog',
      `/producto/${product.slug}`,
      '/robots.txt',
      '/.well-known/api-catalog',
    ]) {
      const response = await app.inject({ method: 'POST', url, payload: { a: 1 } });
      expect(response.statusCode, url).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('makes repeat requests cheap: ETag, 304, compression', async () => {
    const app = await build();
    const first = await app.inject(`/producto/${product.slug}`);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await app.inject({
      url: `/producto/${product.slug}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const gzip = await app.inject({
      url: '/spreadsheet/agent_a',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('compresses the pages it does not keep on the routes that code their own answers', async () => {
    const app = await build();
    // A 404 page is never kept; the product route leaves no compression to @fastify/compress.
    const url = '/producto/no-such-product-123';
    const plain = await app.inject(url);
    expect(plain.statusCode).toBe(404);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const coding of ['br', 'gzip'] as const) {
      const coded = await app.inject({ url, headers: { 'accept-encoding': coding } });
      expect(coded.statusCode, coding).toBe(404);
      expect(coded.headers['content-encoding'], coding).toBe(coding);
      expect(coded.headers.vary, coding).toBe('Accept, Accept-Language, Accept-Encoding');
      // Its own strong validator, not the plain page's.
      expect(coded.headers.etag, coding).toBe(
        String(plain.headers.etag).replace(/"$/, `-${coding}"`),
      );
      const body =
        coding === 'br' ? brotliDecompressSync(coded.rawPayload) : gunzipSync(coded.rawPayload);
      expect(body.toString(), coding).toBe(plain.body);
    }
  });

  it("sends security headers with a CSP that allows only the site's own script", async () => {
    const app = await build();
    const response = await app.inject('/');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).not.toMatch(
      /<script(?! type="application\/ld\+json"| src="\/assets\/suggest\.)/,
    );
    expect(response.body).not.toMatch(/ style=| on[a-z]+=/);
  });
});
