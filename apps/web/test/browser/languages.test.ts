import { join } from 'node:path';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { adding, pageKinds } from '../page-kinds.js';
import { type AxeViolation, launchChromium, runAxe, SCREENS, SCREENSHOT_DIR } from './chromium.js';
import { startedTogether } from './started-together.js';
import { startWebServer, type WebServer } from './web-server.js';

// Every page kind in every language, in Debian's Chromium on a phone (390 px, touch) and on a
// desktop (1280 px): axe finds nothing serious, nothing is wider than the screen (German words are
// long), and a screenshot of each is kept (test-artifacts/screenshots/languages/).

// The server serves the whole sample catalog; the page kinds take their products from it.
const KINDS = pageKinds(generateSampleCatalog());

let server: WebServer;
/** A browser per screen, each with one tab. */
const browsers: Awaited<ReturnType<typeof launchChromium>>[] = [];
const pages = new Map<string, Page>();

beforeAll(async () => {
  // One browser is one client: the page rate limit would answer 429 long before the last page.
  let launched: Awaited<ReturnType<typeof launchChromium>>[];
  [server, ...launched] = await startedTogether([
    startWebServer({ env: { RATE_LIMIT_PAGES: '0' } }),
    ...SCREENS.map(([, device]) => launchChromium({ device })),
  ]);
  browsers.push(...launched);
  for (const [i, [label]] of SCREENS.entries()) {
    pages.set(label, await (launched[i]!.context as BrowserContext).newPage());
  }
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([...browsers.map((b) => b.close()), server?.stop()]);
});

/** The little of the DOM the overflow check reads (the tests compile without the DOM types). */
interface BrowserElement {
  readonly tagName: string;
  readonly className: string;
  readonly textContent: string | null;
  readonly parentElement: BrowserElement | null;
  getBoundingClientRect(): { readonly right: number };
}
interface BrowserWindow {
  readonly document: BrowserDocument;
  getComputedStyle(el: BrowserElement): { readonly overflowX: string };
}
interface BrowserDocument {
  readonly documentElement: { readonly scrollWidth: number; readonly clientWidth: number };
  querySelectorAll(selector: string): Iterable<BrowserElement>;
}

const serious = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

describe.each(
  SCREENS.flatMap(([label, device]) =>
    LANGUAGES.map((lang) => ({ lang, label, width: device.viewport.width })),
  ),
)('every page in $lang at $width px', ({ lang, label, width }) => {
  it.each(KINDS)(
    'the $kind: axe clean, no horizontal overflow',
    async ({ kind, url, status }) => {
      const page = pages.get(label)!;
      const response = await page.goto(`${server.url}${adding(url, 'lang', lang)}`);
      expect(response?.status()).toBe(status);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      const overflow = await page.evaluate(() => {
        const win = globalThis as unknown as BrowserWindow;
        const { document } = win;
        const doc = document.documentElement;
        // What sticks out of a box that scrolls sideways is reached by scrolling that box: a wide
        // table (as a spreadsheet must be), a strip of photos, a row of links.
        const inScroller = (el: BrowserElement) => {
          // The page itself (body, html) is no such box: it must not scroll sideways at all.
          for (let up = el.parentElement; up && up.tagName !== 'BODY'; up = up.parentElement) {
            if (/^(auto|scroll)$/.test(win.getComputedStyle(up).overflowX)) return true;
          }
          return false;
        };
        const wide = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1)
          .filter((el) => !inScroller(el))
          .slice(0, 3)
          .map(
            (el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`,
          );
        return { scroll: doc.scrollWidth, client: doc.clientWidth, wide };
      });
      const where = `${lang} ${width} px ${kind}`;
      expect(overflow.wide, where).toEqual([]);
      expect(overflow.scroll, where).toBeLessThanOrEqual(overflow.client);
      expect(serious(await runAxe(page)), `${where}: axe`).toEqual([]);
      await page.screenshot({
        path: join(
          SCREENSHOT_DIR,
          'languages',
          `${lang}-${label}-${kind.replace(/\W+/g, '-')}.png`,
        ),
      });
    },
    30_000,
  );
});
