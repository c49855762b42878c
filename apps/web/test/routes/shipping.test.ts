import { DEFAULT_AGENTS, estimateShipping, formatPrice, rateFor } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';

const [a, b] = [products[3]!, products[11]!];

async function get(url: string, accept = 'text/html') {
  const app = await build();
  return app.inject({ url, headers: { accept } });
}

/** The quote rows of a Markdown page: agent, line, CNY, USD, EUR, days, billable, billed by. */
function quoteRows(markdown: string): string[][] {
  const table = markdown.slice(markdown.indexOf('| Agent | Line | Price'));
  const lines = table.split('\n').slice(2);
  return lines
    .slice(
      0,
      lines.findIndex((l) => !l.startsWith('|')),
    )
    .map((l) => l.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').replace(/\\/g, '')));
}

describe('/shipping', () => {
  it('quotes every agent and line for items, as estimate_shipping’s estimator does', async () => {
    const url = `/shipping.md?country=pl&items=${a.slug}:2,${b.slug},sneakers&length=36&width=26&height=15`;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const expected = estimateShipping(
      {
        country: 'PL',
        items: [
          { slug: a.slug, quantity: 2 },
          { slug: b.slug, quantity: 1 },
          { category: 'sneakers', quantity: 1 },
        ],
        dimensions_cm: { length: 36, width: 26, height: 15 },
      },
      { resolveProduct: (slug) => products.find((p) => p.slug === slug) },
    );
    const rows = quoteRows(response.body);
    expect(rows.map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual(
      expected.quotes.map((q) => [
        q.agent_name,
        `${q.line_name}${q.tax_included ? ' (duties prepaid)' : ''}`,
        formatPrice(q.price.amount, 'CNY'),
        `${q.delivery_days.min}–${q.delivery_days.max} days`,
        `${q.billable_weight_grams.toLocaleString('en-US')} g`,
      ]),
    );
    expect(response.body).toContain(
      `Packed weight:** ${expected.actual_weight_grams.toLocaleString('en-US')} g`,
    );
    for (const assumption of expected.assumptions)
      expect(response.body).toContain(assumption.slice(0, 30));
    expect(rows.filter((r) => r[7]?.includes('Cheapest'))).toHaveLength(
      expected.quotes.filter((q) => q.cheapest).length,
    );
    expect(rows.some((r) => r[7]?.includes('Fastest'))).toBe(true);
  });

  it('says when the volume decided, and that the box made it so', async () => {
    const md = (await get('/shipping.md?country=US&weight_grams=500&length=60&width=40&height=40'))
      .body;
    const rows = quoteRows(md);
    expect(rows.some((r) => r[6]?.startsWith('volume ('))).toBe(true);
    expect(rows.some((r) => r[6] === 'weight')).toBe(true);
  });

  it('quotes every agent that serves the country for weight_grams, the tool’s argument', async () => {
    const serving = DEFAULT_AGENTS.filter(
      (agent) =>
        agent.status === 'active' &&
        agent.shipping_lines.some((line) => rateFor(line, 'PL') !== undefined),
    );
    expect(serving.length).toBeGreaterThan(1);
    const app = await build();
    const md = await app.inject('/shipping.md?country=PL&weight_grams=1500');
    expect(md.statusCode).toBe(200);
    const rows = quoteRows(md.body);
    for (const agent of serving) {
      expect(
        rows.some((r) => r[0] === agent.name && /^¥[\d,]+\.\d\d$/.test(r[2] ?? '')),
        agent.name,
      ).toBe(true);
    }
    expect(rows).toHaveLength(
      estimateShipping({ country: 'PL', weight_grams: 1500 }, { agents: DEFAULT_AGENTS }).quotes
        .length,
    );
    expect(md.body).toContain('Packed weight:** 1,500 g');
    expect(md.body).toContain(
      'url: "http://test.local/shipping?country=PL\\u0026weight_grams=1500"',
    );
    const html = (await app.inject('/shipping?country=PL&weight_grams=1500')).body;
    for (const agent of serving) expect(html).toContain(`<td>${agent.name}</td>`);
    expect(html).toMatch(/<input [^>]*name="weight_grams"[^>]* value="1500"/);
  });

  it('still reads the old weight, and sends it on as weight_grams', async () => {
    const app = await build();
    const old = await app.inject('/shipping.md?country=PL&weight=1500');
    const now = await app.inject('/shipping.md?country=PL&weight_grams=1500');
    expect(old.statusCode).toBe(200);
    expect(quoteRows(old.body)).toEqual(quoteRows(now.body));
    expect(old.body).toContain(
      'url: "http://test.local/shipping?country=PL\\u0026weight_grams=1500"',
    );
    const html = (await app.inject('/shipping?country=PL&weight=1500')).body;
    expect(html).toContain(
      '<link rel="canonical" href="http://test.local/shipping?country=PL&amp;weight_grams=1500">',
    );
    expect(html).toMatch(/<input [^>]*name="weight_grams"[^>]* value="1500"/);
    expect(html).not.toMatch(/name="weight"/);
    // The same weight under both names is no doubt.
    const both = await app.inject('/shipping.md?country=PL&weight=1500&weight_grams=1500');
    expect(both.statusCode).toBe(200);
    expect(quoteRows(both.body)).toEqual(quoteRows(now.body));
  });

  it('names an unknown parameter with the closest known name, and answers the rest', async () => {
    const app = await build();
    const html = await app.inject('/shipping?country=PL&wieght=1');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(
      '<p class="notice" role="status">Unknown parameter “wieght”: did you mean “weight_grams”? It was ignored.</p>',
    );
    expect(html.body).toContain('<option value="PL" selected>Poland</option>');
    expect(html.body).toContain('Give the parcel’s weight in grams');
    const md = await app.inject('/shipping.md?country=PL&wieght=1');
    expect(md.statusCode).toBe(200);
    expect(md.body).toContain(
      '> Unknown parameter “wieght”: did you mean “weight\\_grams”? It was ignored.',
    );
    // A usable question still gets its quotes, under the notice.
    const quoted = await app.inject('/shipping.md?country=PL&weight_grams=1500&heigth=10');
    expect(quoted.statusCode).toBe(200);
    expect(quoted.body).toContain('did you mean “height”?');
    expect(quoteRows(quoted.body).length).toBeGreaterThan(0);
    // Another problem is still a 400, and the unknown parameter is named with it.
    const bad = await app.inject('/shipping.md?country=XX&wieght=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Unknown country “XX”');
    expect(bad.body).toContain('Unknown parameter “wieght”');
  });

  it('lists the known names for a name close to none, or to a tool argument it does not take', async () => {
    const app = await build();
    const known =
      'the known ones are country, weight\\_grams, items, add, length, width, height, agent, lang, and currency.';
    const one = await app.inject('/shipping.md?country=PL&weight_grams=1500&zzzzzz=1');
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`> Unknown parameter “zzzzzz”: ${known} It was ignored.`);
    const tool = await app.inject('/shipping.md?country=PL&line=dhl&dimensions_cm=3');
    expect(tool.body).toContain(
      `> Unknown parameters “line” and “dimensions\\_cm”: ${known} They were ignored.`,
    );
    const many = Array.from({ length: 12 }, (_, i) => `x${i}=1`).join('&');
    const counted = await app.inject(`/shipping.md?country=PL&${many}`);
    expect(counted.statusCode).toBe(200);
    expect(counted.body).toContain('“x9”');
    expect(counted.body).not.toContain('“x10”');
    expect(counted.body).toContain('2 more unknown parameters were ignored.');
  });

  it.each([
    ['utm_source', 'newsletter'],
    ['utm_campaign', 'spring'],
    ['fbclid', 'IwAR0abc'],
    ['gclid', 'Cj0KCQ'],
    ['msclkid', 'abc'],
    ['ref', 'someone'],
    ['agent', 'agent_b'],
    ['lang', 'es'],
    ['currency', 'EUR'],
  ])('says nothing of %s', async (name, value) => {
    const app = await build();
    for (const path of ['/shipping', '/shipping.md']) {
      const response = await app.inject(`${path}?country=PL&weight_grams=1500&${name}=${value}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Unknown parameter');
      expect(response.body).not.toMatch(/class="notice"|^> /m);
    }
  });

  it('keeps a page per notice: tracking parameters share the page, unknown ones do not', async () => {
    const app = await build();
    const plain = await app.inject('/shipping.md?country=PL&weight_grams=1500');
    const tracked = await app.inject('/shipping.md?country=PL&weight_grams=1500&utm_source=x');
    expect(tracked.headers.etag).toBe(plain.headers.etag);
    const unknown = await app.inject('/shipping.md?country=PL&weight_grams=1500&wieght=1');
    expect(unknown.headers.etag).not.toBe(plain.headers.etag);
    expect(unknown.body).toContain('Unknown parameter “wieght”');
    const again = await app.inject('/shipping.md?country=PL&weight_grams=1500');
    expect(again.body).not.toContain('Unknown parameter');
  });

  it('never fails on odd parameter names', async () => {
    const app = await build();
    for (const query of ['__proto__=1&constructor=2', '=3&&x', `${'w'.repeat(2000)}=1`, '%ZZ=1']) {
      const response = await app.inject(`/shipping.md?country=PL&${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.body, query).toContain('Unknown parameter');
    }
  });

  it('serves the HTML page with a country selector of every served country', async () => {
    const response = await get(`/shipping?country=PL&weight_grams=1500`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<option value="PL" selected>Poland</option>');
    expect(html).toContain('<option value="US">United States</option>');
    expect(html).not.toContain('<option value="CN"');
    expect(html).toMatch(/<caption id="[^"]+">\d+ quotes to Poland, cheapest first/);
  });

  it('asks for a country first, as a normal page', async () => {
    const response = await get('/shipping');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Choose the country to ship to');
  });

  it.each([
    ['an unknown country', '?country=XX&weight_grams=500', /Unknown country “XX”/],
    ['UK', '?country=UK&weight_grams=500', /the United Kingdom is GB/],
    [
      'a country no line serves',
      '?country=CN&weight_grams=500',
      /No shipping line serves China \\?\(CN/,
    ],
    [
      'a negative weight',
      '?country=US&weight_grams=-5',
      /whole number of grams from 1 to 100,000; “-5” is not/,
    ],
    ['a weight of words', '?country=US&weight_grams=heavy', /“heavy” is not/],
    [
      'an unknown slug',
      '?country=US&items=no-such-thing-123456',
      /No product has the slug “no-such-thing-123456”/,
    ],
    ['a bad item', '?country=US&items=Nike%20Dunk!:0', /is not a product slug or category/],
    ['half a box', '?country=US&weight_grams=500&length=30', /length, width and height, or none/],
    [
      'a negative side',
      '?country=US&weight_grams=500&length=30&width=-2&height=3',
      /width must be more than 0/,
    ],
    [
      'weight and items',
      `?country=US&weight_grams=500&items=${a.slug}`,
      /a weight or items, not both/,
    ],
    [
      'a parcel no line takes',
      '?country=US&weight_grams=99999',
      /No shipping line can carry this parcel/,
    ],
    ['an unknown add', '?country=US&add=https://m.tb.cn/h.x', /is no product of the catalog/],
    ['a negative weight by its old name', '?country=US&weight=-5', /“-5” is not/],
    [
      'weight and weight_grams that disagree',
      '?country=US&weight=1500&weight_grams=1000',
      /“weight\\?_grams” and its old name “weight” give different values \\?\(“1000” and “1500”\\?\)/,
    ],
  ])('answers %s with a 400 page naming it, in HTML and Markdown', async (_what, query, reason) => {
    const app = await build();
    for (const [path, accept, type] of [
      ['/shipping', 'text/html', 'text/html; charset=utf-8'],
      ['/shipping.md', '*/*', 'text/markdown; charset=utf-8'],
      ['/shipping', 'text/markdown', 'text/markdown; charset=utf-8'],
    ] as const) {
      const response = await app.inject({ url: `${path}${query}`, headers: { accept } });
      expect(response.statusCode, `${path}${query}`).toBe(400);
      expect(response.headers['content-type']).toBe(type);
      expect(response.body).toMatch(reason);
      expect(response.body).toContain('Shipping calculator');
    }
  });

  it('adds an item by slug, page link or listing link, and carries it in its URL and form', async () => {
    for (const add of [b.slug, `http://test.local/producto/${b.slug}.md`, b.listing_url]) {
      const response = await get(
        `/shipping?country=DE&items=${a.slug}&add=${encodeURIComponent(add)}`,
      );
      expect(response.statusCode, add).toBe(200);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain(
        `<link rel="canonical" href="http://test.local/shipping?country=DE&amp;items=${a.slug},${b.slug}">`,
      );
      expect(response.body).toContain(
        `<input type="hidden" name="items" value="${a.slug},${b.slug}">`,
      );
    }
    const again = await get(`/shipping.md?items=${a.slug}&add=${a.slug}`);
    expect(again.body).toContain(`url: "http://test.local/shipping?items=${a.slug}:2"`);
  });

  it('changes quantities with plain links', async () => {
    const html = (await get(`/shipping?country=DE&items=${a.slug}:2,${b.slug}`)).body;
    const links = [...html.matchAll(/<a href="([^"]+)">(One more|One less|Remove)<\/a>/g)].map(
      (m) => [m[2], m[1]!.replaceAll('&amp;', '&')],
    );
    expect(links).toEqual([
      ['One more', `/shipping?country=DE&items=${a.slug}:3,${b.slug}`],
      ['One less', `/shipping?country=DE&items=${a.slug},${b.slug}`],
      ['Remove', `/shipping?country=DE&items=${b.slug}`],
      ['One more', `/shipping?country=DE&items=${a.slug}:2,${b.slug}:2`],
      ['One less', `/shipping?country=DE&items=${a.slug}:2`],
      ['Remove', `/shipping?country=DE&items=${a.slug}:2`],
    ]);
  });

  it('is linked from every product page by a country selector that carries the item', async () => {
    const html = (await get(`/producto/${a.slug}`)).body;
    const form =
      /<form [^>]*aria-label="Estimate shipping to your country" action="\/shipping" method="get">.*?<\/form>/.exec(
        html,
      )?.[0];
    expect(form).toContain(`<input type="hidden" name="items" value="${a.slug}">`);
    expect(form).toMatch(/<select id="form-\d+-country" name="country">/);
    expect(form).toContain('<option value="PL">Poland</option>');
    expect(html).toContain(`<a href="/shipping?items=${a.slug}">Add to a shipping estimate</a>`);
    const md = (await get(`/producto/${a.slug}.md`)).body;
    expect(md).toContain(`http://test.local/shipping.md?items=${a.slug}`);
  });

  it('is in the sitemap, llms.txt, the home page and the navigation', async () => {
    const app = await build();
    expect((await app.inject('/sitemap.xml')).body).toContain(
      '<loc>http://test.local/shipping</loc>',
    );
    expect((await app.inject('/llms.txt')).body).toContain(
      '(http://test.local/shipping.md?country=US&weight_grams=1000)',
    );
    const home = (await app.inject('/')).body;
    expect(home).toContain('<a href="/shipping">the shipping calculator</a>');
    expect(home).toContain('<a href="/shipping">Shipping</a>');
    expect((await app.inject('/api-docs.md')).body).toContain('## Shipping calculator');
  });
});
