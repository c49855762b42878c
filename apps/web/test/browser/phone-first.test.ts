import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AGENTS, type Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { readCatalogFile, writeCatalogFile } from '@repo/catalog-io';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../src/i18n/languages.js';
import { MESSAGES } from '../../src/i18n/messages.js';
import { adding, pageKinds } from '../page-kinds.js';
import { launchChromium, PHONE, SCREENSHOT_DIR } from './chromium.js';
import { images, png } from './page-readers.js';
import { checkHeader, checkLanguageSwitch } from './phone-chrome-checks.js';
import {
  boxOf,
  inFirstScreen,
  reach,
  showBox,
  underFinger,
  withoutScript,
} from './phone-layout.js';
import { activeFilters, checkHome, checkListing, FILTER_PARAMS } from './phone-listing-checks.js';
import { checkProduct } from './phone-product-checks.js';
import { startedTogether } from './started-together.js';
import { startWebServer, type WebServer } from './web-server.js';

// The phone layout, as a shopper's phone shows it: Chromium emulating a 390 × 844 touch screen
// at 3×, on the built server with the full sample catalog and on one serving the operator's
// imported sheet (photos on other hosts, answered here; products without photos), in English and
// German. Positions are measured from the layout at scrollY 0, never compared as pixels; every
// page checked leaves its first screen in test-artifacts/screenshots/phone/.

const SHEET = fileURLToPath(
  new URL('../../../../packages/catalog-io/test/fixtures/operator-sheet.csv', import.meta.url),
);
const PICTURE_PATH = /\.(?:jpe?g|png|gif|webp|avif)$/i;
const PNG = png(4, 3, [0x8a, 0x9b, 0xb0]);
const SHOTS = join(SCREENSHOT_DIR, 'phone');
/** The language besides English every check runs in (long words, another number format). */
const OTHER: Language = 'de';
// A phone's browser, for the one click the home page's popular row needs.
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const sampleCatalog = generateSampleCatalog();
let dir: string;
let sample: WebServer;
let sheet: WebServer;
let imported: readonly Product[];
let browser: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  imported = (await readCatalogFile(SHEET, { now: '2025-06-30T12:00:00.000Z' })).products;
  dir = mkdtempSync(join(tmpdir(), 'web-phone-first-'));
  const file = join(dir, 'catalog.ndjson');
  await writeCatalogFile(file, imported);
  [sample, sheet, browser] = await startedTogether([
    startWebServer({ env: { RATE_LIMIT_PAGES: '0' } }),
    startWebServer({ env: { CATALOG_FILE: file, RATE_LIMIT_PAGES: '0' } }),
    launchChromium({ device: PHONE }),
  ]);
  context = browser.context;
  const ours = new Set([new URL(sample.url).origin, new URL(sheet.url).origin]);
  // The sheet's photos are on other hosts: a small picture for each, a 404 for anything else.
  await context.route(
    (url) => !ours.has(url.origin),
    (route) =>
      PICTURE_PATH.test(new URL(route.request().url()).pathname)
        ? route.fulfill({ status: 200, contentType: 'image/png', body: PNG })
        : route.fulfill({ status: 404, contentType: 'text/plain', body: 'not on this machine' }),
  );
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), sample?.stop(), sheet?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  page = await context.newPage();
});

afterEach(async () => {
  await page.close();
});

type Catalog = 'sample' | 'sheet';
const serverOf = (catalog: Catalog) => (catalog === 'sample' ? sample : sheet);

/** Where the first screen of a page checked goes: `test-artifacts/screenshots/phone/<name>.png`. */
const shotPath = (name: string) => join(SHOTS, `${name.replace(/[^\w-]+/g, '-')}.png`);

/**
 * Opens a page at the top with every image loaded (lazy ones too) and keeps its first screen;
 * `noScript`: in a tab that runs no script (what works without one is checked so).
 */
async function open(catalog: Catalog, path: string, shot: string, noScript = false): Promise<void> {
  if (noScript) await withoutScript(page);
  const response = await page.goto(`${serverOf(catalog).url}${path}`);
  expect(response?.status(), `${catalog} ${path}`).toBe(200);
  await images(page);
  await page.screenshot({ path: shotPath(shot) });
}

