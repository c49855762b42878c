import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AxeViolation,
  launchChromium,
  runAxe,
  SCREENSHOT_DIR,
  screenshots,
} from './chromium.js';
import { startWebServer, type WebServer } from './web-server.js';

// Real process, real browser: the built web server with the full sample catalog, driven by
// Debian's Chromium through playwright-core. Every page type is checked with axe-core and
// photographed at phone and desktop widths (test-artifacts/screenshots/).

let server: WebServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  context = browser.context;
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), server?.stop()]);
});

const serious = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** A fresh tab that records CSP violations, failed requests and requests to other hosts. */
async function openTab(): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(server.url) && !r.url().startsWith('data:'))
      problems.push(`external: ${r.url()}`);
  });
  // A request the browser itself abandoned (an image still loading when the test navigates on,
  // which a loaded machine makes likely) is not the server's failure; any other failure is, and
  // so is any 5xx answer.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()}: ${r.url()}`);
  });
  return { page, problems };
}

/** The checks every page type gets: axe, screenshots, no CSP error, nothing external. */
async function checkPage(page: Page, problems: string[], name: string) {
  await screenshots(page, name);
  expect(serious(await runAxe(page)), `${name}: serious or critical axe violations`).toEqual([]);
  expect(problems, `${name}: console errors, failed or external requests`).toEqual([]);
}

