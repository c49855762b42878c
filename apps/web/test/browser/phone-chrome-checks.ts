import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../src/i18n/languages.js';
import { boxOf } from './phone-layout.js';

// What every page's chrome promises on a phone: a header at most 64 px high with the language
// switch folded into one control, and `lang` kept on every link to a page.

/** The header's height on a phone, at most. */
export const HEADER_MAX = 64;
/** Pages of the site (they keep `lang`); anything else under it is a document or an asset. */
const PAGE_PATH = /^\/($|index\.md$|catalog|category\/|producto\/|spreadsheet\/|api-docs|shipping)/;

/** The header: one, at most 64 px high. */
export async function checkHeader(page: Page, where: string): Promise<void> {
  const header = page.locator('header.site-header');
  expect(await header.count(), `${where}: header.site-header`).toBe(1);
  const box = await boxOf(header);
  expect(box.height, `${where}: header.site-header is ${box.height} px high`).toBeLessThanOrEqual(
    HEADER_MAX,
  );
}

/**
 * The language switch: one closed `<details>` in the header whose summary shows the page's
 * language, over plain links (`hreflang`, `lang=` in the href), one per language.
 */
export async function checkLanguageSwitch(page: Page, where: string, lang: Language) {
  const control = page.locator('header details.lang-switch');
  expect(await control.count(), `${where}: header details.lang-switch`).toBe(1);
  expect(
    await control.evaluate((d) => (d as unknown as { open: boolean }).open),
    `${where}: the language switch is open on load`,
  ).toBe(false);
  const summary = (await control.locator('summary').first().textContent()) ?? '';
  expect(
    summary.includes(LANGUAGE_NAMES[lang]) || new RegExp(`\\b${lang}\\b`, 'i').test(summary),
    `${where}: the language switch's summary “${summary.trim()}” does not show ${lang}`,
  ).toBe(true);
  const links = await control.locator('a[hreflang]').evaluateAll((as) =>
    (as as unknown as { getAttribute(n: string): string | null }[]).map((a) => ({
      hreflang: a.getAttribute('hreflang') ?? '',
      href: a.getAttribute('href') ?? '',
    })),
  );
  expect(links.map((l) => l.hreflang).sort(), `${where}: the language links' hreflang`).toEqual(
    [...LANGUAGES].sort(),
  );
  for (const { hreflang, href } of links) {
    expect(
      new URL(href, 'http://x').searchParams.get('lang'),
      `${where}: language link ${href}`,
    ).toBe(hreflang);
  }
}

/** Every link to a page of the site keeps `lang` (the language switch names the others). */
export async function checkKeptLanguage(page: Page, where: string, lang: Language) {
  const hrefs = await page
    .locator('a[href^="/"]:not(header details.lang-switch a)')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const pages = hrefs.filter((h) => !h.startsWith('//') && PAGE_PATH.test(h));
  expect(pages.length, `${where}: links to pages`).toBeGreaterThan(3);
  const lost = pages.filter((h) => new URL(h, 'http://x').searchParams.get('lang') !== lang);
  expect(lost.slice(0, 5), `${where}: links without lang=${lang}`).toEqual([]);
}
