import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { importedSwapper, preparedOf } from '../catalog-swap.js';
import { median } from '../compare.js';
import { type BenchContext, paths, serviceEnv } from '../context.js';
import { fmt } from '../format.js';
import { timeImport } from '../import-process.js';
import type { LoadScenario } from '../load.js';
import { measure } from '../measure.js';
import { peakRssMB, resetPeakRss, rssMB } from '../proc.js';
import { type Started, startNode } from '../processes.js';
import { type ReloadLog, reloadLog } from '../reload-probe.js';
import { changedCatalog, sampleNdjson } from '../scale-files.js';
import {
  goalRows,
  type ScaleImport,
  type ScaleResult,
  type ScaleSearch,
  type SearchKey,
  type ServerStart,
  type Tier,
} from '../scale-goals.js';
import { DISTINCT_SEARCH, ZIPF_SEARCH } from '../scenarios/mcp.js';
import { CATALOG_SEARCH } from '../scenarios/web.js';
import { type EngineResult, runEngine } from './engine.js';
import { idleReload, mixedScenario, reloadUnderLoad } from './reload.js';
import { RELOAD_METHOD } from './reload-report.js';
import { printScale, SCALE_METHOD } from './scale-report.js';

/** The size the scale section runs at by default: the largest the embedded engine is advised for. */
export const DEFAULT_COUNT = 200_000;
/** The size `--scale` adds. */
export const SCALE_COUNT = 1_000_000;

const {
  reloads: RELOADS,
  searchConnections,
  searchMinS,
  searchStartPauseMs: startPauseMs,
  timeoutS,
} = SCALE_METHOD;
const SEARCHES: readonly (readonly [SearchKey, LoadScenario])[] = [
  ['catalog', CATALOG_SEARCH],
  ['zipf', ZIPF_SEARCH],
  ['distinct', DISTINCT_SEARCH],
];

/**
 * The operator's flow at 200,000 products (`--scale-count`), and with `--scale` at 1,000,000:
 * `catalog import` of the NDJSON with `--out`, the one-process server's first start on its output
 * without a prepared form, then with what the import left; that server stays up for concurrent
 * searches (1,000,000 only), reloads in a row and a reload under half load. Every figure is read
 * against the goals of issue 38.
 */
export async function scaleSection(ctx: BenchContext): Promise<void> {
  if (ctx.quick && ctx.scaleCount === undefined) {
    console.log('## Scale: skipped with --quick (`--scale-count N` runs it at N products)\n');
    ctx.report.scale = { skipped: '--quick' };
    return;
  }
  const sizes: { count: number; tier: Tier }[] = [
    { count: ctx.scaleCount ?? DEFAULT_COUNT, tier: 'default' },
    ...(ctx.scale ? [{ count: SCALE_COUNT, tier: 'large' as const }] : []),
  ];
  console.log(
    `## Scale: ${sizes.map((s) => s.count.toLocaleString('en')).join(' and ')} products, \`catalog import\` then the one-process server (LOG_LEVEL=info)\n`,
  );
  const results: ScaleResult[] = [];
  for (const { count, tier } of sizes) results.push(await scaleAt(ctx, count, tier));
  // In-process, beside the server's figures: what the engine alone costs at this size.
  let engine: EngineResult[] | undefined;
  if (ctx.scale) {
    engine = [];
    for (const cache of [false, true]) {
      console.log(
        `  embedded engine at ${SCALE_COUNT.toLocaleString('en')}, cache ${cache ? 'on' : 'off'}`,
      );
      engine.push(await runEngine(ctx, SCALE_COUNT, cache));
    }
  }
  console.log('');
  const goals = results.flatMap(goalRows);
  printScale(results, goals, engine);
  console.log('');
  ctx.report.scale = { results, goals, ...(engine ? { engine } : {}) };
}

