import { type Product, qcAlbum, qcPhotoUrl } from '@repo/catalog-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Language } from '../../src/i18n/languages.js';
import { MESSAGES } from '../../src/i18n/messages.js';
import { checkHeader, checkKeptLanguage } from './phone-chrome-checks.js';
import {
  boxesOf,
  boxOf,
  inClosedDetails,
  inFirstScreen,
  onScreen,
  scrollState,
  settledScrollLeft,
  showBox,
  stylesOf,
  swipeLeft,
} from './phone-layout.js';

// What a product page promises on a phone, checked on a page loaded at scrollY 0. Every message
// names the page (`where`), the element and what was measured.

/** What a product page's check needs to know. */
export interface ProductExpectation {
  readonly product: Product;
  readonly lang: Language;
  readonly symbol: string;
  /** The server's origin: the photos the page can show are reckoned from it. */
  readonly origin: string;
}

/**
 * A product page on a phone: the first photo (or the placeholder), the title, the price and the
 * first buy button in the first screen; the photos in one strip that snaps sideways; the facts and
 * the disclosure after them, the disclosure shown without a tap.
 */
export async function checkProduct(page: Page, where: string, e: ProductExpectation) {
  const { product: p, lang } = e;
  await checkHeader(page, where);
  expect((await scrollState(page)).y, `${where}: scrollY before measuring`).toBe(0);
  const shown = p.qc_photos.filter((photo) => qcPhotoUrl(e.origin, p.slug, photo)).length;

  const first = page
    .locator(shown > 0 ? 'main .strip img' : 'main .no-photo:not(.cards *)')
    .first();
  const what = shown > 0 ? 'the first photo (main .strip img)' : 'the placeholder (main .no-photo)';
  expect(await first.count(), `${where}: ${what}`).toBe(1);
  const photo = await boxOf(first);
  expect(inFirstScreen(photo), `${where}: ${what} at ${onScreen(photo)}`).toBe(true);

  const h1 = page.locator('main h1');
  expect(await h1.textContent(), `${where}: h1`).toBe(p.title);
  const title = await boxOf(h1);
  expect(inFirstScreen(title), `${where}: h1 at ${onScreen(title)}`).toBe(true);
  const price = page.locator('main .product-price');
  expect(await price.count(), `${where}: .product-price`).toBeGreaterThan(0);
  const priceBox = await boxOf(price);
  expect(inFirstScreen(priceBox), `${where}: .product-price at ${onScreen(priceBox)}`).toBe(true);
  expect(
    await price.first().textContent(),
    `${where}: .product-price in the shopper's currency`,
  ).toContain(e.symbol);
  const buy = page.locator('main .buttons a.button').first();
  expect(await buy.count(), `${where}: .buttons a.button`).toBe(1);
  expect(await buy.getAttribute('href'), `${where}: the first buy button`).toMatch(/^\/go\//);
  const buyBox = await boxOf(buy);
  expect(inFirstScreen(buyBox), `${where}: the first buy button at ${onScreen(buyBox)}`).toBe(true);

  const facts = page.locator('main dl.facts').first();
  expect(await facts.count(), `${where}: dl.facts`).toBe(1);
  const factsBox = await boxOf(facts);
  expect(
    factsBox.top,
    `${where}: dl.facts at ${showBox(factsBox)}, ${what} at ${showBox(photo)}`,
  ).toBeGreaterThan(photo.top);
  const factsText = (await facts.textContent()) ?? '';
  for (const fact of [
    p.brand,
    MESSAGES[lang].categories[p.category].name,
    ...(p.seller ? [p.seller] : []),
  ]) {
    expect(factsText, `${where}: dl.facts`).toContain(fact);
  }
  expect(
    await facts.locator(`a[href="${p.listing_url}"]`).count(),
    `${where}: the listing's link in dl.facts`,
  ).toBe(1);

  const disclosure = page.locator('main .disclosure').first();
  expect(await disclosure.count(), `${where}: .disclosure`).toBe(1);
  const shownDisclosure = await boxOf(disclosure);
  expect(await inClosedDetails(disclosure), `${where}: .disclosure behind a closed <details>`).toBe(
    false,
  );
  expect(await disclosure.isVisible(), `${where}: .disclosure visible`).toBe(true);
  const look = await stylesOf(disclosure, ['visibility', 'opacity']);
  expect(look, `${where}: .disclosure's style`).toEqual({ visibility: 'visible', opacity: '1' });
  expect(
    Math.min(shownDisclosure.width, shownDisclosure.height),
    `${where}: .disclosure at ${showBox(shownDisclosure)}`,
  ).toBeGreaterThan(10);
  expect(
    shownDisclosure.top,
    `${where}: .disclosure at ${showBox(shownDisclosure)}, ${what} at ${showBox(photo)}`,
  ).toBeGreaterThan(photo.top);

  // Albums stay labelled links to another site, as before.
  for (const url of p.qc_albums ?? []) {
    const album = qcAlbum(url);
    if (!album) continue;
    const link = page.locator(`main a[href="${album.url}"]`);
    expect(await link.allTextContents(), `${where}: the album link ${album.url}`).toEqual([
      album.label,
    ]);
    expect(await link.getAttribute('rel'), `${where}: the album link ${album.url}`).toBe(
      'ugc nofollow noopener',
    );
  }
  if (lang !== 'en') await checkKeptLanguage(page, where, lang);
  if (shown > 0) await checkStrip(page, where, shown);
  const { scrollWidth, clientWidth } = await scrollState(page);
  expect(scrollWidth, `${where}: document width`).toBeLessThanOrEqual(clientWidth);
}

/** The photos in one strip that scrolls sideways by swipe and snaps to a photo (no script). */
async function checkStrip(page: Page, where: string, shown: number) {
  const strip = page.locator('main .strip').first();
  expect(await strip.locator('img').count(), `${where}: photos in .strip`).toBe(shown);
  const style = await stylesOf(strip, ['scroll-snap-type', 'overflow-x']);
  expect(style['scroll-snap-type'], `${where}: .strip's scroll-snap-type`).toMatch(/\bx\b/);
  expect(style['overflow-x'], `${where}: .strip's overflow-x`).toMatch(/^(auto|scroll)$/);
  const aligns = await strip
    .locator(':scope > *')
    .evaluateAll((items) =>
      items.map(
        (item) =>
          (
            globalThis as unknown as { getComputedStyle(e: unknown): { scrollSnapAlign: string } }
          ).getComputedStyle(item).scrollSnapAlign,
      ),
    );
  expect(
    aligns.filter((a) => a === 'none'),
    `${where}: .strip items' scroll-snap-align [${aligns}]`,
  ).toEqual([]);
  if (shown < 2) return;
  const size = await strip.evaluate((s) => {
    const el = s as unknown as { scrollWidth: number; clientWidth: number };
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
  expect(
    size.scrollWidth,
    `${where}: .strip scrolls sideways (client width ${size.clientWidth})`,
  ).toBeGreaterThan(size.clientWidth);
  const [one, two] = await boxesOf(strip.locator('img'));
  expect(
    two!.left,
    `${where}: photo 2 at ${showBox(two!)} is not right of photo 1 at ${showBox(one!)}`,
  ).toBeGreaterThanOrEqual(one!.right - 0.5);
  expect(Math.abs(two!.top - one!.top), `${where}: photos 1 and 2 tops`).toBeLessThan(1);

  const box = await boxOf(strip);
  await swipeLeft(page, box, box.width * 0.6);
  const left = await settledScrollLeft(strip);
  expect(left, `${where}: .strip's scrollLeft after a swipe`).toBeGreaterThan(0);
  const after = await scrollState(page);
  expect([after.x, after.y], `${where}: the page's scroll after swiping the strip`).toEqual([0, 0]);
  const snapped = await strip.evaluate((s) => {
    type El = {
      scrollLeft: number;
      scrollWidth: number;
      clientWidth: number;
      clientLeft: number;
      children: ArrayLike<El>;
      getBoundingClientRect(): { left: number; right: number; width: number };
    };
    const win = globalThis as unknown as { getComputedStyle(e: El): Record<string, string> };
    const el = s as unknown as El;
    if (Math.abs(el.scrollLeft - (el.scrollWidth - el.clientWidth)) <= 2) return true;
    const style = win.getComputedStyle(el);
    const pad = (v: string | undefined) => Number.parseFloat(v ?? '') || 0;
    const rect = el.getBoundingClientRect();
    const from = rect.left + el.clientLeft + pad(style.scrollPaddingLeft);
    const to = rect.left + el.clientLeft + el.clientWidth - pad(style.scrollPaddingRight);
    return Array.from(el.children).some((item) => {
      const r = item.getBoundingClientRect();
      const align = (win.getComputedStyle(item).scrollSnapAlign ?? '').split(' ').pop();
      if (align === 'center') return Math.abs(r.left + r.width / 2 - (from + to) / 2) <= 2;
      if (align === 'end') return Math.abs(r.right - to) <= 2;
      return Math.abs(r.left - from) <= 2;
    });
  });
  expect(snapped, `${where}: .strip came to rest at scrollLeft ${left}, between photos`).toBe(true);
}
