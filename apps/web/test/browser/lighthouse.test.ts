import type { LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage, launchForLighthouse } from './lighthouse-audit.js';
import { startWebServer, type WebServer } from './web-server.js';

// Lighthouse's mobile preset on the pages most visits start from: the home page, a search, a
// product and its category, served by the built server with the full sample catalog to Debian's
// Chromium. Each must score 95 or more for performance and 100 for accessibility and best
// practices, shift no layout, and pass every SEO audit but two that fail on purpose: robots-txt,
// which does not know robots.txt's Content-Signal line, and is-crawlable on a search, which is
// noindex. The reports are kept in test-artifacts/lighthouse/.
//
// A run takes 15 to 25 seconds, up to three for a page whose performance falls short (see
// lighthouse-audit.ts): the pages go one after the other through one Chromium.

const SEARCH = '/catalog?q=nike+dunk';
const ALWAYS_ALLOWED = ['robots-txt'];

let server: WebServer;
let chrome: Promise<LaunchedChrome> | undefined;
/** One Chromium for every page, started by the first test: without Chromium, each test fails. */
const browser = () => {
  chrome ??= launchForLighthouse();
  return chrome;
};
/** The path of each page, the product and category as the catalog served has them. */
const paths = new Map<string, string>([
  ['home', '/'],
  ['search', SEARCH],
]);

/** The first link under `path` to `prefix…`, looked for after `marker` (the cards, the trail). */
async function firstLink(path: string, marker: string, prefix: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
  const page = await response.text();
  const from = page.indexOf(marker);
  const href = from < 0 ? undefined : page.slice(from).match(/href="([^"]+)"/g);
  const found = href
    ?.map((attribute) => attribute.slice('href="'.length, -1).replaceAll('&amp;', '&'))
    .find((link) => link.startsWith(prefix));
  if (found === undefined) throw new Error(`${path}: no ${prefix} link after ${marker}`);
  return found;
}

beforeAll(async () => {
  // One browser is one client: with every photo of four pages, the page limit is not the test.
  server = await startWebServer({ env: { RATE_LIMIT_PAGES: '0' } });
  paths.set('product', await firstLink(SEARCH, '<ul class="cards">', '/producto/'));
  paths.set(
    'category',
    await firstLink(paths.get('product')!, '<nav class="crumbs"', '/category/'),
  );
}, 90_000);

afterAll(async () => {
  // kill() also removes the profile chrome-launcher made.
  await Promise.allSettled([chrome?.then((c) => c.kill()), server?.stop()]);
});

// One Chromium, and each run measures CPU time: never two pages at once.
describe.sequential('Lighthouse, mobile preset', () => {
  it.each(['home', 'search', 'product', 'category'])(
    'the %s page: performance ≥ 95, accessibility and best practices 100, no layout shift, SEO',
    async (name) => {
      const path = paths.get(name)!;
      const allowed = name === 'search' ? [...ALWAYS_ALLOWED, 'is-crawlable'] : ALWAYS_ALLOWED;
      const { shortfalls, runs } = await auditPage(
        await browser(),
        `${server.url}${path}`,
        name,
        allowed,
      );
      console.log(`lighthouse ${name} (${path}): ${runs.join(' / ')}`);
      expect(shortfalls, `${name} (${path}) falls short`).toEqual([]);
    },
    240_000,
  );
});