const symbolOf = (path: string) => (/[?&]currency=EUR\b/.test(path) ? '€' : '$');
const inLanguage = (path: string, lang: Language) =>
  lang === 'en' ? path : adding(path, 'lang', lang);

// ── Listings ────────────────────────────────────────────────────────────────────────────────

const LISTING_PATHS: readonly (readonly [Catalog, string, { notice?: boolean }?])[] = [
  ['sample', '/catalog?q=hoodie'],
  ['sample', '/catalog'],
  ['sample', '/category/sneakers'],
  ['sample', '/category/jackets'],
  ['sample', '/catalog?sort=popular'],
  ['sample', '/catalog?q=hoodie&currency=EUR'],
  ['sample', '/catalog?q=cheap+jordan+hoodie', { notice: true }],
  // A misspelling the engine matches as it is: no notice, the same first screen.
  ['sample', '/catalog?q=hodie'],
  // One it corrects, and says so.
  ['sample', '/catalog?q=nkie+dunk', { notice: true }],
  ['sample', '/catalog?q=hoodie&max_price=100&sort=price_asc'],
  ['sample', '/catalog?category=sneakers&min_price=10'],
  ['sheet', '/catalog?q=hoodie'],
  ['sheet', '/category/perfumes'],
];
const LISTINGS = LISTING_PATHS.flatMap(([catalog, path, options]) =>
  (['en', OTHER] as const).map((lang) => ({
    name: `${catalog} ${inLanguage(path, lang)}`,
    catalog,
    path: inLanguage(path, lang),
    lang,
    notice: options?.notice ?? false,
  })),
);

describe('a listing on a phone', () => {
  it.each(LISTINGS)(
    '$name: four cards in the first screen, search on top, filters folded',
    async ({ name, catalog, path, lang, notice }) => {
      await open(catalog, path, `listing ${name}`);
      await checkListing(page, `${catalog} ${path}`, {
        lang,
        symbol: symbolOf(path),
        categorySelect: path.startsWith('/catalog'),
        notice,
      });
    },
    30_000,
  );

  it.each([
    ['sample', '/catalog?q=hoodie', 'en'],
    ['sample', '/category/sneakers', OTHER],
    ['sheet', '/catalog?q=hoodie&max_price=100', 'en'],
  ] as const)(
    '%s %s (%s): a tap on the summary opens the filters in place',
    async (catalog, p, lang) => {
      const path = inLanguage(p, lang);
      const where = `${catalog} ${path}`;
      await open(catalog, path, `refine ${where}`, true);
      const refine = page.locator('details.refine');
      expect(await refine.count(), `${where}: details.refine`).toBe(1);
      const before = page.url();
      await refine.locator('summary').first().tap();
      expect(
        await refine.evaluate((d) => (d as unknown as { open: boolean }).open),
        `${where}: details.refine after a tap`,
      ).toBe(true);
      expect(page.url(), `${where}: the tap navigated`).toBe(before);
      const summary = await boxOf(refine.locator('summary').first());
      const names = [
        ...(path.startsWith('/catalog') ? ['category'] : []),
        'min_price',
        'max_price',
        'sort',
      ];
      for (const name of names) {
        const field = refine.locator(`:is(select, input)[name="${name}"]`);
        expect(await field.isVisible(), `${where}: ${name} shown once open`).toBe(true);
        const box = await boxOf(field);
        expect(
          box.top,
          `${where}: ${name} at ${showBox(box)}, under the summary at ${showBox(summary)}`,
        ).toBeGreaterThanOrEqual(summary.bottom - 0.5);
      }
      await page.screenshot({
        path: shotPath(`refine-open ${where}`),
      });
    },
  );

  it.each(
    [
      '/catalog?q=hoodie&max_price=100&sort=price_asc',
      '/catalog?category=sneakers&min_price=10',
    ].flatMap((path) => (['en', OTHER] as const).map((lang) => inLanguage(path, lang))),
  )('%s: each active filter is removed by one tap, the others kept', async (path) => {
    const where = `sample ${path}`;
    const asked = new URL(path, sample.url).searchParams;
    const removed: string[] = [];
    const links = page.locator('.active-filters a');
    await open('sample', path, `active-filters ${path}`, true);
    const count = await links.count();
    expect(count, `${where}: .active-filters a`).toBe(activeFilters(path).length);
    for (let i = 0; i < count; i++) {
      if (i > 0) await page.goto(`${sample.url}${path}`);
      const text = await links.nth(i).textContent();
      await Promise.all([
        page.waitForURL((url) => url.href !== `${sample.url}${path}`),
        links.nth(i).tap(),
      ]);
      const now = new URL(page.url()).searchParams;
      const gone = [...asked.keys()].filter((k) => !now.get(k));
      expect(gone, `${where}: tapping “${text}” led to ${page.url()}`).toHaveLength(1);
      expect(
        FILTER_PARAMS as readonly string[],
        `${where}: “${text}” removed ${gone[0]}`,
      ).toContain(gone[0]);
      for (const [k, v] of asked)
        if (k !== gone[0]) expect(now.get(k), `${where}: “${text}” kept ${k}`).toBe(v);
      removed.push(gone[0]!);
    }
    expect(removed.sort(), `${where}: the filters the links remove`).toEqual(
      activeFilters(path).sort(),
    );
  });
});

