import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Language } from '../../src/i18n/languages.js';
import { MESSAGES } from '../../src/i18n/messages.js';
import { checkHeader, checkKeptLanguage } from './phone-chrome-checks.js';
import {
  boxesOf,
  boxOf,
  inFirstScreen,
  linesHigh,
  onScreen,
  scrollState,
  showBox,
  underFinger,
} from './phone-layout.js';

// What listings and the home page promise on a phone, checked on a page loaded at scrollY 0.
// Every message names the page (`where`), the element and what was measured.

/** A line of text is one line when its content is at most this many line heights high. */
const ONE_LINE = 1.6;
/** The listing parameters that narrow or order it: each shown as a filter that a tap removes. */
export const FILTER_PARAMS = ['category', 'min_price', 'max_price', 'sort'] as const;

/** The filter parameters a listing URL sets. */
export function activeFilters(url: string): string[] {
  const params = new URL(url, 'http://x').searchParams;
  return FILTER_PARAMS.filter((name) => (params.get(name) ?? '') !== '');
}

/**
 * A product card: its photo or placeholder shown, a title, and the price in the shopper's
 * currency (`symbol`).
 */
async function checkCard(page: Page, where: string, n: number, symbol: string) {
  const card = page.locator('main ul.cards > li.card').nth(n);
  const photo = card.locator('img, .no-photo').first();
  expect(await photo.count(), `${where}: card ${n + 1} has no img or .no-photo`).toBe(1);
  const box = await boxOf(photo);
  expect(
    box.width * box.height,
    `${where}: card ${n + 1}'s photo is ${showBox(box)}`,
  ).toBeGreaterThan(0);
  const textOf = async (selector: string) =>
    (await card
      .locator(selector)
      .first()
      .textContent()
      .catch(() => '')) ?? '';
  expect((await textOf('h3')).trim(), `${where}: card ${n + 1}'s h3`).not.toBe('');
  const price = await textOf('.price');
  expect(price, `${where}: card ${n + 1}'s .price in the shopper's currency`).toContain(symbol);
}

/** What a listing's check needs to know of the page. */
export interface ListingExpectation {
  readonly lang: Language;
  /** The symbol of the shopper's currency: `$`, `€`. */
  readonly symbol: string;
  /** The page lists every category (`/catalog`), so its filters include the category select. */
  readonly categorySelect: boolean;
  /** The query is read into a "what we understood" notice. */
  readonly notice: boolean;
}

/**
 * A listing on a phone: four cards whole in the first screen in two columns, the search field
 * above them, the filters and orders folded into one closed `details.refine`, the active filters
 * as links outside it, the count and each notice one line.
 */
