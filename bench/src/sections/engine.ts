import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { type BenchContext, paths } from '../context.js';
import { onCore } from '../cores.js';
import { fmt, printTable } from '../format.js';

/** What search-engine.ts prints (one JSON line). */
export interface EngineResult {
  readonly count: number;
  readonly cache: boolean;
  readonly buildMs: number;
  readonly heapMB: number;
  readonly indexMB: number;
  readonly rssMB: number;
  readonly peakRssMB: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** Builds the embedded index over `count` sample products in a process of its own, pinned. */
export async function runEngine(
  ctx: BenchContext,
  count: number,
  cache: boolean,
): Promise<EngineResult> {
  const [command, args] = onCore(ctx.cores.server, process.execPath, [
    `${paths.dist}/search-engine.js`,
    '--count',
    String(count),
    ...(cache ? [] : ['--no-cache']),
  ]);
  const { stdout } = await promisify(execFile)(command, args, {
    maxBuffer: 1 << 24,
    timeout: 900_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as EngineResult;
}

/** Prints engine results as a table. */
export function printEngine(rows: readonly EngineResult[]) {
  printTable(
    [
      'products',
      'cache',
      'build ms',
      'index MB',
      'RSS MB',
      'peak RSS MB',
      'p50 ms',
      'p99 ms',
      'max ms',
    ],
    'rlrrrrrrr',
    rows.map((r) => [
      String(r.count),
      r.cache ? 'on' : 'off',
      fmt(r.buildMs, 0),
      fmt(r.indexMB),
      fmt(r.rssMB, 0),
      fmt(r.peakRssMB, 0),
      fmt(r.p50Ms, 3),
      fmt(r.p99Ms, 3),
      fmt(r.maxMs, 3),
    ]),
  );
}

/** The embedded engine, in-process, per query: the sample catalog and 200,000 products. */
export async function engineSection(ctx: BenchContext): Promise<void> {
  if (!existsSync(`${paths.dist}/search-engine.js`)) {
    console.log('search engine: bench/dist/search-engine.js not built, skipped\n');
    return;
  }
  console.log('## Search engine (embedded, in-process; per-query latency)\n');
  const rows: EngineResult[] = [];
  for (const count of ctx.quick ? [17_917] : [17_917, 200_000]) {
    for (const cache of [false, true]) rows.push(await runEngine(ctx, count, cache));
  }
  printEngine(rows);
  ctx.report.searchEngine = rows;
  console.log('');
}
