import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AGENTS } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');
const agentHosts = new Set(
  DEFAULT_AGENTS.flatMap((a) => [a.homepage, a.signup_url, a.link.template]).map(
    (u) => new URL(u.replace(/\{[a-z]+\}/g, 'x')).host,
  ),
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

// Attempts to make the service send a browser elsewhere: protocol-relative and backslash paths,
// encoded slashes, a trailing slash (a classic redirect trigger), absolute URLs in parameters.
const ATTEMPTS = [
  '/producto/%2F%2Fevil.example',
  '/producto/%2F%2Fevil.example.md',
  '//evil.example',
  '//evil.example/%2e%2e',
  '/%5C%5Cevil.example',
  '/\\evil.example',
  '/catalog/',
  '/category/bags/',
  '/producto/..%2F..%2Fevil.example',
  '/catalog?q=https://evil.example&next=https://evil.example',
  '/spreadsheet/https:%2F%2Fevil.example',
  '/index.md?redirect=//evil.example',
];

// The one redirect of the web app: the buy links, to an agent's link made from data (its own
// tests and fuzzing are test/routes/go.test.ts and test/fuzz/outbound.test.ts).
const OUTBOUND_ROUTE = join(src, 'routes', 'go', 'index.ts');

describe('redirects', () => {
  it('are issued nowhere in the web app but the buy-link route', () => {
    const files = sources(src);
    expect(files.length).toBeGreaterThan(10);
    expect(files).toContain(OUTBOUND_ROUTE);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (file === OUTBOUND_ROUTE) {
        expect(text.match(/['"]location['"]/gi)).toHaveLength(1);
        continue;
      }
      expect(text, file).not.toMatch(/\.redirect\(|['"]location['"]/i);
    }
  });

  it.each(ATTEMPTS)('%s gets no redirect and no Location', async (url) => {
    const app = await build();
    const response = await app.inject(url);
    expect(
      response.statusCode < 300 || response.statusCode >= 400,
      String(response.statusCode),
    ).toBe(true);
    expect(response.headers.location).toBeUndefined();
    expect(response.statusCode).toBeLessThan(500);
  });

  it('sends buyers to the configured agent hosts only', async () => {
    const app = await build({ RATE_LIMIT_GO: '0' });
    let followed = 0;
    for (const product of products.slice(0, 30)) {
      const html = (await app.inject(`/producto/${product.slug}`)).body;
      const sponsored = [...html.matchAll(/<a href="([^"]+)"[^>]*rel="sponsored[^"]*"/g)];
      expect(sponsored.length).toBeGreaterThan(0);
      for (const [, raw] of sponsored) {
        const href = (raw ?? '').replaceAll('&amp;', '&');
        // A buy link goes through the site's counted redirect: follow it.
        if (href.startsWith('/go/')) {
          const response = await app.inject(href);
          expect(response.statusCode, href).toBe(302);
          expect(agentHosts).toContain(new URL(String(response.headers.location)).host);
          followed++;
          continue;
        }
        expect(agentHosts).toContain(new URL(href).host);
      }
    }
    expect(followed).toBe(30 * 3);
  });
});
