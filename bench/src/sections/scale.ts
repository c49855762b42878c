import { stat } from 'node:fs/promises';
import { type BenchContext, paths, serviceEnv } from '../context.js';
import { fmt, pct, printTable } from '../format.js';
import { timeImport } from '../import-process.js';
import { type Measured, measure, SATURATED } from '../measure.js';
import { peakRssMB, rssMB } from '../proc.js';
import { startNode } from '../processes.js';
import { csvExport, sampleNdjson } from '../scale-files.js';
import { DISTINCT_SEARCH, ZIPF_SEARCH } from '../scenarios/mcp.js';
import { CATALOG_SEARCH } from '../scenarios/web.js';
import { type EngineResult, printEngine, runEngine } from './engine.js';

/** The catalog size of the scale cases. */
export const SCALE_COUNT = 1_000_000;

/**
 * `--scale`: the embedded engine, the one-process server and `catalog import` at 1,000,000
 * products. The catalog files are generated once into the bench cache; the first run takes
 * several minutes more for that.
 */
export async function scaleSection(ctx: BenchContext): Promise<void> {
  console.log(`## Scale: ${SCALE_COUNT.toLocaleString('en')} products\n`);
  const engine: EngineResult[] = [];
  for (const cache of [false, true]) {
    console.log(`  embedded engine, result cache ${cache ? 'on' : 'off'}`);
    engine.push(await runEngine(ctx, SCALE_COUNT, cache));
  }
  const ndjson = await sampleNdjson(SCALE_COUNT);
  const server = await serverAtScale(ctx, ndjson);
  const imports = [];
  for (const rows of [100_000, SCALE_COUNT]) {
    imports.push(await importCsv(ctx, await csvExport(ndjson, rows), rows));
  }

  console.log(`\n### The embedded engine, in-process (per query, the search mix)\n`);
  printEngine(engine);
  console.log(
    `\n### The one-process server with a ${SCALE_COUNT.toLocaleString('en')}-row CATALOG_FILE (LOG_LEVEL=info)\n`,
  );
  console.log(
    `cold start (process start to first 200): ${fmt(server.readyMs / 1000)} s; RSS at first 200 ${fmt(server.rssAtReadyMB, 0)} MB, peak ${fmt(server.peakAtReadyMB, 0)} MB; after the load below ${fmt(server.rssAfterMB, 0)} MB\n`,
  );
  printTable(
    [
      'scenario',
      'connections',
      'answers',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU µs/req',
      'server core',
      'load core',
      'errors',
    ],
    'lrrrrrrrrr',
    server.runs.map((r) => [
      r.name,
      String(r.connections),
      String(r.requests),
      fmt(r.rps, 0),
      // No answer in the run: no latency to show, and the CPU went to requests not counted.
      r.requests > 0 ? fmt(r.p50Ms, 2) : 'n/a',
      r.requests > 0 ? fmt(r.p99Ms, 2) : 'n/a',
      fmt(r.cpuUs),
      pct(r.serverLoad),
      `${pct(r.generatorLoad)}${r.generatorLoad >= SATURATED ? ' ⚠' : ''}`,
      String(r.errors + r.non2xx),
    ]),
  );
  console.log(
    '\n### `catalog import` of a CSV export (peak RSS: flat memory means it does not grow with rows)\n',
  );
  printTable(
    ['rows', 'CSV MB', 'seconds', 'rows/s', 'peak RSS MB', 'loaded', 'rejected'],
    'rrrrrrr',
    imports.map((r) => [
      String(r.rows),
      fmt(r.csvMB, 0),
      fmt(r.seconds),
      fmt(r.rows / r.seconds, 0),
      fmt(r.peakRssMB, 0),
      String(r.loaded),
      String(r.rejected),
    ]),
  );
  const [small, large] = imports;
  if (small && large) {
    const perRow = ((large.peakRssMB - small.peakRssMB) * 1024 * 1024) / (large.rows - small.rows);
    console.log(
      `\npeak RSS grows by ${fmt(perRow, 0)} bytes per row from ${small.rows} to ${large.rows} rows (the import keeps each row's slug and item id to report duplicates; the rest is the garbage collector's slack)`,
    );
  }
  console.log('');
  ctx.report.scale = { count: SCALE_COUNT, engine, server, imports };
}

async function serverAtScale(ctx: BenchContext, catalogFile: string) {
  console.log(`  starting the one-process server on ${catalogFile}`);
  const server = await startNode(paths.standalone, {
    env: serviceEnv('info', { CATALOG_FILE: catalogFile }),
    probePath: '/health.json',
    core: ctx.cores.server,
    timeoutMs: 900_000,
  });
  try {
    const rssAtReadyMB = rssMB(server.pid);
    const peakAtReadyMB = peakRssMB(server.pid);
    const target = { url: server.url, pids: () => [server.pid], logBytes: server.logBytes };
    // One client alone shows the cost of a query; the bench's connections show what concurrent
    // clients get from a heap of this size.
    const runs: (Measured & { connections: number })[] = [];
    for (const scenario of [CATALOG_SEARCH, ZIPF_SEARCH, DISTINCT_SEARCH]) {
      for (const connections of [1, ctx.rounds.connections]) {
        const { durationS, warmupS } = ctx.rounds;
        await ctx.generator.run(server.url, scenario, { connections, durationS: warmupS });
        const run = await measure(ctx.generator, target, scenario, { connections, durationS });
        runs.push({ ...run, connections });
      }
    }
    return {
      readyMs: server.readyMs,
      rssAtReadyMB,
      peakAtReadyMB,
      rssAfterMB: rssMB(server.pid),
      peakMB: peakRssMB(server.pid),
      runs,
    };
  } finally {
    await server.stop();
  }
}

/** `catalog import CSV` as a real process on the servers' core: wall time and peak RSS. */
async function importCsv(ctx: BenchContext, csv: string, rows: number) {
  console.log(`  catalog import of ${rows} rows`);
  const run = await timeImport(ctx.cores.server, csv);
  return { rows, csvMB: (await stat(csv)).size / 1024 / 1024, ...run };
}
