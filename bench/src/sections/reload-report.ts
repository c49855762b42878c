import { fmt, printTable } from '../format.js';
import type { Measured } from '../measure.js';

/** How the reload section measures; printed under its tables. */
export const RELOAD_METHOD = {
  idleReloads: 3,
  // After a swap: the log line leaves within its batch's 200 ms, and the reload the file watch
  // queued behind the signal's finds the version unchanged.
  settleMs: 3_000,
  // The load runs at this share of the rate the server reached at full speed (the HTTP
  // section's ½ load).
  share: 0.5,
  reloadAfterMs: 1_000,
  // A request held up by the reload still counts: wrk's default 10 s would drop it as a timeout.
  timeoutS: 60,
} as const;

/** One reload of an idle server. */
export interface IdleReload {
  readonly trigger: 'SIGHUP' | 'rename';
  readonly from: string;
  readonly to: string;
  /** From the signal (or the rename) to the first `/health.json` naming the new version. */
  readonly ms: number;
  /** The `ms` of the server's `catalog reloaded` line. */
  readonly serverMs: number | undefined;
  /** The warm-up of that line: the answers worked out before the swap, and its time. */
  readonly warmed: number | undefined;
  readonly warmMs: number | undefined;
  readonly longestStallMs: number;
  readonly rssBeforeMB: number | undefined;
  readonly peakMB: number | undefined;
  readonly peakSampledMB: number;
  readonly rssAfterMB: number | undefined;
}

/** One load run of the reload section, with or without a reload in it. */
export interface LoadRun extends Measured {
  readonly reloadMs?: number;
  /** RSS just before the reload's swap, under the load. */
  readonly rssBeforeMB?: number | undefined;
  readonly longestStallMs: number;
  readonly peakMB: number | undefined;
}

/** Requests around a reload: full speed, then half of it over a window without and one with. */
export interface UnderLoad {
  readonly fullSpeed: Measured;
  readonly rate: number;
  readonly windowS: number;
  readonly without: LoadRun;
  readonly with: LoadRun;
}

export interface ReloadResult extends UnderLoad {
  readonly products: number;
  readonly fileMB: number;
  readonly peakMethod: string;
  readonly idle: readonly IdleReload[];
  readonly watched: IdleReload;
  readonly scenario: string;
}

const mb = (n: number | undefined) => fmt(n, 0);
const pair = (a: number | undefined, b: number | undefined, digits = 1) =>
  `${fmt(a, digits)} → ${fmt(b, digits)}`;

export function printReload(results: readonly ReloadResult[]) {
  console.log('### Reload time and memory (idle server)\n');
  printTable(
    [
      'products',
      'file MB',
      'SIGHUP → new version ms (runs)',
      "server's ms",
      'rename → new version ms',
      'longest stall ms',
      'RSS before → peak → after MB, first reload',
      'RSS after all MB',
    ],
    'rrlrrrrr',
    results.map((r) => {
      const mid = [...r.idle].sort((x, y) => x.ms - y.ms)[Math.floor(r.idle.length / 2)];
      // Each reload starts from the RSS the last left: the first is the one a long-running
      // server sees.
      const [firstReload] = r.idle;
      return [
        r.products.toLocaleString('en'),
        fmt(r.fileMB, 0),
        `${fmt(mid?.ms, 0)} (${r.idle.map((i) => fmt(i.ms, 0)).join(', ')})`,
        fmt(mid?.serverMs, 0),
        fmt(r.watched.ms, 0),
        fmt(Math.max(...r.idle.map((i) => i.longestStallMs)), 0),
        firstReload
          ? `${mb(firstReload.rssBeforeMB)} → ${mb(firstReload.peakMB)} → ${mb(firstReload.rssAfterMB)}`
          : 'n/a',
        mb(r.watched.rssAfterMB),
      ];
    }),
  );
  console.log('\n### Requests during a reload, at a stated load\n');
  printTable(
    [
      'products',
      'req/s (½ of full speed)',
      'window s',
      'reload under load ms',
      'p99 ms without → with',
      'max ms without → with',
      'longest health wait ms without → with',
      'peak RSS MB without → with',
      'errors',
    ],
    'rrrrrrrrr',
    results.map((r) => [
      r.products.toLocaleString('en'),
      fmt(r.rate, 0),
      String(r.windowS),
      fmt(r.with.reloadMs, 0),
      pair(r.without.p99Ms, r.with.p99Ms, 2),
      pair(r.without.maxMs, r.with.maxMs, 0),
      pair(r.without.longestStallMs, r.with.longestStallMs, 0),
      pair(r.without.peakMB, r.with.peakMB, 0),
      String(r.without.errors + r.without.non2xx + r.with.errors + r.with.non2xx),
    ]),
  );
  const [first] = results;
  console.log(
    [
      '',
      `SIGHUP → new version: the catalog file renamed over, SIGHUP sent at once, timed from the signal to the first /health.json naming the new version (polled every 10 ms); the middle of ${RELOAD_METHOD.idleReloads} reloads, one way and back. rename → new version: the file renamed over with no signal, as \`catalog import --out\` does (the file watch waits for the file to settle first). server's ms: the \`ms\` of its \`catalog reloaded\` line.`,
      `longest stall: the longest a /health.json request waited during the reload (the event loop busy). Peak: ${first?.peakMethod ?? 'VmHWM'}; RSS after: ${RELOAD_METHOD.settleMs / 1000} s after the swap; after all: after the ${RELOAD_METHOD.idleReloads + 1} reloads (the old versions are garbage, V8 and malloc keep part of their memory).`,
      `Under load: ${first?.scenario ?? 'product pages and MCP searches'}, ${RELOAD_METHOD.reloadAfterMs / 1000} s into a window with the same rate without a reload just before; wrk closes no request before ${RELOAD_METHOD.timeoutS} s. wrk's connections wait for their answers, so a stall shows in at most one request per connection: read max and the longest health wait beside p99.`,
    ].join('\n'),
  );
}
