import { createHash } from 'node:crypto';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { build, products } from '../helper.js';
import { adding, pageKinds } from '../page-kinds.js';

// html-validate's three presets on every kind of page the site serves, and 0 errors: the document
// rules (a title, a language, one h1…), accessibility, and the standard set, which includes
// Subresource Integrity on the stylesheet link.
const htmlValidate = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
});

const PAGES: readonly (readonly [kind: string, url: string, status: number])[] = [
  ['home', '/', 200],
  ['catalog with results', '/catalog?q=nike', 200],
  ['catalog without results', '/catalog?q=qqxxzzvvjj', 200],
  ['catalog, page 2 of a category', '/catalog?category=bags&page=2', 200],
  [
    'catalog with a pasted catalogued link',
    `/catalog?q=${encodeURIComponent(products[42]!.listing_url)}`,
    200,
  ],
  [
    'catalog with a pasted link not catalogued',
    `/catalog?q=${encodeURIComponent('https://item.taobao.com/item.htm?id=600000000001')}`,
    200,
  ],
  ['catalog with a short link', `/catalog?q=${encodeURIComponent('https://m.tb.cn/h.5xYz')}`, 200],
  ['category', '/category/bags', 200],
  ['product', `/producto/${products[7]!.slug}`, 200],
  ['spreadsheet', '/spreadsheet/agent_a', 200],
  ['api-docs', '/api-docs', 200],
  ['home with a preferred agent', '/?agent=agent_b', 200],
  ['catalog with a preferred agent', '/catalog?q=nike&agent=agent_c', 200],
  ['product with a preferred agent', `/producto/${products[7]!.slug}?agent=agent_b`, 200],
  ['400 page (unknown agent)', '/catalog?agent=agent_z', 400],
  ['shipping calculator, empty', '/shipping', 200],
  [
    'shipping calculator with items and a box',
    `/shipping?country=PL&items=${products[3]!.slug}:2,sneakers&length=36&width=26&height=15`,
    200,
  ],
  ['shipping calculator by weight', '/shipping?country=US&weight_grams=1500', 200],
  ['shipping calculator, 400 page', '/shipping?country=XX&weight_grams=-5', 400],
  ['shipping calculator with an unknown parameter', '/shipping?country=PL&wieght=1500', 200],
  ['400 page', '/catalog?page=abc', 400],
  ['404 page (product)', '/producto/no-such-product-1', 404],
  ['404 page (path)', '/no/such/page', 404],
  ['414 page', `/producto/${'a'.repeat(3_000)}-1`, 414],
];

const report = async (url: string, status: number) => {
  const app = await build();
  const response = await app.inject({ url, headers: { accept: 'text/html' } });
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  const result = await htmlValidate.validateString(response.body);
  return result.results.flatMap((r) =>
    r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`),
  );
};

describe.each(LANGUAGES.filter((l) => l !== 'en'))('html-validate in %s', (lang) => {
  it.each(pageKinds(products))('reports 0 errors on the $kind', async ({ url, status }) => {
    expect(await report(adding(url, 'lang', lang), status)).toEqual([]);
  });
});

describe('html-validate (standard, a11y, document)', () => {
  it.each(PAGES)('reports 0 errors on the %s', async (_kind, url, status) => {
    const app = await build();
    const response = await app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const report = await htmlValidate.validateString(response.body);
    expect(
      report.results.flatMap((r) =>
        r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`),
      ),
    ).toEqual([]);
  });

  it('gives the stylesheet link the integrity of the exact bytes served', async () => {
    const app = await build();
    const page = (await app.inject('/')).body;
    const [, href, integrity] =
      /<link rel="stylesheet" href="([^"]+)" integrity="(sha384-[^"]+)">/.exec(page) ?? [];
    expect(href).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.css$/);
    const css = await app.inject({ url: href!, headers: { 'accept-encoding': 'identity' } });
    expect(css.statusCode).toBe(200);
    expect(`sha384-${createHash('sha384').update(css.rawPayload).digest('base64')}`).toBe(
      integrity,
    );
  });
});
