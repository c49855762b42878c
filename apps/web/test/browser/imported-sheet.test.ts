import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Product, qcAlbum } from '@repo/catalog-core';
import { readCatalogFile, writeCatalogFile } from '@repo/catalog-io';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, launchChromium, runAxe, SCREENSHOT_DIR } from './chromium.js';
import { anchors, cards, type Element, images, png, type Shown } from './page-readers.js';
import { startedTogether } from './started-together.js';
import { startWebServer, type WebServer } from './web-server.js';

// The operator's community sheet (packages/catalog-io/test/fixtures/operator-sheet.csv) imported
// as an operator imports it, served by the built server from that file, and read in Chromium. Its
// QC cells hold pictures on four hosts, albums on a dozen and junk: every <img> must be one of the
// imported photos (or the site's own asset) and must load, and no album may ever become an image.
// Every other host is answered here, so nothing leaves the machine: a tiny PNG for a picture, a
// 404 for anything else (an album page asked for as an image would then fail to load).

const SHEET = fileURLToPath(
  new URL('../../../../packages/catalog-io/test/fixtures/operator-sheet.csv', import.meta.url),
);

const PNG = png(4, 3, [0x8a, 0x9b, 0xb0]);
const PICTURE_PATH = /\.(?:jpe?g|png|gif|webp|avif)$/i;

let dir: string;
let server: WebServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;
let imported: readonly Product[];
const bySlug = new Map<string, Product>();
/** Every photo URL of the imported products: the only other-host `src` a page may have. */
const photos = new Set<string>();
/** Every album URL: never an `src`. */
const albums = new Set<string>();
/** URLs of other hosts the browser asked for since the last page checked, as the route saw them. */
const outside: string[] = [];

beforeAll(async () => {
  const read = await readCatalogFile(SHEET, { now: '2025-06-30T12:00:00.000Z' });
  imported = read.products;
  for (const product of imported) {
    bySlug.set(product.slug, product);
    for (const photo of product.qc_photos) photos.add(photo);
    for (const album of product.qc_albums ?? []) albums.add(album);
  }
  dir = mkdtempSync(join(tmpdir(), 'web-imported-sheet-'));
  const file = join(dir, 'catalog.ndjson');
  await writeCatalogFile(file, imported);
  [server, browser] = await startedTogether([
    startWebServer({ env: { CATALOG_FILE: file, RATE_LIMIT_PAGES: '0' } }),
    launchChromium(),
  ]);
  context = browser.context;
  const origin = new URL(server.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      const url = route.request().url();
      outside.push(url);
      return PICTURE_PATH.test(new URL(url).pathname)
        ? route.fulfill({ status: 200, contentType: 'image/png', body: PNG })
        : route.fulfill({ status: 404, contentType: 'text/plain', body: 'not on this machine' });
    },
  );
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), server?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A fresh tab that records console errors, 5xx answers and failed requests. */
async function openTab(): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  return { page, problems };
}

/**
 * Opens `path` and checks what every page must hold to: each image is the site's own or one of
 * the imported photos, none is an album, each loaded. Returns the images for more checks.
 */
async function visit(page: Page, path: string): Promise<Shown[]> {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status(), path).toBe(200);
  const shown = await images(page);
  for (const img of shown) {
    const where = `${path}: <img src="${img.src}">`;
    const local = new URL(img.src, page.url()).origin === new URL(server.url).origin;
    expect(local || photos.has(img.src), `${where} is neither local nor an imported photo`).toBe(
      true,
    );
    expect(albums.has(img.src), `${where} is an album`).toBe(false);
    expect(img.naturalWidth, `${where} did not load`).toBeGreaterThan(0);
  }
  // What the browser asked of other hosts for this page (and any tab before it): photos only.
  const asked = outside.splice(0);
  expect(
    asked.filter((url) => !photos.has(url)),
    `${path}: requests to other hosts`,
  ).toEqual([]);
  return shown;
}

