import { statSync } from 'node:fs';
import { median } from '../compare.js';
import type { BenchContext } from '../context.js';
import { fmt, printTable } from '../format.js';
import { type ImportRun, timeImport } from '../import-process.js';
import { csvExport, sampleNdjson } from '../scale-files.js';
import { workbookExport } from '../workbook-export.js';
import { SCALE_COUNT } from './scale.js';

/** The workbook's rows, on one tab and spread over {@link TABS}. */
const WORKBOOK_ROWS = 100_000;
const TABS = 10;
const CSV_ROWS = [100_000, SCALE_COUNT] as const;
/** Runs of each case; the median is the figure. */
const RUNS = 3;
/** The most the spread workbook may cost over the one tab, and this tree's CSV over the other's. */
const GOAL = { tabs: 1.2, csv: 1.1 } as const;

/** One file imported by one CLI, and its runs. */
interface Case {
  readonly name: string;
  readonly file: string;
  readonly rows: number;
  /** The other build's CLI, or undefined for this tree's. */
  readonly cli: string | undefined;
  readonly runs: ImportRun[];
}

/** A case's figures over its runs: the medians, and every run's as it came. */
function summary(c: Case) {
  return {
    name: c.name,
    rows: c.rows,
    fileMB: statSync(c.file).size / 1024 / 1024,
    cli: c.cli === undefined ? 'this tree' : 'compared',
    seconds: median(c.runs.map((r) => r.seconds)),
    cpuSeconds: median(c.runs.map((r) => r.cpuSeconds)),
    peakRssMB: median(c.runs.map((r) => r.peakRssMB)),
    runs: c.runs,
    loaded: c.runs[0]?.loaded,
    rejected: c.runs[0]?.rejected,
  };
}
type Summary = ReturnType<typeof summary>;

/**
 * `catalog import` as a real process on the servers' core: the same 100,000 rows as a workbook
 * on one tab and spread over ten, and the 100,000- and 1,000,000-row CSV exports (beside another
 * build's CLI with `--compare-cli`). Every case runs {@link RUNS} times, in turn with the others
 * (the order reversed every other round, so that a slow minute falls on both sides of a pair);
 * the median run is the figure. The files are written once into the bench cache.
 */
export async function importSection(ctx: BenchContext): Promise<void> {
  console.log('## `catalog import`: a workbook on one tab and on ten, and the CSV exports\n');
  if (ctx.compareCli) console.log(`compared CLI: ${ctx.compareCli}\n`);
  const ndjson = await sampleNdjson(SCALE_COUNT);
  const newCase = (name: string, file: string, rows: number, cli?: string): Case => ({
    name,
    file,
    rows,
    cli,
    runs: [],
  });
  const oneTab = newCase('1 tab', await workbookExport(ndjson, WORKBOOK_ROWS, 1), WORKBOOK_ROWS);
  const spread = newCase(
    `${TABS} tabs`,
    await workbookExport(ndjson, WORKBOOK_ROWS, TABS),
    WORKBOOK_ROWS,
  );
  const csvPairs: Case[][] = [];
  for (const rows of ctx.quick ? CSV_ROWS.slice(0, 1) : CSV_ROWS) {
    const csv = await csvExport(ndjson, rows);
    const pair = [newCase(`CSV ${rows}`, csv, rows)];
    if (ctx.compareCli) pair.push(newCase(`CSV ${rows}`, csv, rows, ctx.compareCli));
    csvPairs.push(pair);
  }
  const cases = [oneTab, spread, ...csvPairs.flat()];
  const runs = ctx.quick ? 1 : RUNS;
  for (let round = 0; round < runs; round++) {
    for (const c of round % 2 === 0 ? cases : [...cases].reverse()) {
      console.log(`  run ${round + 1}/${runs}: ${c.name}${c.cli ? ' (compared CLI)' : ''}`);
      const run = await timeImport(ctx.cores.server, c.file, { cli: c.cli });
      // A file read short would be measured as a faster import of fewer rows.
      if (run.loaded !== c.rows)
        console.log(`  ⚠ ${c.name}: ${run.loaded} of ${c.rows} rows loaded`);
      c.runs.push(run);
    }
  }

  const workbook = [oneTab, spread].map(summary);
  const csv = csvPairs.map((pair) => pair.map(summary));
  console.log(
    `\n### ${WORKBOOK_ROWS.toLocaleString('en')} rows as a workbook: one tab, and ${TABS} tabs of ${(WORKBOOK_ROWS / TABS).toLocaleString('en')} (median of ${runs}; every run in brackets)\n`,
  );
  printRuns(workbook);
  const tabsOverOneTab = ratios(spread, oneTab);
  console.log(`\n${TABS} tabs / 1 tab (goal ≤ ${GOAL.tabs}): ${ratioLine(tabsOverOneTab)}`);
  console.log(
    `\n### The CSV exports${ctx.compareCli ? ', this tree beside the compared CLI' : ''} (median of ${runs}; every run in brackets)\n`,
  );
  printRuns(csv.flat());
  const thisOverCompared = csvPairs.flatMap(([now, other]) =>
    now && other ? [{ rows: now.rows, ...ratios(now, other) }] : [],
  );
  for (const c of thisOverCompared) {
    console.log(`\nCSV ${c.rows}, this tree / compared (goal ≤ ${GOAL.csv}): ${ratioLine(c)}`);
  }
  console.log('');
  ctx.report.import = { runs, workbook, tabsOverOneTab, csv, thisOverCompared };
}

const MEASURES = {
  time: (r: ImportRun) => r.seconds,
  CPU: (r: ImportRun) => r.cpuSeconds,
  'peak RSS': (r: ImportRun) => r.peakRssMB,
} as const;

/**
 * `a` over `b` for each measure: the ratio of their medians, and each round's own (the two ran
 * one after the other, so a round's ratio shares its minute).
 */
function ratios(a: Case, b: Case) {
  const each = Object.entries(MEASURES).map(([name, of]) => {
    const as = a.runs.map(of);
    const bs = b.runs.map(of);
    const rounds = as.map((x, i) => x / (bs[i] ?? Number.NaN));
    return [name, { median: median(as) / median(bs), rounds }] as const;
  });
  return Object.fromEntries(each) as Record<
    keyof typeof MEASURES,
    { median: number; rounds: number[] }
  >;
}

function ratioLine(r: ReturnType<typeof ratios>): string {
  return Object.keys(MEASURES)
    .map((name) => {
      const { median, rounds } = r[name as keyof typeof MEASURES];
      return `${name} ${fmt(median, 2)} (rounds ${rounds.map((x) => fmt(x, 2)).join(', ')})`;
    })
    .join(', ');
}

function printRuns(rows: readonly Summary[]) {
  const withRuns = (mid: number, of: (run: ImportRun) => number, digits: number, r: Summary) =>
    `${fmt(mid, digits)} (${r.runs.map((run) => fmt(of(run), digits)).join(', ')})`;
  printTable(
    ['file', 'CLI', 'MB', 'seconds', 'CPU s', 'rows/s', 'peak RSS MB', 'loaded', 'rejected'],
    'llrrrrrrr',
    rows.map((r) => [
      r.name,
      r.cli,
      fmt(r.fileMB, 0),
      withRuns(r.seconds, MEASURES.time, 2, r),
      withRuns(r.cpuSeconds, MEASURES.CPU, 2, r),
      fmt(r.rows / r.seconds, 0),
      withRuns(r.peakRssMB, MEASURES['peak RSS'], 0, r),
      String(r.loaded),
      String(r.rejected),
    ]),
  );
}
