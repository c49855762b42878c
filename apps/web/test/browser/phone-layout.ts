import type { Locator, Page } from 'playwright-core';
import { PHONE } from './chromium.js';

// What a phone test measures of a laid-out page: boxes in CSS pixels of the first screen (scrollY
// 0), computed styles, whether a line is one line, and whether a finger can reach a link. Positions
// are read from the layout, never from pixels.

/** The first screen of {@link PHONE}. */
export const SCREEN = PHONE.viewport;

/** An element's border box, in CSS pixels from the top left corner of the viewport. */
export interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly height: number;
}

// The little of the DOM the functions below touch (the tests compile without the DOM types).
type Rect = Box;
interface Node {
  getBoundingClientRect(): Rect;
  closest(selector: string): Node | null;
  contains(other: Node | null): boolean;
  scrollIntoView(options: { block: string; inline: string }): void;
  readonly parentElement: Node | null;
  readonly scrollWidth: number;
  readonly clientWidth: number;
}
interface Window {
  readonly scrollX: number;
  readonly scrollY: number;
  getComputedStyle(el: Node): { getPropertyValue(name: string): string };
  readonly document: {
    readonly documentElement: Node;
    elementFromPoint(x: number, y: number): Node | null;
  };
}

/** `top 12, bottom 200, left 16, right 195` (rounded to tenths). */
export function showBox(box: Box): string {
  const r = (n: number) => Math.round(n * 10) / 10;
  return `top ${r(box.top)}, bottom ${r(box.bottom)}, left ${r(box.left)}, right ${r(box.right)}`;
}

/** A box and the first screen it is measured against, for a message. */
export function onScreen(box: Box): string {
  return `${showBox(box)} (first screen 0–${SCREEN.height} × 0–${SCREEN.width})`;
}

/** Whether a box has a size and lies wholly inside the first screen (half a pixel of rounding). */
export function inFirstScreen(box: Box): boolean {
  return (
    box.width > 0 &&
    box.height > 0 &&
    box.top >= -0.5 &&
    box.left >= -0.5 &&
    box.bottom <= SCREEN.height + 0.5 &&
    box.right <= SCREEN.width + 0.5
  );
}

/** The border box of the element `locator` names (the first, if several). */
export function boxOf(locator: Locator): Promise<Box> {
  return locator.first().evaluate((el) => {
    const { top, bottom, left, right, width, height } = (
      el as unknown as Node
    ).getBoundingClientRect();
    return { top, bottom, left, right, width, height };
  });
}

/** The border boxes of every element `locator` names, in document order. */
export function boxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((els) =>
    els.map((el) => {
      const { top, bottom, left, right, width, height } = (
        el as unknown as Node
      ).getBoundingClientRect();
      return { top, bottom, left, right, width, height };
    }),
  );
}

/** Computed style properties (CSS names: `scroll-snap-type`) of the first element named. */
export function stylesOf(
  locator: Locator,
  names: readonly string[],
): Promise<Record<string, string>> {
  return locator.first().evaluate((el, props) => {
    const style = (globalThis as unknown as Window).getComputedStyle(el as unknown as Node);
    return Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
  }, names);
}

/**
 * How many lines high an element's content is: its content height (border box less padding and
 * borders) over its line height (`normal` counted as 1.2 × the font size, the least it is).
 */
export function linesHigh(
  locator: Locator,
): Promise<{ content: number; lineHeight: number; lines: number }> {
  return locator.first().evaluate((el) => {
    const node = el as unknown as Node;
    const style = (globalThis as unknown as Window).getComputedStyle(node);
    const px = (name: string) => Number.parseFloat(style.getPropertyValue(name)) || 0;
    const lineHeight =
      style.getPropertyValue('line-height') === 'normal'
        ? 1.2 * px('font-size')
        : px('line-height');
    const content =
      node.getBoundingClientRect().height -
      px('padding-top') -
      px('padding-bottom') -
      px('border-top-width') -
      px('border-bottom-width');
    return { content, lineHeight, lines: content / lineHeight };
  });
}