/** The product a card or a link points at, by the slug in its path. */
function productOf(href: string): Product {
  const slug = decodeURIComponent(new URL(href, server.url).pathname.replace(/^\/producto\//, ''));
  const product = bySlug.get(slug);
  if (!product) throw new Error(`no imported product behind ${href}`);
  return product;
}

const hasQc = (p: Product) => p.qc_photos.length > 0 || (p.qc_albums?.length ?? 0) > 0;

/** What a spreadsheet's QC cell says of a product: `2 photos, 1 album`, `no photos`. */
function qcCount(p: Product): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const photos = p.qc_photos.length === 0 ? 'no photos' : count(p.qc_photos.length, 'photo');
  const albums = p.qc_albums?.length ?? 0;
  return albums === 0 ? photos : `${photos}, ${count(albums, 'album')}`;
}

describe('the operator’s sheet, imported and served, in Chromium', () => {
  it('is what the server loaded from the imported file', async () => {
    // A stale build or a file the server read differently would make every other check moot.
    const health = (await (await fetch(`${server.url}/health.json`)).json()) as {
      catalog: { products: number };
    };
    expect(imported.length).toBe(674);
    expect(health.catalog.products).toBe(imported.length);
    expect(photos.size).toBeGreaterThan(200);
    expect(albums.size).toBeGreaterThan(200);
    // The set every <img> is held to holds https picture files only.
    for (const photo of photos) expect(photo).toMatch(/^https:\/\/[^\s"'<>]+$/);
  });

  it('shows every product’s photos, each loaded, and links each album with its label', async () => {
    const { page, problems } = await openTab();
    const withQc = imported.filter(hasQc);
    expect(withQc.length).toBeGreaterThan(250);
    for (const product of withQc) {
      const path = `/producto/${product.slug}`;
      const shown = await visit(page, path);
      const gallery = await page
        .locator('.strip img')
        .evaluateAll((imgs) => (imgs as unknown as Element[]).map((i) => i.getAttribute('src')));
      expect(gallery, `${path}: gallery`).toEqual(product.qc_photos);
      expect(shown.length).toBeGreaterThanOrEqual(gallery.length);
      const links = await anchors(page);
      for (const url of product.qc_albums ?? []) {
        const album = qcAlbum(url);
        expect(album?.label, `${path}: ${url}`).toMatch(/^QC (?:album|folder|post|photo)/);
        const linked = links.filter((a) => a.href === url);
        expect(linked, `${path}: ${url}`).toEqual([
          {
            href: url,
            text: album?.label,
            rel: 'ugc nofollow noopener',
            hasImage: false,
            inQc: true,
          },
        ]);
      }
      const albumLinks = links.filter((a) => a.rel === 'ugc nofollow noopener');
      expect(albumLinks.length, `${path}: album links`).toBe(product.qc_albums?.length ?? 0);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('says there are no QC photos on a product page without any, with no image or album of its own', async () => {
    const { page, problems } = await openTab();
    const without = imported.filter((p) => !hasQc(p));
    const sample = without.filter((_, i) => i % 8 === 0);
    expect(sample.length).toBeGreaterThan(40);
    for (const product of sample) {
      const path = `/producto/${product.slug}`;
      await visit(page, path);
      // Where the photos would lead the page, a box says there are none; no QC section follows.
      const box = page.locator('main .no-photo.lead-photo');
      await expect(box.textContent(), path).resolves.toBe('No QC photos yet.');
      expect(await page.locator('main .strip').count(), path).toBe(0);
      expect(await page.locator('section[aria-labelledby="qc"]').count(), path).toBe(0);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('gives listing cards their first photo, or the placeholder and no image', async () => {
    const { page, problems } = await openTab();
    const seen = { photo: 0, placeholder: 0 };
    for (const path of [
      '/',
      '/catalog',
      '/catalog?q=hoodie',
      '/catalog?q=nike',
      '/catalog?q=jordan+4',
      '/catalog?q=bag',
      '/catalog?q=perfume',
      '/category/sneakers',
      '/category/hoodies',
      '/category/jackets',
      '/category/accessories',
      '/category/perfumes',
      '/category/electronics',
    ]) {
      await visit(page, path);
      const listed = await cards(page);
      expect(listed.length, `${path}: cards`).toBeGreaterThan(0);
      for (const card of listed) {
        const product = productOf(card.href);
        const where = `${path}: card of ${product.slug}`;
        const first = product.qc_photos[0];
        if (first === undefined) {
          expect({ src: card.src, placeholder: card.placeholder }, where).toEqual({
            src: null,
            placeholder: product.title,
          });
          seen.placeholder++;
        } else {
          expect({ src: card.src, placeholder: card.placeholder }, where).toEqual({
            src: first,
            placeholder: null,
          });
          seen.photo++;
        }
      }
    }
    // Both kinds were met, or the checks above checked nothing.
    expect(seen.photo).toBeGreaterThan(20);
    expect(seen.placeholder).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  }, 120_000);

  it('pages through the spreadsheet with counts of photos and albums, and no image', async () => {
    const { page, problems } = await openTab();
    await visit(page, '/spreadsheet/agent_a');
    const summary = (await page.locator('.pager p').textContent()) ?? '';
    const pages = Number(/page 1 of (\d+)$/.exec(summary)?.[1]);
    expect(summary).toMatch(/^Rows 1–100 of 674 · page 1 of 7$/);
    let rows = 0;
    for (let n = 1; n <= pages; n++) {
      const shown = await visit(page, `/spreadsheet/agent_a?page=${n}`);
      expect(shown, `page ${n}`).toEqual([]);
      rows += await page.locator('tbody tr').count();
      const links = await anchors(page);
      for (const link of links) expect(albums.has(link.href), link.href).toBe(false);
      // Each row's QC cell counts the product's photos and albums and links to its QC section.
      const qcCells = links.filter((a) => a.href.endsWith('#qc'));
      expect(qcCells.length, `page ${n}: QC cells`).toBeGreaterThan(0);
      for (const cell of qcCells) {
        expect(cell.text, cell.href).toBe(qcCount(productOf(cell.href.replace(/#qc$/, ''))));
      }
    }
    expect(rows).toBe(imported.length);
    expect(problems).toEqual([]);
  }, 120_000);

  it('looks right on a phone: photos and album links, no photo, placeholders', async () => {
    const { page, problems } = await openTab();
    await page.setViewportSize({ width: 390, height: 844 });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const both = imported.find((p) => p.qc_photos.length >= 2 && (p.qc_albums?.length ?? 0) >= 2)!;
    const none = imported.find((p) => !hasQc(p))!;
    for (const [name, path] of [
      ['imported-product-qc', `/producto/${both.slug}`],
      ['imported-product-no-qc', `/producto/${none.slug}`],
      ['imported-listing', '/category/perfumes'],
    ] as const) {
      await visit(page, path);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-phone.png`), fullPage: true });
      expect(serious(await runAxe(page)), `${path}: axe`).toEqual([]);
      // Nothing sticks out sideways on a phone: no horizontal scrolling.
      const width = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement.scrollWidth,
      );
      expect(width, `${path}: page width`).toBeLessThanOrEqual(390);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('keeps a card’s photo box when its photo is gone, the size of a placeholder’s', async () => {
    // Hosts delete QC photos all the time (an Imgur clean-up, a seller's expired CDN link): the
    // card must keep its shape around a broken image rather than collapse to its icon.
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const path = '/category/perfumes';
    await page.goto(`${server.url}${path}`);
    const listed = await cards(page);
    const gone = listed.map((card) => card.src).find((src) => src !== null);
    expect(listed.some((card) => card.placeholder !== null)).toBe(true);
    if (!gone) throw new Error(`${path} lists no photo`);
    // A tab's own route comes before the context's: this one photo is gone, the others load.
    await page.route(
      (url) => url.href === gone,
      (route) => route.fulfill({ status: 404, body: '' }),
    );
    await page.goto(`${server.url}${path}`);
    const shown = await images(page);
    expect(shown.find((img) => img.src === gone)?.naturalWidth).toBe(0);
    const boxes = await page.locator('.cards .card .thumb').evaluateAll((thumbs) =>
      (thumbs as unknown as { getBoundingClientRect(): { width: number; height: number } }[]).map(
        (thumb) => {
          const { width, height } = thumb.getBoundingClientRect();
          return { width: Math.round(width), height: Math.round(height) };
        },
      ),
    );
    expect(boxes.length).toBe(listed.length);
    for (const box of boxes) {
      expect(box).toEqual(boxes[0]);
      expect(Math.abs(box.width / box.height - 4 / 3)).toBeLessThan(0.02);
    }
    await page.close();
  }, 60_000);
});

const serious = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
