import { join } from 'node:path';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { adding, pageKinds } from '../page-kinds.js';
import { type AxeViolation, launchChromium, runAxe, SCREENSHOT_DIR } from './chromium.js';
import { startWebServer, type WebServer } from './web-server.js';

// Every page kind in every language, in Debian's Chromium at a phone's width (390 px): axe finds
// nothing serious, nothing is wider than the screen (German words are long), and a screenshot of
// each is kept (test-artifacts/screenshots/languages/).

const PHONE = { width: 390, height: 844 };
// The server serves the whole sample catalog; the page kinds take their products from it.
const KINDS = pageKinds(generateSampleCatalog());

let server: WebServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // One browser is one client: the page rate limit would answer 429 long before the last page.
  [server, browser] = await Promise.all([
    startWebServer({ env: { RATE_LIMIT_PAGES: '0' } }),
    launchChromium(),
  ]);
  context = browser.context;
  page = await context.newPage();
  await page.setViewportSize(PHONE);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), server?.stop()]);
});

/** The little of the DOM the overflow check reads (the tests compile without the DOM types). */
interface BrowserElement {
  readonly tagName: string;
  readonly className: string;
  readonly textContent: string | null;
  getBoundingClientRect(): { readonly right: number };
  closest(selector: string): unknown;
}
interface BrowserDocument {
  readonly documentElement: { readonly scrollWidth: number; readonly clientWidth: number };
  querySelectorAll(selector: string): Iterable<BrowserElement>;
}

const serious = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

describe.each(LANGUAGES)('every page in %s at 390 px', (lang) => {
  it.each(KINDS)(
    'the $kind: axe clean, no horizontal overflow',
    async ({ kind, url, status }) => {
      const response = await page.goto(`${server.url}${adding(url, 'lang', lang)}`);
      expect(response?.status()).toBe(status);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      const overflow = await page.evaluate(() => {
        const { document } = globalThis as unknown as { document: BrowserDocument };
        const doc = document.documentElement;
        const wide = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1)
          // A wide table scrolls inside its own box, as a spreadsheet must.
          .filter((el) => !el.closest('.table-scroll'))
          .slice(0, 3)
          .map(
            (el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`,
          );
        return { scroll: doc.scrollWidth, client: doc.clientWidth, wide };
      });
      expect(overflow.wide, `${lang} ${kind}`).toEqual([]);
      expect(overflow.scroll, `${lang} ${kind}`).toBeLessThanOrEqual(overflow.client);
      expect(serious(await runAxe(page)), `${lang} ${kind}: axe`).toEqual([]);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, 'languages', `${lang}-${kind.replace(/\W+/g, '-')}.png`),
      });
    },
    30_000,
  );
});
