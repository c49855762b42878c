import { chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, runAxe, screenshots } from './chromium.js';
import { startedTogether } from './started-together.js';
import { startWebServer, type WebServer } from './web-server.js';

// Search as you type, in Debian's Chromium against the built server and the whole sample
// catalog: what the catalog page's search field suggests for a nickname's start, a typo, a
// Spanish word and a German one; the same by keyboard alone; axe with the list open; and the
// form without script.

let server: WebServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  // Every keystroke is a request: one browser typing for a whole file must not meet the limit.
  [server, browser] = await startedTogether([
    startWebServer({ env: { RATE_LIMIT_PAGES: '0' } }),
    launchChromium(),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), server?.stop()]);
});

/** A tab on the catalog page, recording console errors (a CSP refusal is one) and 5xx answers. */
async function catalogTab(): Promise<{ page: Page; field: Locator; problems: string[] }> {
  const page = await browser.context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()}: ${r.url()}`);
  });
  await page.goto(`${server.url}/catalog`);
  const field = page.getByRole('combobox', { name: 'Words' });
  await field.waitFor();
  return { page, field, problems };
}

/** Whether the field has the focus (the tests compile without the DOM types). */
function focused(field: Locator): Promise<boolean> {
  return field.evaluate((el) => {
    const element = el as unknown as { ownerDocument: { activeElement: unknown } };
    return element === element.ownerDocument.activeElement;
  });
}

/** The options shown, once the list is open. */
async function optionsOf(page: Page): Promise<{ kind: string; text: string }[]> {
  const listbox = page.getByRole('listbox');
  await listbox.waitFor({ state: 'visible' });
  const options = listbox.getByRole('option');
  const count = await options.count();
  const shown: { kind: string; text: string }[] = [];
  for (let i = 0; i < count; i++) {
    shown.push({
      kind: (await options.nth(i).getAttribute('data-kind')) ?? '',
      text: ((await options.nth(i).textContent()) ?? '').trim(),
    });
  }
  return shown;
}

/** Types `text` as a person does, a key at a time, and waits for the list of its last answer. */
async function typeAndWait(page: Page, field: Locator, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/suggest?') && new URL(r.url()).searchParams.get('q') === text,
  );
  await field.pressSequentially(text, { delay: 30 });
  expect((await answered).status()).toBe(200);
  return optionsOf(page);
}

describe('search suggestions in Chromium', () => {
  it('suggests Jordan for "jord", hoodies for "hodie" and "sudadera", Moncler jackets for "moncler jacke"', async () => {
    const { page, field, problems } = await catalogTab();

    const jord = await typeAndWait(page, field, 'jord');
    expect(jord.length).toBeLessThanOrEqual(8);
    expect(jord).toContainEqual({ kind: 'brand', text: 'Jordan' });
    const jordanProducts = jord.filter((o) => o.kind === 'product');
    expect(jordanProducts.length).toBeGreaterThan(0);
    for (const o of jordanProducts) expect(o.text).toMatch(/jordan/i);

    for (const text of ['hodie', 'sudadera']) {
      await field.fill('');
      const shown = await typeAndWait(page, field, text);
      expect(shown, text).toContainEqual({ kind: 'category', text: 'Hoodies & Sweatshirts' });
      expect(shown.filter((o) => o.kind === 'product').length, text).toBeGreaterThan(0);
    }

    await field.fill('');
    const jacke = await typeAndWait(page, field, 'moncler jacke');
    expect(jacke).toContainEqual({ kind: 'brand', text: 'Moncler' });
    expect(jacke).toContainEqual({ kind: 'category', text: 'moncler in Jackets & Coats' });
    for (const o of jacke.filter((s) => s.kind === 'product')) expect(o.text).toMatch(/moncler/i);

    // The list is announced and described as a combobox's.
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('true');
    const listId = await page.getByRole('listbox').getAttribute('id');
    await expect(field.getAttribute('aria-controls')).resolves.toBe(listId);
    await expect(page.getByRole('status').last().textContent()).resolves.toBe(
      `${jacke.length} suggestions`,
    );

    await screenshots(page, 'suggest-open');
    const violations = await runAxe(page);
    expect(violations, 'axe with the suggestions open').toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it('works by keyboard alone: Tab to the field, type, arrows, Enter; Escape closes, then clears', async () => {
    const { page, field, problems } = await catalogTab();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await focused(field)) break;
    }
    await expect(focused(field)).resolves.toBe(true);

    const answered = page.waitForResponse((r) => r.url().includes('/suggest?q=hoodie'));
    await page.keyboard.type('hoodie', { delay: 30 });
    await answered;
    const options = page.getByRole('option');
    await options.first().waitFor();

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const first = options.first();
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(field.getAttribute('aria-activedescendant')).resolves.toBe(
      await first.getAttribute('id'),
    );
    await expect(options.nth(1).getAttribute('aria-selected')).resolves.toBe('false');
    // The focus never left the field.
    await expect(focused(field)).resolves.toBe(true);

    const href = (await first.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/(category|catalog|producto)\b/);
    await Promise.all([
      page.waitForURL((url) => `${url.pathname}${url.search}` === href),
      page.keyboard.press('Enter'),
    ]);

    // Back on a fresh catalog page: Escape closes the list, a second one empties the field.
    await page.goto(`${server.url}/catalog`);
    await field.focus();
    const again = page.waitForResponse((r) => r.url().includes('/suggest?q=jord'));
    await page.keyboard.type('jord', { delay: 30 });
    await again;
    await page.getByRole('listbox').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'hidden' });
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(field.inputValue()).resolves.toBe('jord');
    await page.keyboard.press('Escape');
    await expect(field.inputValue()).resolves.toBe('');

    // Enter without a chosen suggestion submits the form as always.
    await page.keyboard.type('nike dunk', { delay: 10 });
    await Promise.all([page.waitForURL(/\/catalog\?q=nike\+dunk/), page.keyboard.press('Enter')]);
    expect(problems).toEqual([]);
  }, 60_000);

  it('follows a suggestion tapped or clicked, keeping the page’s language', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/catalog?lang=es`);
    const field = page.getByRole('combobox');
    const shown = await typeAndWait(page, field, 'sudadera');
    expect(shown[0]).toEqual({ kind: 'category', text: 'Sudaderas' });
    await Promise.all([
      page.waitForURL(/\/category\/hoodies\?lang=es$/),
      page.getByRole('option').first().click(),
    ]);
  }, 30_000);

  it('leaves the form as it is without script: it submits to /catalog?q=', async () => {
    const plain = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const context = await plain.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${server.url}/catalog`);
      const field = page.getByRole('searchbox', { name: 'Words' });
      await expect(field.getAttribute('role')).resolves.toBeNull();
      await field.fill('hoodie');
      await Promise.all([page.waitForURL(/\/catalog\?q=hoodie/), field.press('Enter')]);
      expect(await page.locator('.cards .card').count()).toBeGreaterThan(0);
      expect(await page.getByRole('listbox').count()).toBe(0);
    } finally {
      await plain.close();
    }
  }, 30_000);
});
