import { median } from '../compare.js';
import { fmt, pct, printTable } from '../format.js';
import { SATURATED } from '../measure.js';
import type { GoalRow, ScaleResult, ServerStart } from '../scale-goals.js';
import { type EngineResult, printEngine } from './engine.js';
import { RELOAD_METHOD } from './reload-report.js';

/** How the scale section measures, beside the reload section's method it reuses. */
export const SCALE_METHOD = {
  reloads: 10,
  // The goals' concurrency, whatever --connections says.
  searchConnections: 50,
  searchMinS: 10,
  // A search held up for seconds still counts: wrk's default 10 s would drop it as a timeout.
  timeoutS: 60,
  // Fifty new connections to a server still answering the warm-up's last requests: long enough
  // for it to finish them and accept all fifty before the first timed request (see LoadOptions).
  searchStartPauseMs: 250,
} as const;

const mb = (n: number | undefined) => fmt(n, 0);
const pair = (a: number | undefined, b: number | undefined, digits = 0) =>
  `${fmt(a, digits)} → ${fmt(b, digits)}`;
const count = (n: number) => n.toLocaleString('en');
const mark = (met: boolean | undefined) => (met === undefined ? '?' : met ? '✓' : '✗');

function startRow(r: ScaleResult, step: string, s: ServerStart): string[] {
  return [
    count(r.products),
    `${step} (prepared form beside the file: ${s.preparedBeside ? 'yes' : 'no'})`,
    `${fmt(s.readyMs / 1000, 2)} to first 200`,
    mb(s.rssMB),
    mb(s.settledMB),
    mb(s.peakMB),
  ];
}

