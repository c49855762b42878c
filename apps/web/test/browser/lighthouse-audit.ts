import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LaunchedChrome, Launcher, launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM, SCREENSHOT_DIR } from './chromium.js';

// Lighthouse on one page, its report kept, and what the page falls short of as sentences that
// name the audits to look at.

/** Where the reports go (git-ignored): `<page>.report.html` to read, `.report.json` to query. */
export const REPORT_DIR = join(SCREENSHOT_DIR, '..', 'lighthouse');

/** The lowest score each category may have. */
const REQUIRED = { performance: 0.95, accessibility: 1, 'best-practices': 1 } as const;

/**
 * Runs of a page at most. Lighthouse simulates a phone from the trace of one load: CPU time that
 * other processes take from the browser shows as long tasks of the page, so a run on a busy
 * machine scores lower for performance. Only that shortfall, or a run without scores (a trace
 * Lighthouse could not read), is run again; the page's score is its best run's.
 */
const RUNS = 3;

/**
 * Debian's Chromium, headless, for Lighthouse to drive over its debugging port (a fresh profile,
 * removed by `kill()`).
 *
 * @throws when Chromium is not installed: the test must fail then, not pass without a browser.
 */
export async function launchForLighthouse(): Promise<LaunchedChrome> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Lighthouse needs Debian's Chromium at ${CHROMIUM}: apt-get install chromium (as .ci/run does)`,
    );
  }
  // chrome-launcher's own flags, and no spare renderer: with the one Chromium keeps started ahead
  // of need, about one run in ten lost the page's navigationStart (the renderer's trace began
  // late in the load) and had no scores (NO_NAVSTART, Chromium 156); without it, none in 48 runs.
  const flags = Launcher.defaultFlags().map((flag) =>
    flag.startsWith('--disable-features=') ? `${flag},SpareRendererForSitePerProcess` : flag,
  );
  return launch({
    chromePath: CHROMIUM,
    ignoreDefaultFlags: true,
    chromeFlags: [...flags, '--headless', '--no-sandbox', '--disable-gpu'],
    logLevel: 'error',
  });
}

/** The audit of one page: what its best run falls short of, and every run's scores. */
export interface PageAudit {
  /** Empty when the page meets every requirement. */
  readonly shortfalls: readonly string[];
  /** One {@link scoreLine} per run, in order. */
  readonly runs: readonly string[];
}

/**
 * Audits `url` with Lighthouse's default config (the mobile preset: a phone's screen, simulated
 * slow 4G and a 4× slower CPU), again while only its performance falls short (see {@link RUNS}),
 * and writes the best run's reports as `name` to {@link REPORT_DIR}. `allowedSeo` names the SEO
 * audits that may fail.
 */
export async function auditPage(
  chrome: LaunchedChrome,
  url: string,
  name: string,
  allowedSeo: readonly string[],
): Promise<PageAudit> {
  const runs: string[] = [];
  let best: { lhr: Result; report: string[]; shortfalls: Shortfall[] } | undefined;
  for (let run = 1; run <= RUNS; run++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
    });
    if (result === undefined) throw new Error(`Lighthouse returned no result for ${url}`);
    const found = shortfalls(result.lhr, allowedSeo);
    runs.push(scoreLine(result.lhr));
    // A pass, or a shortfall no busy machine explains, ends the runs with this one.
    const final = found.length === 0 || found.some((s) => !s.loadBound);
    if (final || best === undefined || performanceScore(result.lhr) > performanceScore(best.lhr)) {
      best = { lhr: result.lhr, report: result.report as string[], shortfalls: found };
    }
    if (final) break;
  }
  if (best === undefined) throw new Error(`Lighthouse did not run on ${url}`);
  const [html, json] = best.report;
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(join(REPORT_DIR, `${name}.report.html`), html ?? '');
  writeFileSync(join(REPORT_DIR, `${name}.report.json`), json ?? '');
  return { shortfalls: best.shortfalls.map((s) => s.text), runs };
}

const performanceScore = (lhr: Result) =>
  lhr.runtimeError ? -1 : (lhr.categories.performance?.score ?? -1);

/** The scores of a run, one line. */
function scoreLine(lhr: Result): string {
  if (lhr.runtimeError) return `no scores: ${lhr.runtimeError.code}`;
  const score = (id: string) => lhr.categories[id]?.score ?? null;
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  return `performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}, CLS ${cls}`;
}

/** One requirement a run does not meet; `loadBound` if a busy machine may be the cause. */
interface Shortfall {
  readonly text: string;
  readonly loadBound: boolean;
}

type Audit = Result['audits'][string];

const describeAudit = (a: Audit) =>
  `${a.id} "${a.title}"${a.displayValue ? ` ${a.displayValue}` : ''} (score ${a.score})`;

/** The audits of a category that pass with less than full marks, or fail. */
function failing(lhr: Result, category: string, counted: (weight: number) => boolean): Audit[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => counted(ref.weight))
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is Audit => a !== undefined && a.score !== null && a.score < 1);
}

/** The elements that moved, as the `layout-shifts` audit lists them. */
function shiftedElements(lhr: Result): string[] {
  const details = lhr.audits['layout-shifts']?.details as
    | { items?: { node?: { snippet?: string; selector?: string } }[] }
    | undefined;
  return (details?.items ?? [])
    .map((item) => item.node?.selector ?? item.node?.snippet ?? '')
    .filter((label) => label !== '')
    .slice(0, 5);
}

/**
 * What a run falls short of, one sentence per category: the score, and the audits that cost it
 * (for performance, the metrics below full marks and the opportunities Lighthouse flags).
 */
function shortfalls(lhr: Result, allowedSeo: readonly string[]): Shortfall[] {
  if (lhr.runtimeError) {
    const text = `Lighthouse could not audit the page: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    return [{ text, loadBound: true }];
  }
  const found: Shortfall[] = [];
  for (const [category, lowest] of Object.entries(REQUIRED)) {
    const score = lhr.categories[category]?.score ?? null;
    if (score !== null && score >= lowest) continue;
    const costs = failing(lhr, category, (weight) => weight > 0);
    // Opportunities and diagnostics weigh nothing, but they say why a metric is slow.
    const flagged =
      category === 'performance'
        ? failing(lhr, category, (weight) => weight === 0).filter((a) => (a.score ?? 1) < 0.9)
        : [];
    found.push({
      text: `${category} ${score} (needs ${lowest}): ${[...costs, ...flagged].map(describeAudit).join('; ')}`,
      loadBound: category === 'performance',
    });
  }
  const cls = lhr.audits['cumulative-layout-shift'];
  if (cls?.numericValue !== 0) {
    const moved = shiftedElements(lhr).join(', ') || 'none listed';
    found.push({
      text: `layout shift ${cls?.numericValue} (needs 0), elements moved: ${moved}`,
      loadBound: false,
    });
  }
  const seo = failing(lhr, 'seo', () => true).filter((a) => !allowedSeo.includes(a.id));
  if (seo.length > 0) {
    found.push({
      text: `SEO audits failing: ${seo.map(describeAudit).join('; ')}`,
      loadBound: false,
    });
  }
  // Lighthouse's own warnings (a slow machine, a redirect) explain a low score.
  if (found.length > 0 && lhr.runWarnings.length > 0) {
    found.push({ text: `Lighthouse warned: ${lhr.runWarnings.join(' | ')}`, loadBound: true });
  }
  return found;
}
