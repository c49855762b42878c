import { CATEGORY_IDS } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';

const slug = products[0]!.slug;
// One URL of every page type, errors included: each must carry the policy and satisfy it.
const PAGES: [string, string, number][] = [
  ['home', '/', 200],
  ['catalog', '/catalog?q=jordan&sort=price_asc', 200],
  ['category', `/category/${CATEGORY_IDS[0]}`, 200],
  ['product', `/producto/${slug}`, 200],
  ['spreadsheet', '/spreadsheet/agent_a?q=nike', 200],
  ['API docs', '/api-docs', 200],
  ['bad request', '/catalog?page=0', 400],
  ['not found', '/no/such/page', 404],
  ['unknown product', '/producto/no-such-product', 404],
];

function directives(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('content security policy', () => {
  it.each(PAGES)('the %s page carries the strict policy', async (_name, url, status) => {
    const app = await build();
    const response = await app.inject(url);
    expect(response.statusCode).toBe(status);
    const header = response.headers['content-security-policy'] as string | undefined;
    const policy = directives(header);
    // The site's own script (search suggestions), nothing inline, nothing from elsewhere.
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(header).not.toMatch(/unsafe-|\*/);
  });

  it.each(PAGES)('the %s page needs nothing the policy forbids', async (_name, url) => {
    const app = await build();
    const html = (await app.inject(url)).body;
    // Scripts: JSON-LD data blocks, which browsers never execute, and the site's one script,
    // from the site, with its integrity.
    for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
      expect(tag).toMatch(
        /^<script type="application\/ld\+json">$|^<script src="\/assets\/suggest\.[0-9a-f]{12}\.js" integrity="sha384-[A-Za-z0-9+/]{64}" defer>$/,
      );
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle\s*=/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<(iframe|object|embed|base)\b/i);
    // Stylesheets from the site itself; forms post to the site itself.
    for (const [, href] of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) {
      expect(href).toMatch(/^(\/|http:\/\/test\.local\/)/);
    }
    for (const [, action] of html.matchAll(/<form[^>]*action="([^"]*)"/g)) {
      expect(action).toMatch(/^(\/|http:\/\/test\.local\/)/);
    }
    // Images from the site, https or data: URLs (img-src).
    for (const [, src] of html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) {
      expect(src).toMatch(/^(\/|http:\/\/test\.local\/|https:|data:)/);
    }
  });
});