export async function checkListing(page: Page, where: string, e: ListingExpectation) {
  await checkHeader(page, where);
  expect((await scrollState(page)).y, `${where}: scrollY before measuring`).toBe(0);

  const cards = await boxesOf(page.locator('main ul.cards > li.card'));
  const four = cards.slice(0, 4);
  expect(four.length, `${where}: product cards (main ul.cards > li.card)`).toBe(4);
  for (const [i, box] of four.entries()) {
    expect(inFirstScreen(box), `${where}: card ${i + 1} at ${onScreen(box)}`).toBe(true);
  }
  const lefts = new Set(four.map((b) => Math.round(b.left)));
  const tops = new Set(four.map((b) => Math.round(b.top)));
  expect(
    [lefts.size, tops.size],
    `${where}: the first four cards' lefts [${[...lefts]}] and tops [${[...tops]}] (two columns, two rows)`,
  ).toEqual([2, 2]);
  for (let i = 0; i < 4; i++) await checkCard(page, where, i, e.symbol);
  const firstCard = four[0]!;

  const form = page.locator('form[role="search"]:has(input[type="search"][name="q"])').first();
  expect(await form.count(), `${where}: form[role=search] with input[type=search][name=q]`).toBe(1);
  const input = await boxOf(form.locator('input[type="search"][name="q"]'));
  expect(inFirstScreen(input), `${where}: the search field at ${onScreen(input)}`).toBe(true);
  expect(
    input.top,
    `${where}: the search field's top (card 1's top is ${firstCard.top})`,
  ).toBeLessThan(firstCard.top);

  const refine = page.locator('details.refine');
  expect(await refine.count(), `${where}: details.refine`).toBe(1);
  const placed = await form.evaluate((f) => {
    const el = f as unknown as { contains(o: unknown): boolean; nextElementSibling: unknown };
    const d = (
      globalThis as unknown as { document: { querySelector(s: string): unknown } }
    ).document.querySelector('details.refine');
    return el.contains(d) || el.nextElementSibling === d;
  });
  expect(placed, `${where}: details.refine is neither in the search form nor right after it`).toBe(
    true,
  );
  expect(
    await refine.evaluate((d) => (d as unknown as { open: boolean }).open),
    `${where}: details.refine is open on load`,
  ).toBe(false);
  const fields = [...(e.categorySelect ? ['category'] : []), 'min_price', 'max_price', 'sort'];
  for (const name of fields) {
    const field = `:is(select, input:not([type="hidden"]))[name="${name}"]`;
    expect(await refine.locator(field).count(), `${where}: ${name} in details.refine`).toBe(1);
    expect(
      await page.locator(`${field}:not(details.refine *)`).count(),
      `${where}: ${name} outside details.refine`,
    ).toBe(0);
  }
  const chips = await boxesOf(
    page.locator('main ul.chips:not(details.refine *):not(.active-filters *)'),
  );
  const above = chips.filter((b) => b.height > 0 && b.top < firstCard.top);
  expect(above.map(showBox), `${where}: chips outside details.refine above card 1`).toEqual([]);

  const active = page.locator('.active-filters a');
  const expected = activeFilters(page.url());
  const texts = await active.allTextContents();
  expect(
    texts.length,
    `${where}: .active-filters a [${texts.join(' | ')}] for ${expected.join(', ') || 'no filter'}`,
  ).toBe(expected.length);
  for (let i = 0; i < texts.length; i++) {
    const link = active.nth(i);
    const box = await boxOf(link);
    expect(inFirstScreen(box), `${where}: active filter “${texts[i]}” at ${onScreen(box)}`).toBe(
      true,
    );
    expect(
      await link.evaluate(
        (a) => (a as unknown as { closest(s: string): unknown }).closest('details.refine') === null,
      ),
      `${where}: active filter “${texts[i]}” inside details.refine`,
    ).toBe(true);
  }

  const count = page.locator('main .count');
  expect(await count.count(), `${where}: .count (the result count)`).toBe(1);
  const countBox = await boxOf(count);
  expect(
    countBox.bottom,
    `${where}: .count at ${showBox(countBox)}, card 1's top ${firstCard.top}`,
  ).toBeLessThanOrEqual(firstCard.top + 0.5);
  const countLines = await linesHigh(count);
  expect(
    countLines.lines,
    `${where}: .count is ${countLines.content} px high, line height ${countLines.lineHeight}`,
  ).toBeLessThanOrEqual(ONE_LINE);

  const notices = page.locator('main .notice');
  const n = await notices.count();
  if (e.notice) expect(n, `${where}: .notice (what the query was read as)`).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const lines = await linesHigh(notices.nth(i));
    expect(
      lines.lines,
      `${where}: .notice ${i + 1} is ${lines.content} px high, line height ${lines.lineHeight}`,
    ).toBeLessThanOrEqual(ONE_LINE);
  }
  if (e.lang !== 'en') await checkKeptLanguage(page, where, e.lang);
  // Last, as it scrolls: every link of a notice can be brought under a finger.
  for (let i = 0; i < n; i++) {
    const links = notices.nth(i).locator('a');
    for (let j = 0; j < (await links.count()); j++) {
      await links.nth(j).scrollIntoViewIfNeeded();
      expect(
        await underFinger(links.nth(j)),
        `${where}: link ${j + 1} of .notice ${i + 1} out of reach at ${showBox(await boxOf(links.nth(j)))}`,
      ).toBe(true);
    }
  }
  const { scrollWidth, clientWidth } = await scrollState(page);
  expect(scrollWidth, `${where}: document width`).toBeLessThanOrEqual(clientWidth);
}

/**
 * The home page on a phone: the search field and the first card of the first product row
 * (`row`: popular, or featured while nothing was clicked) whole in the first screen, the
 * categories after that row.
 */
export async function checkHome(
  page: Page,
  where: string,
  e: { readonly lang: Language; readonly symbol: string; readonly row: 'popular' | 'featured' },
) {
  await checkHeader(page, where);
  expect((await scrollState(page)).y, `${where}: scrollY before measuring`).toBe(0);
  const input = await boxOf(page.locator('form[role="search"] input[type="search"][name="q"]'));
  expect(inFirstScreen(input), `${where}: the search field at ${onScreen(input)}`).toBe(true);
  const card = page.locator('main ul.cards > li.card').first();
  const cardBox = await boxOf(card);
  expect(inFirstScreen(cardBox), `${where}: the first product card at ${onScreen(cardBox)}`).toBe(
    true,
  );
  await checkCard(page, where, 0, e.symbol);
  const row = await card.evaluate((li) => {
    type El = {
      getAttribute(n: string): string | null;
      closest(s: string): El | null;
      textContent: string | null;
    };
    const section = (li as unknown as El).closest('section');
    const id = section?.getAttribute('aria-labelledby') ?? '';
    return {
      id,
      heading:
        (section as unknown as { querySelector(s: string): El | null } | null)?.querySelector('h2')
          ?.textContent ?? '',
    };
  });
  const m = MESSAGES[e.lang].home;
  expect(row, `${where}: the section of the first product card`).toEqual({
    id: e.row,
    heading: e.row === 'popular' ? m.popular : m.featured,
  });
  const list = await boxOf(card.locator('xpath=..'));
  const categories = await boxOf(page.locator('#categories'));
  expect(
    categories.top,
    `${where}: #categories at ${showBox(categories)}, the first product row at ${showBox(list)}`,
  ).toBeGreaterThanOrEqual(list.bottom - 0.5);
  if (e.lang !== 'en') await checkKeptLanguage(page, where, e.lang);
}