describe('in Chromium', () => {
  it('searches from the home page, opens a product and follows its category', async () => {
    const { page, problems } = await openTab();
    await page.goto(`${server.url}/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Affiliate Catalog');
    await checkPage(page, problems, 'home');

    await page.getByLabel(/^Search [\d,]+ products$/).fill('nike dunk');
    await Promise.all([
      page.waitForURL(/\/catalog\?q=nike\+dunk/),
      page.getByRole('button', { name: 'Search' }).first().click(),
    ]);
    await expect(page.locator('h1').textContent()).resolves.toContain('nike dunk');
    await expect(page.locator('#results').textContent()).resolves.toMatch(/Results for/);
    expect(await page.locator('.cards .card').count()).toBeGreaterThan(0);
    await checkPage(page, problems, 'catalog');

    const first = page.locator('.cards .card h3 a').first();
    const title = await first.textContent();
    await Promise.all([page.waitForURL(/\/producto\//), first.click()]);
    await expect(page.locator('h1').textContent()).resolves.toBe(title);
    const buy = page.getByRole('link', { name: /^Buy with / });
    expect(await buy.count()).toBe(3);
    expect(await buy.first().getAttribute('rel')).toBe('sponsored nofollow noopener');
    await expect(page.locator('.disclosure').textContent()).resolves.toMatch(/affiliate links/);
    expect(await page.locator('.gallery img').count()).toBeGreaterThan(0);
    // QC photos are drawn by the server: they must actually load, offline.
    expect(
      await page
        .locator('.gallery img')
        .first()
        .evaluate((img) => {
          const image = img as unknown as { complete: boolean; naturalWidth: number };
          return image.complete && image.naturalWidth > 0;
        }),
    ).toBe(true);
    await checkPage(page, problems, 'product');

    const crumb = page.locator('.crumbs a').nth(1);
    const category = await crumb.textContent();
    await Promise.all([page.waitForURL(/\/category\//), crumb.click()]);
    await expect(page.locator('h1').textContent()).resolves.toBe(category);
    await checkPage(page, problems, 'category');
  }, 60_000);

  it('keeps a preferred agent from home to catalog, product and back to the catalog', async () => {
    const { page, problems } = await openTab();
    const kept = /[?&]agent=agent_b(&|#|$)/;
    await page.goto(`${server.url}/?agent=agent_b`);
    // The home page lists the preferred agent first, marked.
    await expect(
      page.locator('section[aria-labelledby="agents"] h3').first().textContent(),
    ).resolves.toBe('Bamboo Cart (your agent)');

    // Home → catalog through the search form: the preference rides in a hidden field.
    await page.getByLabel(/^Search [\d,]+ products$/).fill('hoodie');
    await Promise.all([
      page.waitForURL(/\/catalog\?q=hoodie&agent=agent_b$/),
      page.getByRole('button', { name: 'Search' }).first().click(),
    ]);
    expect(await page.locator('.cards .card').count()).toBeGreaterThan(0);
    await checkPage(page, problems, 'catalog-preferred-agent');

    // Catalog → product by its card.
    await Promise.all([
      page.waitForURL(/\/producto\/[^?]+\?agent=agent_b$/),
      page.locator('.cards .card h3 a').first().click(),
    ]);
    const buy = page.getByRole('link', { name: /^Buy with / });
    expect(await buy.count()).toBe(3);
    await expect(buy.first().textContent()).resolves.toBe('Buy with Bamboo Cart (your agent)');
    expect(await buy.first().getAttribute('href')).toMatch(/^\/go\/agent_b\//);
    // The canonical URL stays the product's own.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).not.toMatch(/agent=/);

    // Product → catalog through the site's navigation.
    await Promise.all([
      page.waitForURL(/\/catalog\?agent=agent_b$/),
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog' }).click(),
    ]);
    await expect(page.locator('h1').textContent()).resolves.toBe('Catalog');
    expect(page.url()).toMatch(kept);
    // Every link to a page of the site still carries it.
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const pageLinks = hrefs.filter((h) =>
      /^\/($|\?|catalog|category\/|producto\/|spreadsheet\/|api-docs)/.test(h),
    );
    expect(pageLinks.length).toBeGreaterThan(10);
    for (const href of pageLinks) expect(href).toMatch(kept);
    expect(problems).toEqual([]);
  }, 60_000);

  it('pages and sorts through a spreadsheet with plain links', async () => {
    const { page, problems } = await openTab();
    await page.goto(`${server.url}/spreadsheet/agent_a`);
    await expect(page.locator('.pager p').textContent()).resolves.toMatch(
      /^Rows 1–100 of 17,917 · page 1 of 180$/,
    );
    await checkPage(page, problems, 'spreadsheet');

    await Promise.all([
      page.waitForURL(/page=2/),
      page.getByRole('link', { name: 'Next page' }).click(),
    ]);
    await expect(page.locator('tbody tr td').first().textContent()).resolves.toBe('101');

    await Promise.all([
      page.waitForURL(/sort=price_asc/),
      page.getByRole('link', { name: /^Price \(CNY\)/ }).click(),
    ]);
    await expect(page.locator('th[aria-sort]').textContent()).resolves.toMatch(/^Price/);
    const prices = await page.locator('tbody tr td:nth-child(5)').allTextContents();
    const values = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => a - b));

    await Promise.all([
      page.waitForURL(/page=180/),
      page.getByRole('link', { name: /^Last page/ }).click(),
    ]);
    await expect(page.locator('tbody tr td').first().textContent()).resolves.toBe('17,901');
    await expect(page.locator('tbody tr').count()).resolves.toBe(17);
  }, 60_000);

  it('shows the whole photo on product cards, on a phone and on a desktop', async () => {
    const { page, problems } = await openTab();
    for (const [name, path] of [
      ['home', '/'],
      ['catalog', '/catalog?q=hoodie'],
      ['category', '/category/sneakers'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      for (const [label, width, height] of [
        ['phone', 390, 844],
        ['desktop', 1280, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        const cards = page.locator('.cards .card');
        expect(await cards.count(), `${name}: cards`).toBeGreaterThan(2);
        await cards.first().scrollIntoViewIfNeeded();
        for (let i = 0; i < 3; i++) {
          const img = cards.nth(i).locator('img');
          await img.scrollIntoViewIfNeeded();
          // Lazy images load once near the viewport; wait for the photo itself.
          await img.evaluate((el) => (el as unknown as { decode(): Promise<void> }).decode());
          const shown = await img.evaluate((el) => {
            const image = el as unknown as {
              naturalWidth: number;
              naturalHeight: number;
              clientWidth: number;
              clientHeight: number;
              getBoundingClientRect(): { left: number; right: number; top: number; bottom: number };
              closest(s: string): { getBoundingClientRect(): typeof rect } | null;
            };
            const rect = image.getBoundingClientRect();
            const card = image.closest('.card')?.getBoundingClientRect() ?? rect;
            return {
              natural: image.naturalWidth / image.naturalHeight,
              box: image.clientWidth / image.clientHeight,
              fit: (
                globalThis as unknown as { getComputedStyle(e: unknown): { objectFit: string } }
              ).getComputedStyle(el).objectFit,
              inside:
                rect.left >= card.left - 0.5 &&
                rect.right <= card.right + 0.5 &&
                rect.top >= card.top - 0.5 &&
                rect.bottom <= card.bottom + 0.5,
            };
          });
          const where = `${name} ${label} card ${i + 1}: ${JSON.stringify(shown)}`;
          // The box has the photo's shape, so no part of it is cut, whatever the fit…
          expect(Math.abs(shown.box - shown.natural) / shown.natural, where).toBeLessThan(0.02);
          // …and a photo of another shape would be shown whole in it, not cropped.
          expect(shown.fit, where).toBe('contain');
          expect(shown.inside, where).toBe(true);
        }
        if (name === 'home') {
          mkdirSync(SCREENSHOT_DIR, { recursive: true });
          await page.screenshot({ path: join(SCREENSHOT_DIR, `cards-${label}.png`) });
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('estimates shipping from a product page’s country selector, and edits the parcel by links', async () => {
    const { page, problems } = await openTab();
    await page.goto(`${server.url}/catalog?q=hoodie`);
    const first = page.locator('.cards .card h3 a').first();
    await Promise.all([page.waitForURL(/\/producto\//), first.click()]);
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const selector = page.getByRole('search', { name: 'Estimate shipping to your country' });
    await selector.getByLabel('Ship to').selectOption('PL');
    await Promise.all([
      page.waitForURL(/\/shipping\?/),
      selector.getByRole('button', { name: 'Estimate shipping' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('country')).toBe('PL');
    expect(new URL(page.url()).searchParams.get('items')).toBe(slug);
    await expect(page.locator('h1').textContent()).resolves.toBe('Shipping calculator');
    await expect(
      page.locator('#quotes ~ * caption, #quotes + * caption').first().textContent(),
    ).resolves.toMatch(/quotes to Poland, cheapest first/);
    expect(
      await page.locator('#quotes').locator('xpath=..').locator('tbody tr').count(),
    ).toBeGreaterThan(2);

    await Promise.all([
      page.waitForURL(/items=[^&]+%3A2|items=[^&]+:2/),
      page.getByRole('link', { name: 'One more' }).click(),
    ]);
    await expect(
      page.locator('#items').locator('xpath=..').locator('tbody td').nth(1).textContent(),
    ).resolves.toBe('2');

    // A box through the form: the estimate stays in the URL, no script and no cookie.
    const form = page.getByRole('search', { name: 'Shipping estimate' });
    await form.getByLabel('Length (cm)').fill('36');
    await form.getByLabel('Width (cm)').fill('26');
    await form.getByLabel('Height (cm)').fill('15');
    await Promise.all([
      page.waitForURL(/height=15/),
      form.getByRole('button', { name: 'Estimate' }).click(),
    ]);
    await expect(page.locator('.facts').first().textContent()).resolves.toContain(
      '36 × 26 × 15 cm',
    );
    expect(await context.cookies()).toEqual([]);
    await checkPage(page, problems, 'shipping');

    const response = await page.goto(`${server.url}/shipping?country=XX&weight_grams=-5`);
    expect(response?.status()).toBe(400);
    await expect(page.locator('.notice').first().textContent()).resolves.toMatch(
      /Unknown country “XX”/,
    );
    problems.length = 0; // the 400 itself is logged by Chromium as a failed resource
    await checkPage(page, problems, 'shipping-400');
  }, 60_000);

  it('reads a link pasted into the home page’s search box', async () => {
    const { page, problems } = await openTab();
    await page.goto(`${server.url}/`);
    await page
      .getByLabel(/^Search [\d,]+ products$/)
      .fill('https://item.taobao.com/item.htm?spm=a1z10.1&id=600000000001');
    await Promise.all([
      page.waitForURL(/\/catalog\?q=/),
      page.getByRole('button', { name: 'Search' }).first().click(),
    ]);
    const card = page.locator('section[aria-labelledby="pasted-link"]');
    await expect(card.locator('.notice').textContent()).resolves.toMatch(
      /Taobao item 600000000001 is not in the catalog/,
    );
    const buy = card.getByRole('link', { name: /^Buy with / });
    expect(await buy.count()).toBe(3);
    expect(await buy.first().getAttribute('rel')).toBe('sponsored nofollow noopener');
    await checkPage(page, problems, 'catalog-pasted-link');
  }, 60_000);

  it('renders the API docs and a 404 page accessibly', async () => {
    const { page, problems } = await openTab();
    await page.goto(`${server.url}/api-docs`);
    await expect(page.locator('h2').first().textContent()).resolves.toBe('MCP server');
    await checkPage(page, problems, 'api-docs');

    const response = await page.goto(`${server.url}/producto/no-such-thing-12345`);
    expect(response?.status()).toBe(404);
    problems.length = 0; // the 404 itself is logged by Chromium as a failed resource
    await checkPage(page, problems, 'not-found');
  }, 60_000);
});
