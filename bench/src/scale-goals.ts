import { fmt } from './format.js';
import type { ImportRun } from './import-process.js';
import type { Measured } from './measure.js';
import type { ReloadLine } from './reload-probe.js';
import type { IdleReload, UnderLoad } from './sections/reload-report.js';

/** The default size (200,000, or `--scale-count`) and `--scale`'s 1,000,000: each has its goals. */
export type Tier = 'default' | 'large';

/** One `catalog import FILE --out X` of the operator's flow. */
export interface ScaleImport extends ImportRun {
  readonly what: string;
  /** Whether the import left a prepared form (`X.prepared`) beside its output. */
  readonly wrotePrepared: boolean;
}

/** A first start of the server on the imported file, with an empty `DATA_DIR` of its own. */
export interface ServerStart {
  /** Whether a prepared form lay beside the catalog file as the server started. */
  readonly preparedBeside: boolean;
  /** Process start to the first 200 of `/health.json`. */
  readonly readyMs: number;
  readonly rssMB: number | undefined;
  /** `VmHWM` at the first 200: the highest RSS of the start. */
  readonly peakMB: number | undefined;
  /**
   * RSS a few seconds after the first 200: a start that built its prepared form answers before
   * the preparing thread has collected what the build left.
   */
  readonly settledMB: number | undefined;
}

export type SearchKey = 'catalog' | 'zipf' | 'distinct';

export interface ScaleSearch extends Measured {
  readonly key: SearchKey;
  readonly connections: number;
}

/** Everything the scale section measured at one size. */
export interface ScaleResult {
  readonly products: number;
  readonly tier: Tier;
  readonly fileMB: number;
  readonly imports: readonly ScaleImport[];
  readonly unprepared: ServerStart;
  readonly prepared: ServerStart;
  readonly peakMethod: string;
  /** Reloads in a row of the idle server, each swapping the other version in. */
  readonly reloads: readonly IdleReload[];
  readonly scenario: string;
  readonly underLoad: UnderLoad;
  /** The server's line of the reload under load: its warm-up's answers and time. */
  readonly underLoadReload: ReloadLine | undefined;
  /** Concurrent searches (the large tier only). */
  readonly searches: readonly ScaleSearch[];
  /** RSS once everything above is done, the last reload 3 s behind. */
  readonly rssAtEndMB: number | undefined;
}

/** The goals of issue 38, per tier. */
export const GOALS = {
  default: {
    readyS: 2,
    rssMB: 350,
    waitMs: 100,
    p99Ratio: 2,
    peakRatio: 1.5,
    reloadsRatio: 1.1,
  },
  large: {
    readyS: 10,
    rssMB: 1024,
    p99Ms: { zipf: 100, distinct: 300, catalog: 50 } satisfies Record<SearchKey, number>,
  },
} as const;

/** One line of the goal table. */
export interface GoalRow {
  readonly products: number;
  readonly figure: string;
  readonly measured: string;
  readonly goal: string;
  /** Undefined when the figure is missing (the generator reports no slowest answer, say). */
  readonly met: boolean | undefined;
}

const finite = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n);
const atMost = (value: number | undefined, limit: number) =>
  finite(value) ? value <= limit : undefined;
const ratio = (a: number | undefined, b: number | undefined) =>
  finite(a) && finite(b) && b > 0 ? a / b : undefined;
const mb = (n: number | undefined) => `${fmt(n, 0)} MB`;
const times = (r: number | undefined) => (finite(r) ? `×${fmt(r, 2)}` : 'n/a');

const SEARCH_FIGURES: Record<SearchKey, string> = {
  zipf: 'MCP `search_products`, Zipf mix: p99',
  distinct: 'MCP `search_products`, all distinct: p99',
  catalog: '`/catalog?q=`: p99',
};

/** The goal table's rows for one size: each figure against its goal. */
export function goalRows(r: ScaleResult): GoalRow[] {
  const row = (figure: string, measured: string, goal: string, met: boolean | undefined) => ({
    products: r.products,
    figure,
    measured,
    goal,
    met,
  });
  const g = GOALS[r.tier];
  const common = [
    row(
      'first 200 after `catalog import`',
      `${fmt(r.prepared.readyMs / 1000, 2)} s`,
      `≤ ${g.readyS} s`,
      atMost(r.prepared.readyMs, g.readyS * 1000),
    ),
    row(
      'RSS at the first 200',
      mb(r.prepared.rssMB),
      `≤ ${g.rssMB} MB`,
      atMost(r.prepared.rssMB, g.rssMB),
    ),
    row(
      'RSS at the end, after the reloads and the load',
      mb(r.rssAtEndMB),
      `≤ ${g.rssMB} MB`,
      atMost(r.rssAtEndMB, g.rssMB),
    ),
  ];
  if (r.tier === 'large') {
    const p99 = GOALS.large.p99Ms;
    return [
      ...common,
      ...r.searches.map((s) =>
        row(
          `${SEARCH_FIGURES[s.key]}, ${s.connections} connections`,
          `${fmt(s.p99Ms, 1)} ms`,
          `≤ ${p99[s.key]} ms`,
          s.requests > 0 ? atMost(s.p99Ms, p99[s.key]) : false,
        ),
      ),
    ];
  }
  const d = GOALS.default;
  const { with: during, without } = r.underLoad;
  const p99Ratio = ratio(during.p99Ms, without.p99Ms);
  const peakRatio = ratio(during.peakMB, during.rssBeforeMB);
  const first = r.reloads[0]?.rssAfterMB;
  const last = r.reloads.at(-1)?.rssAfterMB;
  const reloadsRatio = ratio(last, first);
  return [
    ...common,
    row(
      'reload under ½ load: longest `/health.json` wait',
      `${fmt(during.longestStallMs, 0)} ms`,
      `≤ ${d.waitMs} ms`,
      atMost(during.longestStallMs, d.waitMs),
    ),
    row(
      'reload under ½ load: slowest answer of the load',
      `${fmt(during.maxMs, 0)} ms`,
      `≤ ${d.waitMs} ms`,
      atMost(during.maxMs, d.waitMs),
    ),
    row(
      'reload under ½ load: p99 without → with',
      `${fmt(without.p99Ms, 2)} → ${fmt(during.p99Ms, 2)} ms (${times(p99Ratio)})`,
      `≤ ×${d.p99Ratio}`,
      atMost(p99Ratio, d.p99Ratio),
    ),
    row(
      'reload under ½ load: RSS before → peak',
      `${mb(during.rssBeforeMB)} → ${mb(during.peakMB)} (${times(peakRatio)})`,
      `≤ ×${d.peakRatio}`,
      atMost(peakRatio, d.peakRatio),
    ),
    row(
      `RSS after reload 1 → ${r.reloads.length}`,
      `${mb(first)} → ${mb(last)} (${times(reloadsRatio)})`,
      `≤ ×${fmt(d.reloadsRatio, 2)}`,
      atMost(reloadsRatio, d.reloadsRatio),
    ),
  ];
}