/** The page's scroll position and whether its document is wider than the screen. */
export function scrollState(
  page: Page,
): Promise<{ x: number; y: number; scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const win = globalThis as unknown as Window;
    const doc = win.document.documentElement;
    return {
      x: win.scrollX,
      y: win.scrollY,
      scrollWidth: doc.scrollWidth,
      clientWidth: doc.clientWidth,
    };
  });
}

/**
 * Whether a finger on the middle of the element lands on it: it is on screen, not covered, and
 * not cut off by a box around it that clips its overflow.
 */
export function underFinger(locator: Locator): Promise<boolean> {
  return locator.first().evaluate((el) => {
    const node = el as unknown as Node;
    const r = node.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const hit = (globalThis as unknown as Window).document.elementFromPoint(
      r.left + r.width / 2,
      r.top + r.height / 2,
    );
    return hit !== null && (node.contains(hit) || hit.contains(node));
  });
}

/** Whether the element is inside a `<details>` that is closed (so hidden until a tap opens it). */
export function inClosedDetails(locator: Locator): Promise<boolean> {
  return locator
    .first()
    .evaluate((el) => (el as unknown as Node).closest('details:not([open])') !== null);
}

/**
 * Turns scripts off in a tab (DevTools' emulation, for every page it opens from now on): what
 * must work without a script is checked without one.
 */
export async function withoutScript(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
}

/** Opens the closed `<details>` around an element, if any, as a click on its summary does. */
export async function reveal(locator: Locator): Promise<void> {
  if (await inClosedDetails(locator)) {
    await locator.first().locator('xpath=ancestor::details[not(@open)][1]/summary').click();
  }
}

/**
 * Brings a link into the first screen as a finger would, in at most one tap: none when it is on
 * screen; one on the summary of a closed `<details>` around it (a menu); none but a sideways swipe
 * when it sits in a strip that scrolls horizontally (done here by scrolling only that strip).
 * Returns the taps it took and whether the link then lies whole in the first screen under a finger.
 */
export async function reach(
  page: Page,
  link: Locator,
): Promise<{ taps: number; box: Box; reachable: boolean; scrollY: number }> {
  let taps = 0;
  if (await inClosedDetails(link)) {
    await link.locator('xpath=ancestor::details[not(@open)][1]/summary').tap();
    taps++;
  }
  if (!inFirstScreen(await boxOf(link))) {
    // Only a strip that scrolls sideways may move; `nearest` leaves the page where it is when the
    // link is already in view vertically.
    await link.evaluate((el) => {
      const win = globalThis as unknown as Window;
      for (let up = (el as unknown as Node).parentElement; up; up = up.parentElement) {
        const overflow = win.getComputedStyle(up).getPropertyValue('overflow-x');
        if ((overflow === 'auto' || overflow === 'scroll') && up.scrollWidth > up.clientWidth) {
          (el as unknown as Node).scrollIntoView({ block: 'nearest', inline: 'nearest' });
          return;
        }
      }
    });
  }
  const box = await boxOf(link);
  const { y } = await scrollState(page);
  return {
    taps,
    box,
    reachable: inFirstScreen(box) && y === 0 && (await underFinger(link)),
    scrollY: y,
  };
}

/**
 * A finger swiping sideways over a box, `distance` CSS pixels to the left (what is to the right
 * comes in): touch events from the DevTools protocol, as a touch screen sends them (its
 * synthesized touch scroll gesture does nothing in headless Chromium).
 */
export async function swipeLeft(page: Page, over: Box, distance: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const y = Math.round(over.top + over.height / 2);
  const from = Math.round(Math.min(over.right, SCREEN.width) - 10);
  const to = Math.max(0, Math.round(from - distance));
  try {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: from, y }],
    });
    for (let x = from - 10; x > to; x -= 10) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: to, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** Waits until the element's `scrollLeft` has kept still for 200 ms (3 s at most); returns it. */
export async function settledScrollLeft(locator: Locator): Promise<number> {
  const read = () =>
    locator.first().evaluate((el) => (el as unknown as { scrollLeft: number }).scrollLeft);
  let last = await read();
  let still = 0;
  for (let waited = 0; waited < 3_000 && still < 200; waited += 50) {
    await new Promise((done) => setTimeout(done, 50));
    const now = await read();
    still = now === last ? still + 50 : 0;
    last = now;
  }
  return last;
}