// ── Product pages ───────────────────────────────────────────────────────────────────────────

const hasQc = (p: Product) => p.qc_photos.length > 0 || (p.qc_albums?.length ?? 0) > 0;
/** Product pages to check: their catalog, a name and how to find the product once loaded. */
const PRODUCTS: readonly { name: string; catalog: Catalog; pick: () => Product; query?: string }[] =
  [
    {
      name: 'sample, most photos',
      catalog: 'sample',
      pick: () => sampleCatalog.find((p) => p.qc_photos.length >= 6 && p.seller)!,
    },
    {
      name: 'sample, long title',
      catalog: 'sample',
      pick: () => [...sampleCatalog].sort((a, b) => b.title.length - a.title.length)[0]!,
    },
    {
      name: 'sample, in euros',
      catalog: 'sample',
      pick: () => sampleCatalog[7]!,
      query: 'currency=EUR',
    },
    {
      name: 'sheet, photos and albums',
      catalog: 'sheet',
      pick: () => imported.find((p) => p.qc_photos.length >= 2 && (p.qc_albums?.length ?? 0) >= 2)!,
    },
    { name: 'sheet, no photos', catalog: 'sheet', pick: () => imported.find((p) => !hasQc(p))! },
  ];

describe('a product page on a phone', () => {
  it.each(PRODUCTS.flatMap((c) => (['en', OTHER] as const).map((lang) => ({ ...c, lang }))))(
    '$name ($lang): photo, title, price and buy button first; a photo strip; facts and disclosure after',
    async ({ name, catalog, pick, query, lang }) => {
      const product = pick();
      let path = `/producto/${product.slug}${query ? `?${query}` : ''}`;
      path = inLanguage(path, lang);
      await open(catalog, path, `product ${name} ${lang}`, true);
      await checkProduct(page, `${catalog} ${path} (${name})`, {
        product,
        lang,
        symbol: symbolOf(path),
        origin: serverOf(catalog).url,
      });
    },
    30_000,
  );
});

// ── Home ────────────────────────────────────────────────────────────────────────────────────

describe('the home page on a phone', () => {
  it('shows the search field and the first product row in the first screen, categories after', async () => {
    for (const lang of ['en', OTHER] as const) {
      await open('sheet', inLanguage('/', lang), `home sheet featured ${lang}`);
      await checkHome(page, `sheet ${inLanguage('/', lang)}`, {
        lang,
        symbol: '$',
        row: 'featured',
      });
    }
    // Nothing clicked yet on the sample server: the featured row comes first.
    for (const lang of ['en', OTHER] as const) {
      await open('sample', inLanguage('/', lang), `home featured ${lang}`);
      await checkHome(page, `sample ${inLanguage('/', lang)} (nothing clicked)`, {
        lang,
        symbol: '$',
        row: 'featured',
      });
    }
    // One buy click from a phone: the popular row appears, and comes first.
    const agent = DEFAULT_AGENTS.find((a) => a.status !== 'closed')!;
    const clicked = await fetch(`${sample.url}/go/${agent.id}/${sampleCatalog[11]!.slug}`, {
      redirect: 'manual',
      headers: { 'user-agent': PHONE_UA },
    });
    expect(clicked.status).toBe(302);
    for (const lang of ['en', OTHER] as const) {
      await open('sample', inLanguage('/', lang), `home popular ${lang}`);
      await checkHome(page, `sample ${inLanguage('/', lang)} (one click)`, {
        lang,
        symbol: '$',
        row: 'popular',
      });
    }
  }, 60_000);
});