async function scaleAt(ctx: BenchContext, count: number, tier: Tier): Promise<ScaleResult> {
  const products = count.toLocaleString('en');
  const a = await sampleNdjson(count);
  const b = await changedCatalog(a);
  const scenario = await mixedScenario(a, count);
  const dir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
  const served = join(dir, 'catalog.ndjson');
  const versionA = join(dir, 'version-a.ndjson');
  const versionB = join(dir, 'version-b.ndjson');
  try {
    const imports = [await importInto(ctx, a, served, 'the catalog')];
    // Nothing prepared beside the file nor in an empty DATA_DIR: an operator's very first start.
    await rm(preparedOf(served), { force: true });
    console.log(`  ${products}: first start without a prepared form`);
    const unprepared = await firstStart(ctx, served, join(dir, 'data-unprepared'));
    imports.push(await importInto(ctx, b, versionB, 'the changed copy'));
    imports.push(await importInto(ctx, a, served, 'the catalog again'));
    // The served file is renamed over by the first swap: a link keeps this version for the next.
    await link(served, versionA);
    if (existsSync(preparedOf(served))) await link(preparedOf(served), preparedOf(versionA));

    console.log(`  ${products}: first start on the import's output`);
    const dataDir = join(dir, 'data');
    await mkdir(dataDir);
    const log = reloadLog();
    const server = await startServer(ctx, served, dataDir, log);
    try {
      const prepared = await startFigures(server, served);
      console.log(`    first 200 after ${fmt(prepared.readyMs / 1000, 2)} s`);
      const searches = tier === 'large' ? await searchesOn(ctx, server) : [];
      const files = importedSwapper(served, [versionB, versionA]);
      const peakMethod = resetPeakRss(server.pid)
        ? 'VmHWM, reset at the reload'
        : 'VmRSS read every 20 ms (VmHWM could not be reset)';
      const reloads = [];
      for (let i = 0; i < RELOADS; i++) {
        reloads.push(await idleReload(server, log, files, 'SIGHUP'));
      }
      console.log(
        `  ${products}: ${RELOADS} reloads, ${reloads.map((r) => fmt(r.ms, 0)).join(', ')} ms; RSS after the first ${fmt(reloads[0]?.rssAfterMB, 0)} MB, after the last ${fmt(reloads.at(-1)?.rssAfterMB, 0)} MB`,
      );
      const underLoad = await reloadUnderLoad(
        ctx,
        server,
        scenario,
        median(reloads.map((r) => r.ms)),
        files,
      );
      return {
        products: count,
        tier,
        fileMB: (await stat(a)).size / 1024 / 1024,
        imports,
        unprepared,
        prepared,
        peakMethod,
        reloads,
        scenario: scenario.name,
        underLoad,
        underLoadReload: log.last(),
        searches,
        rssAtEndMB: rssMB(server.pid),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `catalog import FILE --out OUT` on the servers' core, its output kept for the server. */
async function importInto(
  ctx: BenchContext,
  file: string,
  out: string,
  what: string,
): Promise<ScaleImport> {
  console.log(`  catalog import of ${what}`);
  const run = await timeImport(ctx.cores.server, file, { out });
  console.log(`    ${fmt(run.seconds)} s, peak RSS ${fmt(run.peakRssMB, 0)} MB`);
  return { ...run, what, wrotePrepared: existsSync(preparedOf(out)) };
}

/** The server on `catalogFile` with `dataDir` as its own, empty `DATA_DIR`. */
async function startServer(
  ctx: BenchContext,
  catalogFile: string,
  dataDir: string,
  log?: ReloadLog,
): Promise<Started> {
  return startNode(paths.standalone, {
    node: ctx.node,
    env: serviceEnv('info', { CATALOG_FILE: catalogFile, DATA_DIR: dataDir }),
    probePath: '/health.json',
    nodeArgs: ctx.nodeArgs,
    core: ctx.cores.server,
    // Before a prepared form, 1,000,000 products took two to five minutes.
    timeoutMs: 900_000,
    ...(log ? { onLog: (text: string) => log.write(text) } : {}),
  });
}

async function startFigures(server: Started, catalogFile: string): Promise<ServerStart> {
  const figures = {
    preparedBeside: existsSync(preparedOf(catalogFile)),
    readyMs: server.readyMs,
    rssMB: rssMB(server.pid),
    peakMB: peakRssMB(server.pid),
  };
  await sleep(RELOAD_METHOD.settleMs);
  return { ...figures, settledMB: rssMB(server.pid) };
}

/** A start measured and stopped, its `DATA_DIR` (and whatever it prepared there) removed. */
async function firstStart(
  ctx: BenchContext,
  catalogFile: string,
  dataDir: string,
): Promise<ServerStart> {
  await mkdir(dataDir);
  try {
    const server = await startServer(ctx, catalogFile, dataDir);
    const figures = await startFigures(server, catalogFile);
    await server.stop();
    console.log(`    first 200 after ${fmt(figures.readyMs / 1000, 2)} s`);
    return figures;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Each search scenario at full speed over the goal's connections, after a warm-up. */
async function searchesOn(ctx: BenchContext, server: Started): Promise<ScaleSearch[]> {
  const target = { url: server.url, pids: () => [server.pid], logBytes: server.logBytes };
  const connections = searchConnections;
  // A p99 wants thousands of answers, and the default 1 s run gives a few hundred at this size.
  const durationS = Math.max(ctx.rounds.durationS, searchMinS);
  const runs: ScaleSearch[] = [];
  for (const [key, scenario] of SEARCHES) {
    console.log(`  ${scenario.name}, ${connections} connections`);
    await ctx.generator.run(server.url, scenario, {
      connections,
      durationS: ctx.rounds.warmupS,
      timeoutS,
      startPauseMs,
    });
    const run = await measure(ctx.generator, target, scenario, {
      connections,
      durationS,
      timeoutS,
      startPauseMs,
    });
    runs.push({ ...run, key, connections });
  }
  return runs;
}
