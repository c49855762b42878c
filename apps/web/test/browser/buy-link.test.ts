import { agentProductUrl, DEFAULT_AGENTS } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { startedTogether } from './started-together.js';
import { startWebServer, type WebServer } from './web-server.js';

// A shopper's click on a product page's buy link, followed in Chromium: through the site's
// `/go/{agent}/{slug}` to the agent's own link with the affiliate code, counted as one click
// (sort=popular, the home page's popular row), and nothing counted before the click. The built
// web server runs on the full sample catalog with a temporary DATA_DIR; the browser has no
// network, so the agents' hosts are answered by the test.

// Headless Chromium says `HeadlessChrome`, which the counter (isbot) takes for a crawler: the
// tabs present themselves as the desktop Chrome a shopper uses.
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const catalog = generateSampleCatalog();

let server: WebServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;
/** Every request for a /go/ link any tab made. */
const outbound: Request[] = [];
/** Every agent page the browser was sent to, and whether only to prefetch it. */
const landed: { url: string; prefetch: boolean }[] = [];

/** Whether a request is a prefetch, by the header Chromium marks those with. */
async function isPrefetch(request: Request): Promise<boolean> {
  return /prefetch/.test((await request.allHeaders())['sec-purpose'] ?? '');
}

beforeAll(async () => {
  [server, browser] = await startedTogether([
    startWebServer({ env: { RATE_LIMIT_PAGES: '0' } }),
    launchChromium({ userAgent: USER_AGENT }),
  ]);
  context = browser.context;
  await context.route('https://agent-*.example/**', async (route) => {
    landed.push({ url: route.request().url(), prefetch: await isPrefetch(route.request()) });
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>agent</title>',
    });
  });
  context.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/go/')) {
      outbound.push(request);
    }
  });
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), server?.stop()]);
});

/** The product slugs of a listing's cards, in order. */
async function cardSlugs(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('.cards .card h3 a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => /^\/producto\/([^?#]+)/.exec(href)?.[1] ?? href);
}

async function popularOrder(page: Page): Promise<string[]> {
  await page.goto(`${server.url}/catalog?sort=popular`);
  return cardSlugs(page);
}

describe('a buy link in Chromium', () => {
  it('lands on the agent’s link with the affiliate code, and is counted once, after the click', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await expect(page.getByText('Popular this week').count()).resolves.toBe(0);
    await page.goto(`${server.url}/catalog?sort=newest`);
    const newest = await cardSlugs(page);
    expect(newest.length).toBeGreaterThanOrEqual(10);
    // Nothing clicked: the popular order is the newest one.
    expect(await popularOrder(page)).toEqual(newest);
    const slug = newest[5] ?? '';
    const product = catalog.find((p) => p.slug === slug);
    expect(product).toBeDefined();
    if (!product) return;

    await page.goto(`${server.url}/producto/${slug}`);
    const buy = page.getByRole('link', { name: /^Buy with / });
    expect(await buy.count()).toBe(DEFAULT_AGENTS.length);
    const first = buy.first();
    const name = (await first.textContent()) ?? '';
    const agent = DEFAULT_AGENTS.find((a) => name === `Buy with ${a.name}`);
    expect(agent, name).toBeDefined();
    if (!agent) return;
    expect(await first.getAttribute('href')).toBe(`/go/${agent.id}/${slug}`);
    expect(await first.getAttribute('rel')).toBe('sponsored nofollow noopener');
    expect(await first.getAttribute('target')).toBe('_blank');

    // Loading the page and pointing at the link is no click: whatever Chromium fetches ahead is
    // a prefetch, not counted.
    await first.hover();
    await page.waitForTimeout(1_000);
    for (const request of outbound) expect(await isPrefetch(request), request.url()).toBe(true);
    // Chromium's own prefetch of another product's buy link (a <link rel="prefetch"> put into the
    // page over the DevTools protocol, which the page's CSP does not apply to) is no click either.
    const other = `/go/agent_b/${newest[7]}`;
    const prefetched = page.waitForRequest(`${server.url}${other}`);
    await page.evaluate(
      `(() => { const link = document.createElement('link'); link.rel = 'prefetch'; link.href = ${JSON.stringify(other)}; document.head.append(link); })()`,
    );
    const prefetch = await prefetched;
    expect(await isPrefetch(prefetch)).toBe(true);
    expect((await prefetch.response())?.status()).toBe(302);
    const speculative = outbound.length;
    expect(landed.filter((l) => !l.prefetch)).toEqual([]);
    // The popular order is unchanged.
    expect(await popularOrder(page)).toEqual(newest);
    await page.goBack();
    expect(page.url()).toBe(`${server.url}/producto/${slug}`);

    // The click: a new tab, sent on by the site to the agent.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('link', { name: /^Buy with / })
        .first()
        .click(),
    ]);
    const expected = agentProductUrl(agent, product.marketplace, product.item_id);
    await tab.waitForURL(expected);
    expect(tab.url()).toBe(expected);
    expect(new URL(tab.url()).searchParams.get(agent.referral_param)).toBe(agent.affiliate_code);
    expect(tab.url()).toContain('ref=catalogdemo');
    await expect(tab.title()).resolves.toBe('agent');
    expect(landed.filter((l) => !l.prefetch).map((l) => l.url)).toEqual([expected]);
    // One request for the link, a plain GET of the browser, no prefetch.
    const clicked = outbound.slice(speculative);
    expect(clicked.map((r) => [r.method(), r.url()])).toEqual([
      ['GET', `${server.url}/go/${agent.id}/${slug}`],
    ]);
    const headers = (await clicked[0]?.allHeaders()) ?? {};
    expect(headers['sec-purpose']).toBeUndefined();
    expect(headers['user-agent']).toBe(USER_AGENT);
    await tab.close();

    // Counted: first in the popular order, the others unchanged; on the home page's popular row.
    expect(await popularOrder(page)).toEqual([slug, ...newest.filter((s) => s !== slug)]);
    await page.goto(`${server.url}/`);
    const row = page.locator('section[aria-labelledby="popular"]');
    await expect(row.locator('h2').textContent()).resolves.toBe('Popular this week');
    const rowSlugs = await row
      .locator('a[href^="/producto/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(rowSlugs)).toEqual(new Set([`/producto/${slug}`]));
    await page.close();
  }, 60_000);
});
