import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { copySwapper, type Swapper } from '../catalog-swap.js';
import { type BenchContext, paths, serviceEnv } from '../context.js';
import { fmt } from '../format.js';
import type { LoadScenario } from '../load.js';
import { measure } from '../measure.js';
import { peakRssMB, resetPeakRss, rssMB } from '../proc.js';
import { type Started, startNode } from '../processes.js';
import {
  healthVersion,
  loadWindowS,
  probeHealth,
  type ReloadLog,
  reloadLog,
  sampleRss,
} from '../reload-probe.js';
import { changedCatalog, sampleNdjson, slugsOf } from '../scale-files.js';
import { ZIPF_SEARCH } from '../scenarios/mcp.js';
import {
  type IdleReload,
  type LoadRun,
  printReload,
  RELOAD_METHOD,
  type ReloadResult,
  type UnderLoad,
} from './reload-report.js';

/** The sample catalog, and the largest the embedded engine is advised for (see the README). */
const SIZES = [17_917, 200_000] as const;
const { idleReloads, settleMs, share, reloadAfterMs, timeoutS } = RELOAD_METHOD;
const FULL_SPEED_S = 5;
// Product pages in the load, as many as the HTTP section's.
const PAGES = 485;

/**
 * A catalog reload without a restart: at each size, the one-process server on a `CATALOG_FILE`
 * that is replaced (renamed over, as `catalog import --out` does) by the same catalog with a few
 * prices changed, and back: the time to the new version, the server's own time, RSS before,
 * peak and after; then requests at a stated load over a window with a reload in it and one
 * without.
 */
export async function reloadSection(ctx: BenchContext): Promise<void> {
  console.log('## Catalog reload without a restart (the one-process server, LOG_LEVEL=info)\n');
  const results: ReloadResult[] = [];
  for (const count of ctx.quick ? SIZES.slice(0, 1) : SIZES) {
    results.push(await reloadAt(ctx, count));
  }
  console.log('');
  printReload(results);
  console.log('');
  ctx.report.reload = results;
}