export function printScale(
  results: readonly ScaleResult[],
  goals: readonly GoalRow[],
  engine: readonly EngineResult[] | undefined,
) {
  console.log('### Goals (issue 38)\n');
  printTable(
    ['products', 'figure', 'measured', 'goal', 'met'],
    'rlrll',
    goals.map((g) => [count(g.products), g.figure, g.measured, g.goal, mark(g.met)]),
  );

  console.log('\n### `catalog import --out X` and the first starts on X\n');
  printTable(
    [
      'products',
      'step',
      's',
      'RSS MB',
      `RSS ${RELOAD_METHOD.settleMs / 1000} s later MB`,
      'peak RSS MB',
    ],
    'rlrrrr',
    results.flatMap((r) => [
      ...r.imports.map((i) => [
        count(r.products),
        `\`catalog import\` of ${i.what} (NDJSON, ${fmt(r.fileMB, 0)} MB): ${count(i.loaded)} loaded, ${count(i.rejected)} rejected; X.prepared ${i.wrotePrepared ? 'written' : 'not written'}`,
        `${fmt(i.seconds)} (CPU ${fmt(i.cpuSeconds)})`,
        '',
        '',
        mb(i.peakRssMB),
      ]),
      startRow(r, 'first start, no prepared form, empty DATA_DIR', r.unprepared),
      startRow(r, 'first start after `catalog import`, empty DATA_DIR', r.prepared),
    ]),
  );

  console.log(`\n### Reloads in a row of the idle server (SIGHUP → new version)\n`);
  printTable(
    [
      'products',
      'reloads',
      'ms, median (fastest-slowest)',
      "server's ms, median",
      'warm-up: answers, ms, median',
      'longest /health.json wait ms',
      'peak above the RSS before, most MB',
      'RSS after reload 1 → last MB',
    ],
    'rrrrrrrr',
    results.map((r) => {
      const ms = r.reloads.map((x) => x.ms).sort((x, y) => x - y);
      const server = r.reloads.map((x) => x.serverMs ?? Number.NaN).sort((x, y) => x - y);
      const warmed = median(r.reloads.flatMap((x) => x.warmed ?? []));
      const warmMs = median(r.reloads.flatMap((x) => x.warmMs ?? []));
      const above = r.reloads.map((x) => (x.peakMB ?? Number.NaN) - (x.rssBeforeMB ?? Number.NaN));
      return [
        count(r.products),
        String(r.reloads.length),
        `${fmt(ms[Math.floor(ms.length / 2)], 0)} (${fmt(ms[0], 0)}-${fmt(ms.at(-1), 0)})`,
        fmt(server[Math.floor(server.length / 2)], 0),
        Number.isNaN(warmed) ? '—' : `${fmt(warmed, 0)}, ${fmt(warmMs, 0)}`,
        fmt(Math.max(...r.reloads.map((x) => x.longestStallMs)), 0),
        fmt(Math.max(...above), 0),
        pair(r.reloads[0]?.rssAfterMB, r.reloads.at(-1)?.rssAfterMB),
      ];
    }),
  );

  console.log('\n### A reload under ½ load\n');
  printTable(
    [
      'products',
      'req/s (½ of full speed)',
      'window s',
      'reload under load ms',
      'warm-up: answers, ms',
      'p99 ms without → with',
      'slowest answer ms without → with',
      'longest /health.json wait ms without → with',
      'RSS before → peak MB',
      'errors',
    ],
    'rrrrrrrrrr',
    results.map(({ products, underLoad: u, underLoadReload: line }) => [
      count(products),
      fmt(u.rate, 0),
      String(u.windowS),
      fmt(u.with.reloadMs, 0),
      line?.warmed === undefined ? '—' : `${line.warmed}, ${fmt(line.warmMs, 0)}`,
      pair(u.without.p99Ms, u.with.p99Ms, 2),
      pair(u.without.maxMs, u.with.maxMs),
      pair(u.without.longestStallMs, u.with.longestStallMs),
      pair(u.with.rssBeforeMB, u.with.peakMB),
      String(u.without.errors + u.without.non2xx + u.with.errors + u.with.non2xx),
    ]),
  );

  const searched = results.filter((r) => r.searches.length > 0);
  if (searched.length > 0) {
    console.log('\n### Concurrent searches at full speed\n');
    printTable(
      [
        'products',
        'scenario',
        'conn.',
        'answers',
        'req/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'CPU µs/req',
        'server core',
        'load core',
        'errors',
      ],
      'rlrrrrrrrrrr',
      searched.flatMap((r) =>
        r.searches.map((s) => [
          count(r.products),
          s.name,
          String(s.connections),
          String(s.requests),
          fmt(s.rps, 0),
          // No answer in the run: no latency to show, and the CPU went to requests not counted.
          s.requests > 0 ? fmt(s.p50Ms, 2) : 'n/a',
          s.requests > 0 ? fmt(s.p99Ms, 2) : 'n/a',
          s.requests > 0 ? fmt(s.maxMs, 0) : 'n/a',
          fmt(s.cpuUs),
          pct(s.serverLoad),
          `${pct(s.generatorLoad)}${s.generatorLoad >= SATURATED ? ' ⚠' : ''}`,
          String(s.errors + s.non2xx),
        ]),
      ),
    );
  }
  if (engine) {
    console.log('\n### The embedded engine alone, in-process (per query, the search mix)\n');
    printEngine(engine);
  }

  const [first] = results;
  console.log(
    [
      '',
      `Each size: \`catalog import\` of the sample NDJSON with --out X into a temporary folder; the server on X with X.prepared removed and an empty DATA_DIR; \`catalog import\` of the changed copy (one product in 50 a yuan dearer) and of the catalog again; the server on X as the import left it, with another empty DATA_DIR, which stays up for the rest. Server: the one-process server, LOG_LEVEL=info, on the servers' core. RSS at the first 200 and ${RELOAD_METHOD.settleMs / 1000} s later from VmRSS (a start that builds its prepared form answers before its preparing thread has collected what the build left), peak from VmHWM (the whole start).`,
      `Reloads: the other version (and its X.prepared, renamed first, when the import wrote one) renamed over X, SIGHUP at once, timed to the first /health.json naming the new version; RSS after ${RELOAD_METHOD.settleMs / 1000} s. Peak: ${first?.peakMethod ?? 'VmHWM'}.`,
      `Concurrent searches: each scenario at full speed over ${SCALE_METHOD.searchConnections} connections for ${SCALE_METHOD.searchMinS} s (or --duration), after a warm-up; in each run every connection waits ${SCALE_METHOD.searchStartPauseMs} ms before its first request, so that the server has accepted all of them before an answer is timed (it accepts one new connection per turn of its event loop).`,
      `Under load: ${first?.scenario ?? 'product pages and MCP searches'}, after ${RELOAD_METHOD.reloadAfterMs / 1000} s of a window at half the full-speed req/s, beside a window without; a wait is the time a request took to be answered: the /health.json probe's (one request at a time, every 10 ms) and the load's slowest. RSS before: just before the swap; peak: VmHWM, reset at the window's start.`,
    ].join('\n'),
  );
}
