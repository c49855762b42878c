import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
/** Where screenshots go (git-ignored). */
export const SCREENSHOT_DIR = join(here, '..', '..', '..', '..', 'test-artifacts', 'screenshots');

/** Debian's chromium, as CI installs it. */
export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A screen a browser emulates: its size in CSS pixels, its pixel ratio, touch or not. */
export interface Device {
  readonly viewport: { readonly width: number; readonly height: number };
  readonly deviceScaleFactor: number;
  /** The page's `<meta name="viewport">` is honoured, as on a phone. */
  readonly isMobile: boolean;
  readonly hasTouch: boolean;
}

/** The phone shoppers come with: 390 × 844 CSS pixels at 3×, touch (an iPhone 12 to 15). */
export const PHONE: Device = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** A desktop window 1280 px wide, with a mouse. */
export const DESKTOP: Device = {
  viewport: { width: 1280, height: 900 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};

/** The two screens every page is checked on. */
export const SCREENS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

/** Options of {@link launchChromium}. */
export interface ChromiumOptions {
  /**
   * The User-Agent of every tab instead of headless Chromium's own (`HeadlessChrome/…`, which
   * isbot, and so the click counter, takes for a crawler).
   */
  readonly userAgent?: string;
  /** The screen every tab emulates; default: a 1280 × 720 desktop window without touch. */
  readonly device?: Device;
}

/** A Chromium with a fresh profile, removed on close. */
export async function launchChromium(options: ChromiumOptions = {}): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'web-chromium-'));
  // launchPersistentContext passes the profile as --user-data-dir: a fresh one per run.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    timeout: 30_000,
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    ...options.device,
  });
  context.setDefaultTimeout(10_000);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** One axe-core finding. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: number;
}

/**
 * Runs axe-core in the page. The source is evaluated over the DevTools protocol, which the page's
 * CSP (no scripts at all) does not apply to; nothing is added to the page itself.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(`${axeSource}\n;undefined`);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
    }));
  });
}

/** Saves a full-page screenshot at phone (390×844) and desktop (1366×900) widths. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [label, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${label}.png`) });
  }
}