// ── Header ──────────────────────────────────────────────────────────────────────────────────

describe('the header on a phone', () => {
  it.each(LANGUAGES)(
    'is at most 64 px on every kind of page, its language switch one control (%s)',
    async (lang) => {
      for (const { kind, url, status } of pageKinds(sampleCatalog)) {
        const path = adding(url, 'lang', lang);
        const response = await page.goto(`${sample.url}${path}`);
        expect(response?.status(), path).toBe(status);
        await page.screenshot({
          path: shotPath(`header ${lang} ${kind}`),
          scale: 'css',
        });
        await checkHeader(page, `${path} (${kind})`);
        await checkLanguageSwitch(page, `${path} (${kind})`, lang);
      }
    },
    120_000,
  );

  it('switches language with one tap on plain links that keep the other choices', async () => {
    const path = '/catalog?q=hoodie&currency=EUR';
    await open('sample', path, 'language switch closed', true);
    await checkLanguageSwitch(page, path, 'en');
    const control = page.locator('header details.lang-switch');
    await control.locator('summary').first().tap();
    await page.screenshot({ path: shotPath('language-switch-open') });
    const links = control.locator('a[hreflang]');
    for (let i = 0; i < (await links.count()); i++) {
      const link = links.nth(i);
      const box = await boxOf(link);
      const href = (await link.getAttribute('href')) ?? '';
      expect(
        inFirstScreen(box) && (await underFinger(link)),
        `${path}: language link ${href} at ${showBox(box)} once open`,
      ).toBe(true);
      const params = new URL(href, sample.url).searchParams;
      expect(
        [params.get('q'), params.get('currency')],
        `${path}: ${href} keeps q and currency`,
      ).toEqual(['hoodie', 'EUR']);
    }
    const german = control.locator(`a[hreflang="${OTHER}"]`);
    await Promise.all([page.waitForURL(/[?&]lang=de\b/), german.tap()]);
    expect(await page.getAttribute('html', 'lang')).toBe(OTHER);
    const now = new URL(page.url()).searchParams;
    expect([now.get('q'), now.get('currency')]).toEqual(['hoodie', 'EUR']);
    await checkHeader(page, page.url());
    await checkLanguageSwitch(page, page.url(), OTHER);
    expect(await control.locator('summary').first().textContent()).toMatch(
      new RegExp(`${LANGUAGE_NAMES[OTHER]}|\\b${OTHER}\\b`, 'i'),
    );
  });

  it.each(['en', OTHER] as const)(
    'keeps every main navigation link one tap away at most (%s)',
    async (lang) => {
      const product = sampleCatalog[7]!;
      const path = inLanguage(`/producto/${product.slug}`, lang);
      const label = MESSAGES[lang].chrome.mainNav;
      const nav = page.locator(`header nav[aria-label="${label}"] a`);
      await open('sample', path, `navigation ${lang}`, true);
      const count = await nav.count();
      expect(count, `${path}: links of the header's nav “${label}”`).toBeGreaterThanOrEqual(4);
      for (let i = 0; i < count; i++) {
        if (i > 0) await page.goto(`${sample.url}${path}`);
        const link = nav.nth(i);
        const href = (await link.getAttribute('href')) ?? '';
        const reached = await reach(page, link);
        expect(reached.taps, `${path}: taps before nav link ${href}`).toBeLessThanOrEqual(1);
        expect(
          reached.reachable,
          `${path}: nav link ${href} at ${showBox(reached.box)}, scrollY ${reached.scrollY}, after ${reached.taps} tap(s)`,
        ).toBe(true);
        const target = new URL(href, sample.url);
        const landed = page.waitForResponse(
          (r) => r.url() === target.href && r.request().isNavigationRequest(),
        );
        await Promise.all([page.waitForURL(target.href), link.tap()]);
        expect((await landed).status(), `${path}: ${href}`).toBe(200);
        if (lang !== 'en')
          expect(target.searchParams.get('lang'), `${path}: ${href} keeps lang`).toBe(lang);
      }
    },
    60_000,
  );
});