async function reloadAt(ctx: BenchContext, count: number): Promise<ReloadResult> {
  const a = await sampleNdjson(count);
  const b = await changedCatalog(a);
  const scenario = await mixedScenario(a, count);
  const dir = await mkdtemp(join(tmpdir(), 'bench-reload-'));
  const served = join(dir, 'catalog.ndjson');
  await copyFile(a, served);
  const log = reloadLog();
  console.log(`  ${count.toLocaleString('en')} products: starting the server on a copy of ${a}`);
  const server = await startNode(paths.standalone, {
    node: ctx.node,
    env: serviceEnv('info', { CATALOG_FILE: served }),
    probePath: '/health.json',
    nodeArgs: ctx.nodeArgs,
    core: ctx.cores.server,
    timeoutMs: 600_000,
    onLog: (text) => log.write(text),
  });
  try {
    const files = copySwapper(served, [b, a]);
    const peakMethod = resetPeakRss(server.pid)
      ? 'VmHWM, reset at the reload'
      : `VmRSS read every 20 ms (VmHWM could not be reset)`;
    const idle: IdleReload[] = [];
    for (let i = 0; i < idleReloads; i++) {
      idle.push(await idleReload(server, log, files, 'SIGHUP'));
    }
    const watched = await idleReload(server, log, files, 'rename');
    const idleMs = median(idle.map((r) => r.ms));
    console.log(
      `  reloads: SIGHUP ${idle.map((r) => fmt(r.ms, 0)).join(', ')} ms; rename ${fmt(watched.ms, 0)} ms`,
    );

    const underLoad = await reloadUnderLoad(ctx, server, scenario, idleMs, files);
    return {
      products: count,
      fileMB: (await stat(a)).size / 1024 / 1024,
      peakMethod,
      idle,
      watched,
      scenario: scenario.name,
      ...underLoad,
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * After a warm-up, {@link FULL_SPEED_S} s at full speed give the req/s; then two windows at
 * {@link RELOAD_METHOD.share} of it, long enough for a reload that took `idleMs` on the idle
 * server: the first without a reload, the second with one (`files` swapped, SIGHUP) 1 s in.
 */
export async function reloadUnderLoad(
  ctx: BenchContext,
  server: Started,
  scenario: LoadScenario,
  idleMs: number,
  files: Swapper,
): Promise<UnderLoad> {
  const target = { url: server.url, pids: () => [server.pid], logBytes: server.logBytes };
  const { connections, warmupS } = ctx.rounds;
  await ctx.generator.run(server.url, scenario, { connections, durationS: warmupS });
  const fullSpeed = await measure(ctx.generator, target, scenario, {
    connections,
    durationS: FULL_SPEED_S,
  });
  const rate = fullSpeed.rps * share;
  const windowS = loadWindowS(idleMs);
  const run = (reload?: Swapper) => loadRun(ctx, server, scenario, { rate, windowS }, reload);
  const without = await run();
  const with_ = await run(files);
  console.log(
    `  under load (${fmt(rate, 0)} req/s, ${windowS} s): p99 ${fmt(without.p99Ms, 2)} ms without, ${fmt(with_.p99Ms, 2)} ms with a reload`,
  );
  return { fullSpeed, rate, windowS, without, with: with_ };
}

/** Product pages of this catalog and MCP searches (the HTTP section's Zipf mix), in turn. */
export async function mixedScenario(ndjson: string, count: number): Promise<LoadScenario> {
  const pages = (await slugsOf(ndjson, Math.ceil(count / PAGES))).map((slug) => ({
    path: `/producto/${slug}`,
  }));
  const calls = ZIPF_SEARCH.requests;
  return {
    name: `GET /producto/{slug} (${pages.length} slugs) and MCP search_products (Zipf), in turn`,
    requests: {
      length: 2 * Math.max(pages.length, calls.length),
      at: (i) => {
        const half = Math.floor(i / 2);
        const request = i % 2 ? calls.at(half % calls.length) : pages[half % pages.length];
        if (request === undefined) throw new Error(`no request ${i}`);
        return request;
      },
    },
  };
}

/**
 * One reload of a server without load: the next version swapped in, SIGHUP at once (or nothing,
 * for the file watch), timed to the first `/health.json` naming the new version; RSS before,
 * the peak (VmHWM reset just before), and {@link RELOAD_METHOD.settleMs} after.
 */
export async function idleReload(
  server: Started,
  log: ReloadLog,
  files: Swapper,
  trigger: IdleReload['trigger'],
): Promise<IdleReload> {
  const probe = await probeHealth(server.url);
  const from = probe.version;
  await files.prepare();
  const rssBeforeMB = rssMB(server.pid);
  const reset = resetPeakRss(server.pid);
  const sampler = sampleRss(server.pid);
  const changed = probe.changed(from, 600_000);
  let started = performance.now();
  await files.swap();
  if (trigger === 'SIGHUP') {
    started = performance.now();
    server.child.kill('SIGHUP');
  }
  const at = await changed;
  const peakSampledMB = sampler.stop();
  const peakMB = reset ? peakRssMB(server.pid) : peakSampledMB;
  const { longestMs } = await probe.stop();
  await sleep(settleMs);
  const to = await healthVersion(server.url);
  const line = log.find(from, to);
  return {
    trigger,
    from,
    to,
    ms: at - started,
    serverMs: line?.ms,
    warmed: line?.warmed,
    warmMs: line?.warmMs,
    longestStallMs: longestMs,
    rssBeforeMB,
    peakMB,
    peakSampledMB,
    rssAfterMB: rssMB(server.pid),
  };
}

async function loadRun(
  ctx: BenchContext,
  server: Started,
  scenario: LoadScenario,
  { rate, windowS }: { rate: number; windowS: number },
  files?: Swapper,
): Promise<LoadRun> {
  await files?.prepare();
  const probe = await probeHealth(server.url);
  const from = probe.version;
  const reset = resetPeakRss(server.pid);
  const sampler = sampleRss(server.pid);
  const target = { url: server.url, pids: () => [server.pid], logBytes: server.logBytes };
  const running = measure(ctx.generator, target, scenario, {
    connections: ctx.rounds.connections,
    durationS: windowS,
    rate,
    timeoutS,
  });
  let reloaded: Promise<number> | undefined;
  let rssBeforeMB: number | undefined;
  if (files) {
    await sleep(reloadAfterMs);
    const changed = probe.changed(from, 600_000);
    rssBeforeMB = rssMB(server.pid);
    await files.swap();
    const started = performance.now();
    server.child.kill('SIGHUP');
    reloaded = changed.then((at) => at - started);
  }
  const measured = await running;
  const reloadMs = await reloaded;
  const peakSampledMB = sampler.stop();
  const { longestMs } = await probe.stop();
  if (files) await sleep(settleMs);
  return {
    ...measured,
    ...(reloadMs === undefined ? {} : { reloadMs, rssBeforeMB }),
    longestStallMs: longestMs,
    peakMB: reset ? peakRssMB(server.pid) : peakSampledMB,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
