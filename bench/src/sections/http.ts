import { alternate, type Compared, compareRounds, middleHalf } from '../compare.js';
import { type BenchContext, LOG_LEVELS, type LogLevel, paths, serviceEnv } from '../context.js';
import { fmt, pct, printTable } from '../format.js';
import type { LoadResult } from '../load.js';
import { type Measured, SATURATED, type Target } from '../measure.js';
import { peakRssMB, rssMB } from '../proc.js';
import { type Started, startNode } from '../processes.js';
import { SERVICE_SCENARIOS } from '../scenarios.js';

/** One scenario at one log level beside its bare twin. */
interface HttpRow extends Compared {
  readonly scenario: string;
  readonly twinName: string;
  readonly level: LogLevel;
  /** The route again at half the rate it reached over its rounds: latency at a stated load. */
  readonly halfLoad: LoadResult;
}

// At full speed every connection always has a request queued, so latency is the queue: by
// Little's law, connections over req/s. Latency is also read at a stated load, half of that rate.
const HALF = 0.5;
// Long enough for a p99 of thousands of requests, whatever the rounds' length.
const HALF_LOAD_S = 5;

const targetOf = (server: Started): Target => ({
  url: server.url,
  pids: () => [server.pid],
  logBytes: server.logBytes,
});

/**
 * Every HTTP scenario against a fresh one-process server per app (each app runs alone in
 * production), one server per log level, with the bare twin in the same rounds: twin, `info`,
 * `warn`, then again.
 */
export async function httpSection(ctx: BenchContext): Promise<void> {
  const { rounds } = ctx;
  console.log(
    `## HTTP (${ctx.generator.name}, ${rounds.connections} connections, ${rounds.durationS} s runs, ${rounds.rounds} rounds of twin / info / warn)\n`,
  );
  const bare = await startNode(`${paths.dist}/bare-server.js`, {
    node: ctx.node,
    probePath: '/bare/json',
    args: (port) => [String(port)],
    core: ctx.cores.server,
  });
  const rows: HttpRow[] = [];
  const memory: Record<string, Record<string, { rssMB?: number; peakMB?: number }>> = {};
  try {
    for (const group of SERVICE_SCENARIOS) {
      const scenarios = group.scenarios.filter(
        (s) => !ctx.only || s.scenario.name.includes(ctx.only),
      );
      if (scenarios.length === 0) continue;
      const services: Started[] = [];
      try {
        for (const level of LOG_LEVELS) {
          services.push(
            await startNode(paths.standalone, {
              node: ctx.node,
              env: serviceEnv(level),
              probePath: '/health.json',
              nodeArgs: ctx.nodeArgs,
              core: ctx.cores.server,
            }),
          );
        }
        for (const s of scenarios) {
          const measured = await alternate(
            ctx.generator,
            [
              { target: targetOf(bare), scenario: s.baseline },
              ...services.map((service) => ({ target: targetOf(service), scenario: s.scenario })),
            ],
            rounds,
          );
          for (const [i, level] of LOG_LEVELS.entries()) {
            const compared = compareRounds(measured, i + 1);
            const halfLoad = await ctx.generator.run(services[i]!.url, s.scenario, {
              connections: rounds.connections,
              durationS: Math.max(rounds.durationS, HALF_LOAD_S),
              rate: compared.route.rps * HALF,
            });
            rows.push({
              scenario: s.scenario.name,
              twinName: s.baseline.name,
              level,
              ...compared,
              halfLoad,
            });
          }
          console.log(`  measured ${s.scenario.name}`);
        }
        memory[group.app] = Object.fromEntries(
          LOG_LEVELS.map((level, i) => [
            level,
            { rssMB: rssMB(services[i]?.pid), peakMB: peakRssMB(services[i]?.pid) },
          ]),
        );
      } finally {
        await Promise.all(services.map((service) => service.stop()));
      }
    }
  } finally {
    await bare.stop();
  }
  console.log('');
  printHttp(rows);
  console.log(
    `\nRSS of the one-process server after each app's load (now / peak): ${Object.entries(memory)
      .map(
        ([app, levels]) =>
          `${app} ${Object.entries(levels)
            .map(([level, m]) => `${level} ${fmt(m.rssMB, 0)} / ${fmt(m.peakMB, 0)} MB`)
            .join(', ')}`,
      )
      .join('; ')}`,
  );
  console.log('');
  ctx.report.http = rows;
  ctx.report.rssAfterLoadMB = memory;
}

const saturated = (...runs: Measured[]) => runs.some((r) => r.generatorLoad >= SATURATED);

function printHttp(rows: readonly HttpRow[]) {
  printTable(
    [
      'scenario',
      'log',
      'req/s',
      'p50 ms',
      'p99 ms',
      '½ load req/s',
      '½ load p99 ms',
      'CPU µs/req',
      'twin',
      'twin µs/req',
      'ratio (middle half of rounds)',
      'server core',
      'load core',
      'log B/req',
      'errors',
    ],
    'llrrrrrrlrrrrrr',
    rows.map(({ scenario, twinName, level, route: r, twin: b, ratio, ratios, halfLoad: h }) => [
      `${scenario}${r.repeated ? ' †' : ''}`,
      level,
      fmt(r.rps, 0),
      fmt(r.p50Ms, 2),
      fmt(r.p99Ms, 2),
      fmt(h.rps, 0),
      fmt(h.p99Ms, 2),
      fmt(r.cpuUs),
      twinName,
      fmt(b.cpuUs),
      `${fmt(ratio, 2)}${
        ratios.length > 1
          ? ` (${middleHalf(ratios)
              .map((x) => fmt(x, 2))
              .join('-')})`
          : ''
      }`,
      pct(r.serverLoad),
      `${pct(Math.max(r.generatorLoad, b.generatorLoad))}${saturated(r, b) ? ' ⚠' : ''}`,
      fmt(r.logBytesPerRequest, 0),
      String(r.errors + r.non2xx + h.errors + h.non2xx),
    ]),
  );
  console.log(
    [
      '',
      "ratio: the twin's CPU per request over the route's, each side's rounds added up (≤ 1; above 1 the bench measured itself); in brackets, the first and third quartiles of the rounds' own ratios.",
      'req/s and CPU per request: all the rounds together; p50 and p99: the median round.',
      `server core / load core: CPU time over wall time of the server and of the generator. ⚠: the generator used ≥ ${pct(SATURATED)} of its core in the route's or the twin's run, so req/s and latency are the generator's; CPU per request still holds. A server core well under 100% with no ⚠ means other work on the machine held the server's core: latency is then the machine's.`,
      `½ load: the route again at ${pct(HALF)} of the req/s it reached, each connection pausing between requests; at full speed latency is the queue (connections over req/s).`,
      '†: a never-repeated list ran out and repeated requests.',
    ].join('\n'),
  );
}
