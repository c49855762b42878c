import { median } from '../compare.js';
import { fmt, printTable } from '../format.js';

/** How the sheet section measures; printed under its tables. */
export const SHEET_METHOD = {
  // The shortest poll the server accepts: the wait for the next poll is at its smallest.
  pollS: 5,
  signalRuns: 3,
  // SIGHUP: the change lands this long after a poll was answered, long before the next one.
  signalAfterPollMs: 1_000,
  // No signal: the change lands this long after a poll was answered, so that the next poll comes
  // early, midway and late in the interval (its median is the mean wait of a change made at
  // any moment).
  pollPhasesMs: [4_500, 2_500, 500],
  // After the new version: the reload's log line leaves within its batch's 200 ms, and the
  // memory of the old version is garbage by then.
  settleMs: 3_000,
} as const;

/** One change of the sheet, and how the server came to serve it. */
export interface SheetReload {
  readonly trigger: 'SIGHUP' | 'poll';
  /** When the change landed after the last poll was answered. */
  readonly afterPollMs: number;
  readonly from: string;
  readonly to: string;
  /** From the change to the first `/health.json` naming the new version. */
  readonly ms: number;
  /** From the change to the fetch that brought it (the server asking for the link). */
  readonly waitMs: number | undefined;
  /** The fetch: the link's redirect and the download, to its last byte sent. */
  readonly downloadMs: number | undefined;
  /** The `ms` of the server's `catalog reloaded` line: loading the download, to the swap. */
  readonly serverMs: number | undefined;
  /** The longest a `/health.json` waited between the poll and the change (an idle server). */
  readonly idleLongestMs: number;
  /** The longest a `/health.json` waited from the change to the new version. */
  readonly longestStallMs: number;
  readonly rssBeforeMB: number | undefined;
  readonly peakMB: number | undefined;
  readonly peakSampledMB: number;
  readonly rssAfterMB: number | undefined;
}

export interface SheetResult {
  readonly format: 'ndjson' | 'xlsx';
  readonly products: number;
  readonly downloadMB: number;
  /** `CATALOG_URL_MAX_MB` when the download is over its default. */
  readonly maxMB: number | undefined;
  /** From spawn to the first 200 on `/health.json`: the first fetch and load. */
  readonly startMs: number;
  readonly rssAtStartMB: number | undefined;
  readonly peakMethod: string;
  readonly signalled: readonly SheetReload[];
  readonly polled: readonly SheetReload[];
  readonly rssAfterAllMB: number | undefined;
}

const ms = (n: number | undefined) => fmt(n, 0);
const runs = (values: readonly (number | undefined)[]) => values.map(ms).join(', ');
const mid = (values: readonly (number | undefined)[]) =>
  median(values.filter((v): v is number => v !== undefined));
/** From the fetch's start to the new version: what is left once the poll's wait is taken off. */
const fetchToVersion = (r: SheetReload) => (r.waitMs === undefined ? undefined : r.ms - r.waitMs);
const name = (r: SheetResult) =>
  `${r.products.toLocaleString('en')} ${r.format === 'xlsx' ? 'XLSX' : 'NDJSON'}`;

export function printSheet(results: readonly SheetResult[]) {
  console.log('### Sheet changed → new version on /health.json\n');
  printTable(
    [
      'catalog',
      'MB',
      'SIGHUP: change → version ms, median (runs)',
      'download ms',
      "server's load ms",
      'no signal: change → version ms (runs)',
      'poll wait ms (runs)',
      'poll → version ms (runs)',
    ],
    'lrrrrrrr',
    results.map((r) => [
      name(r),
      fmt(r.downloadMB, 1),
      `${ms(mid(r.signalled.map((x) => x.ms)))} (${runs(r.signalled.map((x) => x.ms))})`,
      ms(mid(r.signalled.map((x) => x.downloadMs))),
      ms(mid(r.signalled.map((x) => x.serverMs))),
      `${ms(mid(r.polled.map((x) => x.ms)))} (${runs(r.polled.map((x) => x.ms))})`,
      runs(r.polled.map((x) => x.waitMs)),
      runs(r.polled.map(fetchToVersion)),
    ]),
  );
  console.log('\n### Memory and requests during it\n');
  printTable(
    [
      'catalog',
      'start ms (first fetch and load)',
      'RSS at start MB',
      'RSS before → peak → after MB, first change',
      'peak above before MB, each change',
      'RSS after all MB',
      'longest health wait ms, idle → during',
    ],
    'lrrrrrr',
    results.map((r) => {
      const all = [...r.signalled, ...r.polled];
      const [first] = all;
      return [
        name(r),
        ms(r.startMs),
        ms(r.rssAtStartMB),
        first ? `${ms(first.rssBeforeMB)} → ${ms(first.peakMB)} → ${ms(first.rssAfterMB)}` : 'n/a',
        all
          .map((x) =>
            x.peakMB === undefined || x.rssBeforeMB === undefined
              ? 'n/a'
              : `+${ms(x.peakMB - x.rssBeforeMB)}`,
          )
          .join(', '),
        ms(r.rssAfterAllMB),
        `${ms(Math.max(...all.map((x) => x.idleLongestMs)))} → ${ms(Math.max(...all.map((x) => x.longestStallMs)))}`,
      ];
    }),
  );
  const [first] = results;
  const raised = results.filter((r) => r.maxMB !== undefined);
  console.log(
    [
      '',
      `The sheet: a local server that answers the link with a 307 to the download, with an ETag (304 when If-None-Match names it); the server polls it every ${SHEET_METHOD.pollS} s (CATALOG_URL_POLL_S) with its own DATA_DIR. Each change swaps the catalog for the same one with one product in 50 a yuan dearer, and back; it is timed to the first /health.json naming the new version (polled every 10 ms).`,
      `SIGHUP: sent at once, ${SHEET_METHOD.signalAfterPollMs / 1000} s after a poll was answered; the middle of ${SHEET_METHOD.signalRuns}. download: from the server asking for the link to the download's last byte sent. server's load: the ms of its \`catalog reloaded\` line. No signal: the change lands ${SHEET_METHOD.pollPhasesMs.map((p) => p / 1000).join(', ')} s after a poll was answered; poll wait: from the change to the next poll; poll → version: the rest.`,
      `Peak: ${first?.peakMethod ?? 'VmHWM'}; RSS after: ${SHEET_METHOD.settleMs / 1000} s after the new version; after all: after the ${SHEET_METHOD.signalRuns + SHEET_METHOD.pollPhasesMs.length} changes. Longest health wait: /health.json asked one at a time every 10 ms, between the poll and the change (idle), and from the change to the new version.`,
      ...(raised.length > 0
        ? [
            `CATALOG_URL_MAX_MB raised to ${raised.map((r) => `${r.maxMB} for ${name(r)}`).join(', ')}: the default 50 MB refuses a larger download.`,
          ]
        : []),
    ].join('\n'),
  );
}
